package dev.firebreak.samples.netflix;

import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixException;
import org.springframework.stereotype.Service;

/** Account balances: no fallback, and failures reach the caller as {@code HystrixRuntimeException}. */
@Service
public class AccountService {

    private final Downstream downstream;

    /** Reads from {@code downstream}. */
    public AccountService(Downstream downstream) {
        this.downstream = downstream;
    }

    /** The balance of an account (the downstream's user resource stands in for it). */
    @HystrixCommand(raiseHystrixExceptions = HystrixException.RUNTIME_EXCEPTION)
    public String balance(String id) {
        return downstream.get("/users/" + id);
    }
}
