package dev.firebreak.spring.boot.actuate;

import dev.firebreak.GuardRegistry;
import dev.firebreak.stream.StreamFeed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;

/**
 * {@code /actuator/hystrix.stream} on the servlet stack (Spring MVC), on the application's port: the
 * frames of firebreak-stream's {@link StreamFeed}, written unchanged as an asynchronous response, so
 * the Hystrix Dashboard, Turbine and Firebreak's dashboard read it as they read Hystrix's servlet.
 */
@Controller
public class HystrixStreamServletHandler {

    private static final MediaType EVENT_STREAM = new MediaType("text", "event-stream", StandardCharsets.UTF_8);

    private final Supplier<GuardRegistry> registry;
    private final StreamConnections connections;

    /** Streams {@code registry} within {@code connections}' cap. */
    public HystrixStreamServletHandler(GuardRegistry registry, StreamConnections connections) {
        this(fixed(Objects.requireNonNull(registry, "registry")), connections);
    }

    /**
     * Streams the registry {@code registry} gives when a stream opens (the starter's is made at its first
     * use: the first stream may be that use), within {@code connections}' cap.
     */
    public HystrixStreamServletHandler(Supplier<GuardRegistry> registry, StreamConnections connections) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.connections = Objects.requireNonNull(connections, "connections");
    }

    private static Supplier<GuardRegistry> fixed(GuardRegistry registry) {
        return () -> registry;
    }

    /** Opens one stream; 503 beyond the connection cap, 400 for a bad {@code delay}. */
    @GetMapping("${management.endpoints.web.base-path:/actuator}/hystrix.stream")
    public ResponseEntity<?> stream(@RequestParam(name = "delay", required = false) String delay) {
        return open(connections, delay, (interval, subscriber) -> StreamFeed.start(registry.get(), interval, subscriber));
    }

    /**
     * One stream of the frames {@code feeds} starts, within {@code connections}' cap: 503 beyond it, 400
     * for a bad {@code delay}; the feed ends when the client leaves. Shared with {@code /turbine.stream}.
     */
    static ResponseEntity<?> open(StreamConnections connections, String delay,
            BiFunction<Duration, StreamFeed.Subscriber, StreamFeed> feeds) {
        Duration interval;
        try {
            interval = connections.interval(delay);
        } catch (IllegalArgumentException bad) {
            return ResponseEntity.badRequest().contentType(MediaType.TEXT_PLAIN).body(bad.getMessage() + "\n");
        }
        StreamConnections.Slot slot = connections.tryOpen();
        if (slot == null) {
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).contentType(MediaType.TEXT_PLAIN)
                    .body(connections.fullMessage());
        }
        ResponseBodyEmitter emitter = new ResponseBodyEmitter(0L); // no async timeout: the client decides when to leave
        StreamFeed feed = feeds.apply(interval, bytes -> {
            try {
                emitter.send(bytes, EVENT_STREAM);
            } catch (IOException | IllegalStateException gone) {
                slot.close();
                throw gone;
            }
        });
        Runnable end = () -> {
            feed.close();
            slot.close();
        };
        emitter.onCompletion(end);
        emitter.onTimeout(end);
        emitter.onError(failure -> end.run());
        return ResponseEntity.ok().contentType(EVENT_STREAM)
                .header("Cache-Control", "no-cache, no-store, max-age=0, must-revalidate")
                .header("Pragma", "no-cache")
                .body(emitter);
    }
}
