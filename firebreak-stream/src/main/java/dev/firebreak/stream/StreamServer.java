package dev.firebreak.stream;

import dev.firebreak.GuardRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An embeddable HTTP endpoint that serves a {@link GuardRegistry} live:
 * {@code /hystrix.stream} in Hystrix's wire format (so the Hystrix Dashboard and Turbine keep
 * working) and the built-in dashboard at {@code /firebreak/}.
 *
 * <pre>{@code
 * StreamServer server = StreamServer.builder(registry).port(7979).build().start();
 * // http://127.0.0.1:7979/hystrix.stream and http://127.0.0.1:7979/firebreak/
 * server.close();
 * }</pre>
 *
 * <p>Safe by default: bound to 127.0.0.1; a bearer token is required to bind anywhere else; at most 5
 * connections (503 beyond); every request's method, path, query and body are checked before use.
 * Each connection is served by its own virtual thread from a bounded outbox that the emitter fills
 * without blocking; a client that falls behind is dropped and its connection closed.
 *
 * <p>Connections: each request head must arrive within {@code requestHeadTimeout} (else 408) and fit
 * in {@code maxRequestHeadBytes} (else 431, or 414 for the request line); a stream client that goes
 * away frees its slot at once.
 *
 * <p>Time: ticks and head timeouts are scheduled on the registry's scheduler; {@code currentTime} is read from the
 * builder's {@link java.time.Clock}.
 */
public final class StreamServer implements AutoCloseable {

    private final StreamServerBuilder config;
    private final ClientSlots slots;
    private final StreamEmitter emitter;
    private final Router router;
    private final ReentrantLock lifecycle = new ReentrantLock();
    private HttpListener http;
    private ExecutorService connections;

    StreamServer(StreamServerBuilder config) {
        this.config = config;
        this.slots = new ClientSlots(config.maxConnections);
        this.emitter = new StreamEmitter(config.registry.scheduler(), StreamEmitter.virtualThreads(), config.clock,
                config.interval.toNanos(), new StreamFrames(config.registry)::build, slots);
        this.router = new Router(Router.STREAM_PATH,
                new StreamHandler(slots, config.token, config.interval.toMillis(), config.outboxFrames, config.allowedOrigins),
                config.dashboard ? new DashboardAssets() : null,
                config.operationsToken == null ? null : new BreakerOperationsHandler(config.registry, config.operationsToken));
    }

    /** A builder serving {@code registry}. */
    public static StreamServerBuilder builder(GuardRegistry registry) {
        return new StreamServerBuilder(registry);
    }

    /**
     * Binds and starts serving; returns this server.
     *
     * @throws UncheckedIOException if the address cannot be bound (the port is taken, say)
     * @throws IllegalStateException if already started or closed
     */
    public StreamServer start() {
        lifecycle.lock();
        try {
            if (http != null || connections != null) {
                throw new IllegalStateException("this stream server was already started");
            }
            connections = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("firebreak-stream-", 0).factory());
            try {
                http = new HttpListener(new InetSocketAddress(config.bindAddress, config.port), router,
                        config.registry.scheduler(), connections, config.requestHeadTimeout.toNanos(),
                        config.maxRequestHeadBytes);
            } catch (IOException e) {
                connections.shutdown();
                throw new UncheckedIOException("firebreak-stream: cannot bind " + config.bindAddress.getHostAddress()
                        + ":" + config.port + ": " + e.getMessage(), e);
            }
            http.start();
            emitter.start();
            return this;
        } finally {
            lifecycle.unlock();
        }
    }

    /** The port bound (useful with port 0); -1 before {@link #start()}. */
    public int port() {
        lifecycle.lock();
        try {
            return http == null ? -1 : http.port();
        } finally {
            lifecycle.unlock();
        }
    }

    /** {@code http://host:port/hystrix.stream}. */
    public URI streamUri() {
        return base().resolve(Router.STREAM_PATH);
    }

    /** {@code http://host:port/firebreak/}. */
    public URI dashboardUri() {
        return base().resolve(DashboardAssets.PREFIX);
    }

    /** Stream connections open now. */
    public int openConnections() {
        return slots.count();
    }

    /**
     * Stops: no more ticks (a tick under way stops before its next event, and this returns only once it
     * has ended, so the registry's guards are no longer read from here), every client dropped and its
     * connection closed, the port released. Waits at most a few seconds for the tick and the connection
     * threads to end. Idempotent.
     */
    @Override
    public void close() {
        lifecycle.lock();
        try {
            emitter.stop();
            slots.closeAll();
            if (http != null) {
                http.close();
            }
            if (connections != null) {
                connections.shutdownNow();
                connections.awaitTermination(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        } finally {
            lifecycle.unlock();
        }
    }

    /** The slots, for tests in this package that wait on connection counts. */
    ClientSlots slots() {
        return slots;
    }

    private URI base() {
        String host = config.bindAddress.getHostAddress();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return URI.create("http://" + host + ":" + port());
    }
}
