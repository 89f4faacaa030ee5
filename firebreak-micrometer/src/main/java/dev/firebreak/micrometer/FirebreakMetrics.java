package dev.firebreak.micrometer;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.registry.RegistryListener;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Publishes every guard, thread pool and collapser of a {@link GuardRegistry} as Micrometer meters.
 *
 * <pre>{@code
 * FirebreakMetrics metrics = new FirebreakMetrics(guardRegistry);
 * metrics.bindTo(meterRegistry);   // e.g. a PrometheusMeterRegistry
 * }</pre>
 *
 * <p>Guards, thread pools and collapsers built later are bound as they are built, and their meters
 * removed when they leave: the binder follows the added, removed and replaced events of the guard,
 * pool and collapser registries; nothing polls. {@link #resync()} brings everything in line at once.
 *
 * <p>Counters are FunctionCounters over the cumulative counts the core keeps anyway. Latency is
 * published twice: as two Timers per guard, {@code firebreak.guard.execution} and
 * {@code firebreak.guard.total}, which record every call (with a percentile histogram, so a fleet's
 * latency can be aggregated server-side), and as gauges of the guard's own rolling-window percentiles
 * (the same figures as the hystrix.stream). See {@code docs/monitoring.md} for every meter and tag.
 *
 * <p>One instance binds to one MeterRegistry; {@link #close()} removes its meters and stops
 * following the guard registry.
 */
public final class FirebreakMetrics implements MeterBinder, AutoCloseable {

    private final GuardRegistry guards;
    private final long snapshotMaxAgeNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, GuardMeters> guardMeters = new HashMap<>();
    private final Map<String, PoolMeters> poolMeters = new HashMap<>();
    private final Map<String, CollapserMeters> collapserMeters = new HashMap<>();
    private MeterRegistry meters;
    private final GuardRegistry.RegistryListener guardEvents = new GuardRegistry.RegistryListener() {
        @Override
        public void onAdded(Guard guard) {
            bindGuard(guard);
        }

        @Override
        public void onRemoved(Guard guard) {
            unbindGuard(guard);
        }
    };
    private final RegistryListener<Object> poolAndCollapserEvents = new RegistryListener<>() {
        @Override
        public void onAdded(Object added) {
            resync();
        }

        @Override
        public void onRemoved(Object removed) {
            resync();
        }
    };
    private boolean closed;

    /** A binder for {@code guards}. Gauges of one guard read during one scrape share a snapshot at most 100 ms old. */
    public FirebreakMetrics(GuardRegistry guards) {
        this.guards = Objects.requireNonNull(guards, "guards");
        this.snapshotMaxAgeNanos = Duration.ofMillis(100).toNanos();
    }

    /** Binds every guard, pool and collapser now and follows the registry from now on. */
    @Override
    public void bindTo(MeterRegistry registry) {
        Objects.requireNonNull(registry, "registry");
        lock.lock();
        try {
            if (meters != null || closed) {
                throw new IllegalStateException("a FirebreakMetrics binds to one MeterRegistry, once");
            }
            meters = registry;
        } finally {
            lock.unlock();
        }
        guards.addRegistryListener(guardEvents);
        guards.poolRegistry().addListener(poolAndCollapserEvents);
        CollapserRegistry.of(guards).registry().addListener(poolAndCollapserEvents);
        resync();
    }

    /**
     * Brings the meters in line with the registry now: binds what is new, removes what left (guards,
     * pools no guard of the registry uses any more, collapsers).
     */
    public void resync() {
        lock.lock();
        try {
            if (closed || meters == null) {
                return;
            }
            Set<String> guardNames = new HashSet<>();
            for (Guard guard : guards.guards()) {
                guardNames.add(guard.name());
                bindGuardLocked(guard);
            }
            guardMeters.keySet().removeIf(name -> {
                if (guardNames.contains(name)) {
                    return false;
                }
                guardMeters.get(name).remove();
                return true;
            });
            Set<String> poolNames = new HashSet<>();
            for (GuardThreadPool pool : guards.pools()) {
                poolNames.add(pool.name());
                poolMeters.computeIfAbsent(pool.name(), n -> new PoolMeters(pool, meters, guards.ticker(), snapshotMaxAgeNanos));
            }
            poolMeters.keySet().removeIf(name -> {
                if (poolNames.contains(name)) {
                    return false;
                }
                poolMeters.get(name).remove();
                return true;
            });
            Map<String, Collapser<?, ?>> current = new HashMap<>();
            CollapserRegistry.of(guards).collapsers().forEach(c -> current.put(c.name(), c));
            collapserMeters.keySet().removeIf(name -> {
                CollapserMeters bound = collapserMeters.get(name);
                if (current.get(name) == bound.collapser()) {
                    return false;
                }
                bound.remove();
                return true;
            });
            current.forEach((name, collapser) -> collapserMeters.computeIfAbsent(name,
                    n -> new CollapserMeters(collapser, meters, guards.ticker(), snapshotMaxAgeNanos)));
        } finally {
            lock.unlock();
        }
    }

    /** Removes every meter this binder registered and stops following the registry. Idempotent. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            guards.removeRegistryListener(guardEvents);
            guards.poolRegistry().removeListener(poolAndCollapserEvents);
            CollapserRegistry.of(guards).registry().removeListener(poolAndCollapserEvents);
            guardMeters.values().forEach(GuardMeters::remove);
            poolMeters.values().forEach(PoolMeters::remove);
            collapserMeters.values().forEach(CollapserMeters::remove);
            guardMeters.clear();
            poolMeters.clear();
            collapserMeters.clear();
        } finally {
            lock.unlock();
        }
    }

    private void bindGuard(Guard guard) {
        lock.lock();
        try {
            if (!closed && meters != null) {
                bindGuardLocked(guard);
            }
        } finally {
            lock.unlock();
        }
    }

    private void bindGuardLocked(Guard guard) {
        GuardMeters bound = guardMeters.get(guard.name());
        if (bound != null && bound.guard() == guard) {
            return;
        }
        if (bound != null) {
            bound.remove(); // a new guard under a removed one's name
        }
        guardMeters.put(guard.name(), new GuardMeters(guard, meters, snapshotMaxAgeNanos));
        GuardThreadPool pool = guard.controls().threadPool();
        if (pool != null) {
            poolMeters.computeIfAbsent(pool.name(), n -> new PoolMeters(pool, meters, guards.ticker(), snapshotMaxAgeNanos));
        }
    }

    private void unbindGuard(Guard guard) {
        lock.lock();
        try {
            GuardMeters bound = guardMeters.get(guard.name());
            if (bound != null && bound.guard() == guard) {
                bound.remove();
                guardMeters.remove(guard.name());
            }
        } finally {
            lock.unlock();
        }
    }
}
