package dev.firebreak.samples.netflix;

import com.netflix.hystrix.contrib.javanica.annotation.DefaultProperties;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import org.springframework.stereotype.Service;
import org.springframework.web.client.HttpClientErrorException;

/** Users, read from the downstream, with each of javanica's fallback and error rules. */
@Service
@DefaultProperties(groupKey = "users", defaultFallback = "anonymous")
public class UserService {

    private final Downstream downstream;

    /** Reads from {@code downstream}. */
    public UserService(Downstream downstream) {
        this.downstream = downstream;
    }

    /** A fallback with the same signature. */
    @HystrixCommand(fallbackMethod = "guest")
    public String name(String id) {
        return downstream.get("/users/" + id);
    }

    String guest(String id) {
        return "guest-" + id;
    }

    /** A fallback that also receives the exception. */
    @HystrixCommand(fallbackMethod = "explain")
    public String describe(String id) {
        return "user " + downstream.get("/users/" + id);
    }

    String explain(String id, Throwable cause) {
        return "unavailable (" + cause.getClass().getSimpleName() + ")";
    }

    /** A chained fallback: the fallback is a command with its own fallback. */
    @HystrixCommand(fallbackMethod = "fromReplica")
    public String primary(String id) {
        return "primary:" + downstream.get("/users/" + id);
    }

    @HystrixCommand(fallbackMethod = "lastResort")
    String fromReplica(String id) {
        return "replica:" + downstream.get("/replica/users/" + id);
    }

    String lastResort(String id, Throwable cause) {
        return "last resort for " + id;
    }

    /** No fallback of its own: the class's default fallback applies. */
    @HystrixCommand
    public String nickname(String id) {
        return downstream.get("/users/" + id + "/nickname");
    }

    String anonymous() {
        return "anonymous";
    }

    /** A missing user is the caller's error: rethrown as is, no fallback, not a failure. */
    @HystrixCommand(ignoreExceptions = UserNotFoundException.class, fallbackMethod = "guest")
    public String strict(String id) throws UserNotFoundException {
        try {
            return downstream.get("/users/" + id);
        } catch (HttpClientErrorException.NotFound e) {
            throw new UserNotFoundException(id);
        }
    }
}
