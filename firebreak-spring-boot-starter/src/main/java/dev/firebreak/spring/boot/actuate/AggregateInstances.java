package dev.firebreak.spring.boot.actuate;

import dev.firebreak.stream.AggregateFleet;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.springframework.context.SmartLifecycle;

/**
 * The instances {@code /turbine.stream} merges: {@code firebreak.aggregate.instances} (stream URLs)
 * and, for {@code firebreak.aggregate.service-ids}, every instance Spring Cloud's {@code DiscoveryClient}
 * lists now (Eureka, Consul, Kubernetes, the simple client), read again every
 * {@code firebreak.aggregate.refresh-interval} on the injected {@link Scheduler} and at each discovery
 * heartbeat. New instances are connected, vanished ones dropped; a discovery that fails keeps the
 * fleet as it was (logged), so a registry's hiccup never empties the aggregate.
 */
public final class AggregateInstances implements SmartLifecycle {

    private static final System.Logger LOG = System.getLogger(AggregateInstances.class.getName());

    private final AggregateFleet fleet;
    private final List<URI> fixed;
    private final Supplier<List<URI>> discovered;
    private final Scheduler scheduler;
    private final long refreshNanos;
    private final ReentrantLock refreshing = new ReentrantLock();
    private final AtomicBoolean pending = new AtomicBoolean();
    private volatile List<URI> current = List.of();
    private volatile boolean running;
    private volatile Cancellable next = Cancellable.NONE;

    /**
     * @param fleet the aggregate to keep up to date
     * @param fixed stream URLs always in the fleet
     * @param discovered the stream URLs discovery gives now, or null without discovery
     * @param scheduler where the periodic refresh is triggered (the refresh itself runs on a virtual thread)
     * @param refreshInterval how often the instances are read again (positive)
     */
    public AggregateInstances(AggregateFleet fleet, List<URI> fixed, Supplier<List<URI>> discovered, Scheduler scheduler,
            Duration refreshInterval) {
        this.fleet = Objects.requireNonNull(fleet, "fleet");
        this.fixed = List.copyOf(fixed);
        this.discovered = discovered;
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        if (refreshInterval.isNegative() || refreshInterval.isZero()) {
            throw new IllegalArgumentException("firebreak.aggregate.refresh-interval = " + refreshInterval + ": must be > 0");
        }
        this.refreshNanos = refreshInterval.toNanos();
    }

    /** The stream URLs the fleet was last given. */
    public List<URI> instances() {
        return current;
    }

    /** Reads the instances now, on the caller's thread, and gives the fleet any change. */
    public void refresh() {
        refreshing.lock();
        try {
            Set<URI> uris = new LinkedHashSet<>(fixed);
            if (discovered != null) {
                try {
                    uris.addAll(discovered.get());
                } catch (RuntimeException failed) {
                    LOG.log(System.Logger.Level.WARNING, "firebreak-aggregate: discovery failed; the fleet stays "
                            + current + " until the next refresh: " + failed, failed);
                    return;
                }
            }
            List<URI> found = List.copyOf(uris);
            if (!found.equals(current)) {
                fleet.updateInstances(found);
                LOG.log(System.Logger.Level.INFO, "firebreak-aggregate: the fleet is now " + found);
                current = found;
            }
        } finally {
            refreshing.unlock();
        }
    }

    /** Asks for a refresh on a virtual thread (a discovery heartbeat); one at a time, never blocking the caller. */
    public void refreshSoon() {
        if (running && pending.compareAndSet(false, true)) {
            Thread.ofVirtual().name("firebreak-aggregate-refresh").start(() -> {
                pending.set(false);
                refreshQuietly();
            });
        }
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (RuntimeException failed) {
            LOG.log(System.Logger.Level.WARNING, "firebreak-aggregate: refreshing the instances failed: " + failed, failed);
        }
    }

    private void arm() {
        if (!running) {
            return;
        }
        Cancellable armed = scheduler.schedule(refreshNanos,
                () -> Thread.ofVirtual().name("firebreak-aggregate-refresh").start(() -> {
                    refreshQuietly();
                    arm();
                }));
        next = armed;
        if (!running) {
            armed.cancel();
        }
    }

    /** Reads the instances once, then every refresh interval. */
    @Override
    public void start() {
        running = true;
        refresh(); // a bad static list fails the start; a failing discovery is logged and retried
        arm();
    }

    /** Stops refreshing; the fleet itself is closed with its bean. */
    @Override
    public void stop() {
        running = false;
        next.cancel();
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
