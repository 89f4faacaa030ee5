package dev.firebreak.stream;

import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The reading side of an aggregate, without a server of its own: a connection to each instance's
 * {@code /hystrix.stream} and feeds of the merged frames ({@code /turbine.stream}'s, exactly as
 * {@link AggregateServer} sends them) for a server of someone else's, such as the Spring Boot starter's.
 *
 * <pre>{@code
 * AggregateFleet fleet = AggregateFleet.create(Duration.ofSeconds(10), Ticker.system(), Scheduler.system());
 * fleet.updateInstances(List.of(URI.create("http://10.0.0.5:8080/actuator/hystrix.stream"), ...));
 * StreamFeed feed = fleet.feed(Clock.systemUTC(), Duration.ofMillis(500), bytes -> response.write(bytes));
 * }</pre>
 *
 * <p>Each feed merges on its own (its tombstones follow what its client was sent); instances vanish,
 * stall and reconnect as {@link AggregateServer} describes. Thread-safe.
 */
public final class AggregateFleet implements AutoCloseable {

    private final HttpClient http;
    private final Scheduler scheduler;
    private final Ticker ticker;
    private final Duration stallTimeout;
    private final ReentrantLock lock = new ReentrantLock();
    /** The fleet: replaced whole under the lock, read by the ticks without it. */
    private volatile List<InstanceStream> instances = List.of();
    private boolean started; // guarded by lock
    private volatile boolean closed;
    private final Set<StreamFeed> feeds = ConcurrentHashMap.newKeySet();

    AggregateFleet(Duration stallTimeout, Ticker ticker, Scheduler scheduler) {
        this.stallTimeout = AggregateServerBuilder.checkedStallTimeout(stallTimeout);
        this.ticker = Objects.requireNonNull(ticker, "ticker");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.http = HttpClient.newBuilder().connectTimeout(stallTimeout)
                .executor(Executors.newVirtualThreadPerTaskExecutor()).build();
    }

    /**
     * A fleet with no instance yet, connecting to those {@link #updateInstances} names as they come.
     *
     * @param stallTimeout how long an instance may send nothing, not even a ping, before it is cut and
     *     connected again (100 ms to 5 minutes; Turbine's was 10 s)
     * @param ticker the time source of stall detection
     * @param scheduler where the feeds' ticks and the instances' reconnections are scheduled
     */
    public static AggregateFleet create(Duration stallTimeout, Ticker ticker, Scheduler scheduler) {
        AggregateFleet fleet = new AggregateFleet(stallTimeout, ticker, scheduler);
        fleet.start();
        return fleet;
    }

    /** Connects to every instance listed so far, and to those added from now on. */
    void start() {
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("this aggregate fleet is closed");
            }
            started = true;
            instances.forEach(InstanceStream::start);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Makes {@code uris} the fleet: new ones are connected, ones no longer listed are disconnected and
     * leave the merged frames at their next tick, the others keep their connection. Each must be an http
     * or https URL with a host, listed once; an empty list is allowed (the feeds send pings only).
     *
     * @throws dev.firebreak.config.InvalidConfigException naming the URI and the rule it breaks
     */
    public void updateInstances(List<URI> uris) {
        List<URI> checked = AggregateServerBuilder.checked(uris);
        lock.lock();
        try {
            if (closed) {
                return;
            }
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
                    InstanceStream added = new InstanceStream(uri, http, scheduler, ticker, stallTimeout);
                    next.add(added);
                    if (started) {
                        added.start();
                    }
                }
            }
            instances = List.copyOf(next);
        } finally {
            lock.unlock();
        }
    }

    /** Each instance's URI, state ({@code CONNECTING}, {@code UP}, {@code DOWN}, {@code STALLED}) and last problem. */
    public List<AggregateServer.InstanceStatus> instances() {
        long now = ticker.read();
        List<AggregateServer.InstanceStatus> statuses = new ArrayList<>();
        for (InstanceStream instance : instances) {
            instance.checkStall(now);
            statuses.add(new AggregateServer.InstanceStatus(instance.uri(), instance.state().name(), instance.problem()));
        }
        return statuses;
    }

    /**
     * Starts feeding {@code subscriber} the merged frames every {@code interval}, a ping at once; the
     * feed ends when its subscriber throws, when it is closed, or when this fleet is.
     */
    public StreamFeed feed(Clock clock, Duration interval, StreamFeed.Subscriber subscriber) {
        feeds.removeIf(StreamFeed::isClosed);
        AggregateFrames frames = new AggregateFrames(() -> instances, ticker);
        StreamFeed feed = StreamFeed.start(scheduler, frames::build, clock, interval, subscriber);
        feeds.add(feed);
        if (closed) {
            feed.close();
        }
        return feed;
    }

    /** The merged frames' source for a server that sends one frame to all its clients. */
    AggregateFrames frames() {
        return new AggregateFrames(() -> instances, ticker);
    }

    /** The instances' streams as the ticks read them (for tests in this package). */
    List<InstanceStream> streams() {
        return instances;
    }

    /** Ends every feed and disconnects every instance. Idempotent. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            started = false;
            feeds.forEach(StreamFeed::close);
            feeds.clear();
            instances.forEach(InstanceStream::close);
            http.shutdownNow();
        } finally {
            lock.unlock();
        }
    }
}
