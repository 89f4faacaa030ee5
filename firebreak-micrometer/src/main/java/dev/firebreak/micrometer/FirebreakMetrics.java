package dev.firebreak.micrometer;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.callpolicy.CallPolicy;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.metrics.MetricDetail;
import dev.firebreak.metrics.MetricVocabulary;
import dev.firebreak.registry.RegistryListener;
import dev.firebreak.retry.RetryRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Publishes every guard, thread pool, collapser, retry and hedging policy of a {@link GuardRegistry}
 * as Micrometer meters, in Firebreak's metric vocabulary ({@link MetricVocabulary}, the table in
 * {@code docs/observability.md}; the OpenTelemetry binder publishes the same names).
 *
 * <pre>{@code
 * FirebreakMetrics metrics = new FirebreakMetrics(guardRegistry);
 * metrics.bindTo(meterRegistry);   // e.g. a PrometheusMeterRegistry
 * // or, with opt-in figures:
 * FirebreakMetrics.builder(guardRegistry).detail(MetricDetail.EXECUTION_TIMER).build().bindTo(meterRegistry);
 * }</pre>
 *
 * <p>By default a guard costs at most 40 series: {@code firebreak.calls{guard,outcome}} (one count per
 * call, by its final execution outcome), {@code firebreak.fallbacks{guard,result}},
 * {@code firebreak.call.duration} (a timer with a small fixed set of SLO buckets), the gauges of calls
 * running, limit, limit floor, breaker state, the guard's info and its rate limiter. Richer figures are
 * opt-in ({@link MetricDetail}): the percentile histogram, the execution timer, the rolling window's
 * figures, the breaker's mode, the limit's algorithm.
 *
 * <p>Guards, thread pools, collapsers and policies built later are bound as they are built, and their
 * meters removed when they leave: the binder follows the added, removed and replaced events of the
 * guard, pool and collapser registries and of {@code RetryRegistry.of(registry)} and
 * {@code HedgeRegistry.of(registry)} (the policies' meters are {@link CallPolicyMeters}'); nothing polls.
 * {@link #resync()} brings everything in line at once. Counters are FunctionCounters over the cumulative
 * counts the core keeps anyway; only the call-duration timer (and the batch-size summary) record per call.
 *
 * <p>One instance binds to one MeterRegistry; {@link #close()} removes its meters and stops
 * following the guard registry.
 */
public final class FirebreakMetrics implements MeterBinder, AutoCloseable {

    private final GuardRegistry guards;
    private final long snapshotMaxAgeNanos;
    private final Set<MetricDetail> details;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, GuardMeters> guardMeters = new HashMap<>();
    private final Map<String, PoolMeters> poolMeters = new HashMap<>();
    private final Map<String, CollapserMeters> collapserMeters = new HashMap<>();
    private final Map<String, PolicyMeters> retryMeters = new HashMap<>();
    private final Map<String, PolicyMeters> hedgeMeters = new HashMap<>();
    private ConfigSourceMeters configSources; // the live configuration's sources, when one is installed
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
    private final RegistryListener<Object> resyncOnChange = new RegistryListener<>() {
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

    /** A binder for {@code guards} with the default figures (no {@link MetricDetail}). */
    public FirebreakMetrics(GuardRegistry guards) {
        this(guards, Set.of());
    }

    private FirebreakMetrics(GuardRegistry guards, Set<MetricDetail> details) {
        this.guards = Objects.requireNonNull(guards, "guards");
        this.details = details.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(details));
        // the rolling window's gauges of one guard read during one scrape share a snapshot at most 100 ms old
        this.snapshotMaxAgeNanos = Duration.ofMillis(100).toNanos();
    }

    /** A builder of a binder for {@code guards}, to ask for opt-in figures. */
    public static Builder builder(GuardRegistry guards) {
        return new Builder(Objects.requireNonNull(guards, "guards"));
    }

    /** The opt-in figures this binder publishes besides the default ones. */
    public Set<MetricDetail> details() {
        return details;
    }

    /** Builds a {@link FirebreakMetrics} with opt-in figures. */
    public static final class Builder {

        private final GuardRegistry guards;
        private final Set<MetricDetail> details = EnumSet.noneOf(MetricDetail.class);

        private Builder(GuardRegistry guards) {
            this.guards = guards;
        }

        /** Adds opt-in figures (see {@link MetricDetail} and {@code docs/observability.md} for what each costs). */
        public Builder detail(MetricDetail... more) {
            return detail(Arrays.asList(more));
        }

        /** Adds opt-in figures. */
        public Builder detail(Collection<MetricDetail> more) {
            for (MetricDetail detail : more) {
                details.add(Objects.requireNonNull(detail, "detail"));
            }
            return this;
        }

        /** The binder, not bound yet. */
        public FirebreakMetrics build() {
            return new FirebreakMetrics(guards, details);
        }
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
        guards.poolRegistry().addListener(resyncOnChange);
        CollapserRegistry.of(guards).registry().addListener(resyncOnChange);
        RetryRegistry.of(guards).registry().addListener(resyncOnChange);
        HedgeRegistry.of(guards).registry().addListener(resyncOnChange);
        resync();
    }

    /**
     * Brings the meters in line with the registry now: binds what is new, removes what left (guards,
     * pools no guard of the registry uses any more, collapsers, policies).
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
                poolMeters.computeIfAbsent(pool.name(), n -> new PoolMeters(pool, meters, details, guards.ticker(), snapshotMaxAgeNanos));
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
                    n -> new CollapserMeters(collapser, meters)));
            syncPolicies(RetryRegistry.of(guards).policies(), retryMeters, retry -> CallPolicyMeters.bind(retry, meters));
            syncPolicies(HedgeRegistry.of(guards).policies(), hedgeMeters, hedge -> CallPolicyMeters.bind(hedge, meters));
            configSources = ConfigSourceMeters.follow(configSources, guards.configResolver(), meters);
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
            guards.poolRegistry().removeListener(resyncOnChange);
            CollapserRegistry.of(guards).registry().removeListener(resyncOnChange);
            RetryRegistry.of(guards).registry().removeListener(resyncOnChange);
            HedgeRegistry.of(guards).registry().removeListener(resyncOnChange);
            guardMeters.values().forEach(GuardMeters::remove);
            poolMeters.values().forEach(PoolMeters::remove);
            collapserMeters.values().forEach(CollapserMeters::remove);
            guardMeters.clear();
            poolMeters.clear();
            collapserMeters.clear();
            retryMeters.values().forEach(bound -> bound.meters().close());
            hedgeMeters.values().forEach(bound -> bound.meters().close());
            retryMeters.clear();
            hedgeMeters.clear();
            if (configSources != null) {
                configSources.remove();
                configSources = null;
            }
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
        guardMeters.put(guard.name(), new GuardMeters(guard, meters, details, snapshotMaxAgeNanos));
        GuardThreadPool pool = guard.controls().threadPool();
        if (pool != null) {
            poolMeters.computeIfAbsent(pool.name(), n -> new PoolMeters(pool, meters, details, guards.ticker(), snapshotMaxAgeNanos));
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

    /** Under the lock: meters for the policies new under their name, none left for those that left or were replaced. */
    private static <P extends CallPolicy<?>> void syncPolicies(Collection<P> policies, Map<String, PolicyMeters> bound,
            Function<P, CallPolicyMeters> bind) {
        Map<String, P> current = new HashMap<>();
        policies.forEach(policy -> current.put(policy.name(), policy));
        bound.entrySet().removeIf(entry -> {
            if (current.get(entry.getKey()) == entry.getValue().policy()) {
                return false;
            }
            entry.getValue().meters().close();
            return true;
        });
        current.forEach((name, policy) -> bound.computeIfAbsent(name, n -> new PolicyMeters(policy, bind.apply(policy))));
    }

    /** The meters bound for one policy, with the policy they count. */
    private record PolicyMeters(Object policy, CallPolicyMeters meters) {
    }
}
