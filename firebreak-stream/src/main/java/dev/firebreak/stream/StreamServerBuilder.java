package dev.firebreak.stream;

import dev.firebreak.GuardRegistry;
import dev.firebreak.config.InvalidConfigException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * Builds a {@link StreamServer}. Every setting has a safe default: 127.0.0.1, port 7979, a tick every
 * 500 ms ({@code hystrix.stream.dashboard.intervalInMilliseconds}), at most 5 connections
 * ({@code hystrix.config.stream.maxConcurrentConnections}), 16 frames of outbox per client, 10 s and
 * 16 KB for a request head, no token,
 * no cross-origin readers, the dashboard on, {@code Clock.systemUTC()}.
 */
public final class StreamServerBuilder {

    static final Duration MIN_INTERVAL = Duration.ofMillis(10);
    static final Duration MAX_INTERVAL = Duration.ofSeconds(2);
    static final Duration MIN_HEAD_TIMEOUT = Duration.ofMillis(100);
    static final Duration MAX_HEAD_TIMEOUT = Duration.ofMinutes(5);

    final GuardRegistry registry;
    InetAddress bindAddress;
    int port = 7979;
    Duration interval = Duration.ofMillis(500);
    int maxConnections = 5;
    int outboxFrames = 16;
    Duration requestHeadTimeout = Duration.ofSeconds(10);
    int maxRequestHeadBytes = 16 * 1024;
    BearerToken token;
    BearerToken operationsToken;
    Clock clock = Clock.systemUTC();
    Set<String> allowedOrigins = Set.of();
    boolean dashboard = true;

    StreamServerBuilder(GuardRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
        try {
            this.bindAddress = InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1});
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** The address to listen on (default 127.0.0.1). Any non-loopback address requires a {@link #token}. */
    public StreamServerBuilder bindAddress(InetAddress address) {
        this.bindAddress = Objects.requireNonNull(address, "address");
        return this;
    }

    /** The port (default 7979; 0 picks a free one, see {@link StreamServer#port()}). */
    public StreamServerBuilder port(int port) {
        if (port < 0 || port > 65_535) {
            throw new InvalidConfigException("stream.port", port, "must be between 0 and 65535");
        }
        this.port = port;
        return this;
    }

    /** Time between ticks ({@code hystrix.stream.dashboard.intervalInMilliseconds}), 10 ms to 2 s (Turbine expects data or a ping every 3 s). */
    public StreamServerBuilder interval(Duration interval) {
        if (interval.compareTo(MIN_INTERVAL) < 0 || interval.compareTo(MAX_INTERVAL) > 0) {
            throw new InvalidConfigException("hystrix.stream.dashboard.intervalInMilliseconds", interval.toMillis(),
                    "must be between " + MIN_INTERVAL.toMillis() + " and " + MAX_INTERVAL.toMillis());
        }
        this.interval = interval;
        return this;
    }

    /** Stream connections served at once (default 5); the next one gets HTTP 503. */
    public StreamServerBuilder maxConnections(int max) {
        if (max < 1 || max > 1000) {
            throw new InvalidConfigException("hystrix.config.stream.maxConcurrentConnections", max, "must be between 1 and 1000");
        }
        this.maxConnections = max;
        return this;
    }

    /** Frames that may wait for one slow client before it is dropped (default 16, 8 s at 500 ms). */
    public StreamServerBuilder outboxFrames(int frames) {
        if (frames < 1 || frames > 1024) {
            throw new InvalidConfigException("stream.outboxFrames", frames, "must be between 1 and 1024");
        }
        this.outboxFrames = frames;
        return this;
    }

    /**
     * Time a connection has to send its whole request head (default 10 s, 100 ms to 5 min), counted on
     * the registry's scheduler; a connection still sending, or silent, then gets 408 and is closed.
     */
    public StreamServerBuilder requestHeadTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.compareTo(MIN_HEAD_TIMEOUT) < 0 || timeout.compareTo(MAX_HEAD_TIMEOUT) > 0) {
            throw new InvalidConfigException("stream.requestHeadTimeout", timeout.toMillis() + " ms",
                    "must be between " + MIN_HEAD_TIMEOUT.toMillis() + " ms and " + MAX_HEAD_TIMEOUT.toMillis() + " ms");
        }
        this.requestHeadTimeout = timeout;
        return this;
    }

    /**
     * Largest request head accepted, request line and header fields together (default 16384 bytes, 1024
     * to 1048576); a longer request line gets 414, longer header fields 431.
     */
    public StreamServerBuilder maxRequestHeadBytes(int bytes) {
        if (bytes < 1024 || bytes > 1024 * 1024) {
            throw new InvalidConfigException("stream.maxRequestHeadBytes", bytes, "must be between 1024 and 1048576");
        }
        this.maxRequestHeadBytes = bytes;
        return this;
    }

    /**
     * Requires this bearer token on the stream (header {@code Authorization: Bearer ...} or query
     * {@code access_token}); at least 16 characters of {@code A-Za-z0-9-._~+/}. Null removes it.
     */
    public StreamServerBuilder token(String token) {
        this.token = token == null ? null : BearerToken.of(token);
        return this;
    }

    /** Where {@code currentTime} (epoch ms) comes from (default {@code Clock.systemUTC()}). */
    public StreamServerBuilder clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return this;
    }

    /**
     * Origins whose pages may read the stream cross-origin (a dashboard of another instance), such as
     * {@code http://10.0.0.5:7979}; {@code *} for any. Default none.
     */
    public StreamServerBuilder allowOrigins(String... origins) {
        Set<String> set = new LinkedHashSet<>();
        for (String origin : origins) {
            if (!origin.equals("*") && !origin.matches("https?://[A-Za-z0-9.\\-\\[\\]:]+")) {
                throw new InvalidConfigException("stream.allowedOrigins", origin,
                        "must be * or scheme://host[:port] with no path");
            }
            set.add(origin);
        }
        this.allowedOrigins = Set.copyOf(set);
        return this;
    }

    /** Whether to serve the dashboard at {@code /firebreak/} (default true). */
    public StreamServerBuilder dashboard(boolean enabled) {
        this.dashboard = enabled;
        return this;
    }

    /**
     * Turns on the breaker operations, {@code POST /firebreak/breaker?guard=<name>&action=<operation>}
     * ({@code forceOpen}, {@code forceClosed}, {@code disable}, {@code metricsOnly}, {@code reset},
     * {@code automatic}), for requests carrying this token as {@code Authorization: Bearer ...} (the
     * header only); at least 16 characters of {@code A-Za-z0-9-._~+/}, and not the stream's token. Off
     * (null, the default): the path does not exist.
     */
    public StreamServerBuilder operationsToken(String token) {
        this.operationsToken = token == null ? null : BearerToken.of("stream.operationsToken", token);
        return this;
    }

    /**
     * Builds the server (not started).
     *
     * @throws InvalidConfigException if bound to a non-loopback address without a token
     */
    public StreamServer build() {
        if (!bindAddress.isLoopbackAddress() && token == null) {
            throw new InvalidConfigException("stream.bindAddress", bindAddress.getHostAddress(),
                    "a non-loopback address exposes the stream beyond this machine: set a bearer token "
                            + "(token(...)) or bind to 127.0.0.1");
        }
        if (operationsToken != null && token != null && operationsToken.sameAs(token)) {
            throw new InvalidConfigException("stream.operationsToken", "<hidden>",
                    "must differ from the stream's token: whoever may read the stream may not therefore operate");
        }
        return new StreamServer(this);
    }
}
