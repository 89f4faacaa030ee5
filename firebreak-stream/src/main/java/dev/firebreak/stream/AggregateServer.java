package dev.firebreak.stream;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
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
    /** The fleet: replaced whole under the lifecycle lock, read by the tick without it. */
    private volatile List<InstanceStream> instances;
    private boolean started;
    private final ClientSlots slots;
    private final StreamEmitter emitter;
    private final Router router;
    private final ReentrantLock lifecycle = new ReentrantLock();
    private final HttpClient http;
    private HttpListener listener;
    private ExecutorService connections;

    AggregateServer(AggregateServerBuilder config) {
        this.config = config;
        this.http = HttpClient.newBuilder().connectTimeout(config.stallTimeout)
                .executor(Executors.newVirtualThreadPerTaskExecutor()).build();
        List<InstanceStream> fleet = new ArrayList<>();
        for (URI uri : config.instances) {
            fleet.add(instance(uri));
        }
        this.instances = List.copyOf(fleet);
        this.slots = new ClientSlots(config.maxConnections);
        AggregateFrames frames = new AggregateFrames(() -> instances, config.ticker);
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
            started = true;
            instances.forEach(InstanceStream::start);
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
        List<URI> checked = AggregateServerBuilder.checked(uris);
        lifecycle.lock();
        try {
            List<InstanceStream> next = new ArrayList<>();
            for (InstanceStream kept : instances) {
                if (checked.contains(kept.uri())) {
                    next.add(kept);
                } else {
                    kept.close();
                }
            }
            for (URI uri : checked) {
                if (next.stream().noneMatch(i -> i.uri().equals(uri))) {
                    InstanceStream added = instance(uri);
                    next.add(added);
                    if (started && listener != null) {
                        added.start();
                    }
                }
            }
            instances = List.copyOf(next);
        } finally {
            lifecycle.unlock();
        }
    }

    private InstanceStream instance(URI uri) {
        return new InstanceStream(uri, http, config.scheduler, config.ticker, config.stallTimeout);
    }

    /** The instances' streams as the tick reads them (for tests in this package). */
    List<InstanceStream> streams() {
        return instances;
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
        long now = config.ticker.read();
        List<InstanceStatus> statuses = new ArrayList<>();
        for (InstanceStream instance : instances) {
            instance.checkStall(now);
            statuses.add(new InstanceStatus(instance.uri(), instance.state().name(), instance.problem()));
        }
        return statuses;
    }

    /** Stops: no more ticks, every instance disconnected, every client dropped, the port released. Idempotent. */
    @Override
    public void close() {
        lifecycle.lock();
        try {
            started = false;
            emitter.stop();
            instances.forEach(InstanceStream::close);
            slots.closeAll();
            if (listener != null) {
                listener.close();
            }
            if (connections != null) {
                connections.shutdownNow();
                connections.awaitTermination(5, TimeUnit.SECONDS);
            }
            http.shutdownNow();
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
