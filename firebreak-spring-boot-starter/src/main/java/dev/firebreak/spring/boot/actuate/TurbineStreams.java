package dev.firebreak.spring.boot.actuate;

import dev.firebreak.stream.AggregateFleet;
import dev.firebreak.stream.StreamFeed;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * {@code /turbine.stream} on the servlet stack (Spring MVC), on the application's port: the fleet's
 * streams merged as Turbine merged them (firebreak-stream's {@link AggregateFleet}), so the Hystrix
 * Dashboard and Firebreak's dashboard show the fleet. {@code ?delay=} as on {@code hystrix.stream};
 * at most {@code firebreak.aggregate.max-connections} clients at once (503 beyond).
 */
@Controller
public class TurbineStreams {

    /** Where the merged stream is served, as Turbine served it. */
    public static final String PATH = "/turbine.stream";

    private final AggregateFleet fleet;
    private final StreamConnections connections;

    /** Streams {@code fleet}'s merged frames within {@code connections}' cap. */
    public TurbineStreams(AggregateFleet fleet, StreamConnections connections) {
        this.fleet = Objects.requireNonNull(fleet, "fleet");
        this.connections = Objects.requireNonNull(connections, "connections");
    }

    /** Opens one merged stream; 503 beyond the connection cap, 400 for a bad {@code delay}. */
    @GetMapping(PATH)
    public ResponseEntity<?> stream(@RequestParam(name = "delay", required = false) String delay) {
        return HystrixStreamServletHandler.open(connections, delay, this::feed);
    }

    /** A feed of the merged frames every {@code interval}, timestamped by the system clock. */
    StreamFeed feed(Duration interval, StreamFeed.Subscriber subscriber) {
        return fleet.feed(Clock.systemUTC(), interval, subscriber);
    }
}
