package dev.firebreak.stream;

import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/** Configures an {@link AggregateServer}; every setter checks its value and names the rule it breaks. */
public final class AggregateServerBuilder {

    List<URI> instances = List.of();
    InetAddress bindAddress;
    int port = 8989;
    Duration interval = Duration.ofMillis(500);
    Duration stallTimeout = Duration.ofSeconds(10);
    int maxConnections = 5;
    BearerToken token;
    Clock clock = Clock.systemUTC();
    Ticker ticker = Ticker.system();
    Scheduler scheduler = Scheduler.system();

    AggregateServerBuilder() {
        try {
            this.bindAddress = InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1});
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** The instances' stream URIs ({@code http://host:port/hystrix.stream}): http or https, each once, at least one. */
    public AggregateServerBuilder instances(List<URI> uris) {
        this.instances = checked(uris);
        return this;
    }

    /** {@code uris} as an unmodifiable copy, each an http or https URL with a host, none listed twice. */
    static List<URI> checked(List<URI> uris) {
        for (URI uri : uris) {
            if (uris.indexOf(uri) != uris.lastIndexOf(uri)) {
                throw new InvalidConfigException("aggregate.instances", uri, "is listed twice (its counts would be summed twice)");
            }
            String scheme = uri.getScheme();
            if (!"http".equals(scheme) && !"https".equals(scheme) || uri.getHost() == null) {
                throw new InvalidConfigException("aggregate.instances", uri, "must be an http or https URL with a host");
            }
        }
        return List.copyOf(uris);
    }

    /** The address to listen on (default 127.0.0.1). Any non-loopback address requires a {@link #token}. */
    public AggregateServerBuilder bindAddress(InetAddress address) {
        this.bindAddress = Objects.requireNonNull(address, "address");
        return this;
    }

    /** The port (default 8989; 0 picks a free one, see {@link AggregateServer#port()}). */
    public AggregateServerBuilder port(int port) {
        if (port < 0 || port > 65_535) {
            throw new InvalidConfigException("aggregate.port", port, "must be between 0 and 65535");
        }
        this.port = port;
        return this;
    }

    /** How often the merged frame is sent (default 500 ms, as Hystrix's stream). */
    public AggregateServerBuilder interval(Duration interval) {
        if (interval.compareTo(StreamServerBuilder.MIN_INTERVAL) < 0 || interval.compareTo(StreamServerBuilder.MAX_INTERVAL) > 0) {
            throw new InvalidConfigException("aggregate.interval", interval.toMillis() + " ms", "must be between "
                    + StreamServerBuilder.MIN_INTERVAL.toMillis() + " and " + StreamServerBuilder.MAX_INTERVAL.toMillis() + " ms");
        }
        this.interval = interval;
        return this;
    }

    /** How long an instance may send nothing, not even a ping, before it is cut and retried (default 10 s, Turbine's). */
    public AggregateServerBuilder stallTimeout(Duration timeout) {
        this.stallTimeout = checkedStallTimeout(timeout);
        return this;
    }

    /** {@code timeout} if it is between 100 ms and 5 minutes. */
    static Duration checkedStallTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "stallTimeout");
        if (timeout.compareTo(Duration.ofMillis(100)) < 0 || timeout.compareTo(Duration.ofMinutes(5)) > 0) {
            throw new InvalidConfigException("aggregate.stallTimeout", timeout.toMillis() + " ms",
                    "must be between 100 ms and 5 minutes");
        }
        return timeout;
    }

    /** Clients of {@code /turbine.stream} at once (default 5; 503 beyond). */
    public AggregateServerBuilder maxConnections(int max) {
        if (max < 1 || max > 1000) {
            throw new InvalidConfigException("aggregate.maxConnections", max, "must be between 1 and 1000");
        }
        this.maxConnections = max;
        return this;
    }

    /** A bearer token clients must present (required to bind a non-loopback address). */
    public AggregateServerBuilder token(String token) {
        this.token = BearerToken.of(token);
        return this;
    }

    /** The clock of the frames' {@code currentTime} (default the system's). */
    public AggregateServerBuilder clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return this;
    }

    /** The time source for stall detection and the scheduler of ticks and retries (default the system's). */
    public AggregateServerBuilder time(Ticker ticker, Scheduler scheduler) {
        this.ticker = Objects.requireNonNull(ticker, "ticker");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        return this;
    }

    /**
     * The server, not yet started.
     *
     * @throws InvalidConfigException without instances, or bound to a non-loopback address without a token
     */
    public AggregateServer build() {
        if (instances.isEmpty()) {
            throw new InvalidConfigException("aggregate.instances", "[]", "at least one instance is required");
        }
        if (!bindAddress.isLoopbackAddress() && token == null) {
            throw new InvalidConfigException("aggregate.bindAddress", bindAddress.getHostAddress(),
                    "a non-loopback address requires a bearer token (token(...))");
        }
        return new AggregateServer(this);
    }
}
