package dev.firebreak.stream;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A Turbine-compatible aggregate: reads the {@code /hystrix.stream} of every instance of a fleet and
 * serves {@code /turbine.stream}, one event per command, pool and collapser merged over the instances
 * the way Turbine merged them ({@code reportingHosts} is the number of instances reporting it; counts
 * and percentiles are summed; see the module's docs), so the Hystrix Dashboard shows the fleet.
 *
 * <pre>{@code
 * AggregateServer aggregate = AggregateServer.builder()
 *     .instances(List.of(URI.create("http://10.0.0.5:7979/hystrix.stream"), ...))
 *     .port(8989).build().start();
 * // http://127.0.0.1:8989/turbine.stream
 * }</pre>
 *
 * <p>An instance that vanishes (refused, closed, or silent for the stall timeout) leaves the aggregate
 * at once, is logged and listed by {@link #instances()}, and is connected again with a backoff; one
 * that stalls never stalls the aggregate, whose ticks read only what each instance last sent. The
 * server side is {@link StreamServer}'s: loopback by default, a bearer token to bind elsewhere, a cap
 * on connections.
 */
public final class AggregateServer implements AutoCloseable {

    /** Where the merged stream is served. */
    public static final String PATH = "/turbine.stream";

    private final AggregateServerBuilder config;
    /** The fleet's connections; this server adds the listener and one frame per tick for all its clients. */
    private final AggregateFleet fleet;
    private final ClientSlots slots;
    private final StreamEmitter emitter;
    private final Router router;
    private final ReentrantLock lifecycle = new ReentrantLock();
    private HttpListener listener;
    private ExecutorService connections;

    AggregateServer(AggregateServerBuilder config) {
        this.config = config;
        this.fleet = new AggregateFleet(config.stallTimeout, config.ticker, config.scheduler);
        fleet.updateInstances(config.instances);
        this.slots = new ClientSlots(config.maxConnections);
        AggregateFrames frames = fleet.frames();
        this.emitter = new StreamEmitter(config.scheduler, StreamEmitter.virtualThreads(), config.clock,
                config.interval.toNanos(), frames::build, slots);
        this.router = new Router(PATH,
                new StreamHandler(slots, config.token, config.interval.toMillis(), 16, Set.of()), null);
    }

    /** A builder; at least one instance must be given. */
    public static AggregateServerBuilder builder() {
        return new AggregateServerBuilder();
    }

    /** Binds, connects to every instance and starts serving; returns this server. */
    public AggregateServer start() {
        lifecycle.lock();
        try {
            if (listener != null || connections != null) {
                throw new IllegalStateException("this aggregate server was already started");
            }
            connections = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("firebreak-aggregate-", 0).factory());
            try {
                listener = new HttpListener(new InetSocketAddress(config.bindAddress, config.port), router,
                        config.scheduler, connections, Duration.ofSeconds(10).toNanos(), 16 * 1024);
            } catch (IOException e) {
                connections.shutdown();
                throw new UncheckedIOException("firebreak-aggregate: cannot bind " + config.bindAddress.getHostAddress()
                        + ":" + config.port + ": " + e.getMessage(), e);
            }
            listener.start();
            fleet.start();
            emitter.start();
            return this;
        } finally {
            lifecycle.unlock();
        }
    }

    /**
     * Makes {@code uris} the fleet (instances found by a discovery service come and go): new ones are
     * connected, ones no longer listed are disconnected and leave the aggregate, the others keep their
     * connection. Checked as {@link AggregateServerBuilder#instances} checks them; an empty list is allowed
     * (a fleet scaled to zero: the stream sends pings only).
     */
    public void updateInstances(List<URI> uris) {
        fleet.updateInstances(uris);
    }

    /** The instances' streams as the tick reads them (for tests in this package). */
    List<InstanceStream> streams() {
        return fleet.streams();
    }

    /** The port bound (useful with port 0); -1 before {@link #start()}. */
    public int port() {
        lifecycle.lock();
        try {
            return listener == null ? -1 : listener.port();
        } finally {
            lifecycle.unlock();
        }
    }

    /** {@code http://host:port/turbine.stream}. */
    public URI streamUri() {
        String host = config.bindAddress.getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port() + PATH);
    }

    /** Each instance's URI, state ({@code CONNECTING}, {@code UP}, {@code DOWN}, {@code STALLED}) and last problem. */
    public List<InstanceStatus> instances() {
        return fleet.instances();
    }

    /** Stops: no more ticks, every instance disconnected, every client dropped, the port released. Idempotent. */
    @Override
    public void close() {
        lifecycle.lock();
        try {
            emitter.stop();
            fleet.close();
            slots.closeAll();
            if (listener != null) {
                listener.close();
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

    /**
     * One instance as the aggregate sees it.
     *
     * @param uri the instance's stream
     * @param state CONNECTING, UP, DOWN, STALLED or CLOSED
     * @param problem why it last left UP; empty if it never did
     */
    public record InstanceStatus(URI uri, String state, String problem) {
    }
}
