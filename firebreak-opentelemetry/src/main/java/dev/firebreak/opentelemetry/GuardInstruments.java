package dev.firebreak.opentelemetry;

import static dev.firebreak.metrics.MetricVocabulary.GUARD;

import dev.firebreak.Guard;
import dev.firebreak.GuardControls;
import dev.firebreak.GuardRegistry;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.chaos.ChaosKind;
import dev.firebreak.context.Criticality;
import dev.firebreak.event.EventType;
import dev.firebreak.event.GuardListener;
import dev.firebreak.isolation.IsolationView;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.metrics.MetricDetail;
import dev.firebreak.metrics.MetricVocabulary;
import dev.firebreak.ratelimit.RateLimitConfig;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The instruments of every guard of a registry, attribute {@code guard}: observable counters and gauges
 * whose callbacks read the registry's guards at each collection (a guard removed is simply no longer
 * read), and the call-duration histogram fed by one registry-wide guard listener.
 */
final class GuardInstruments {

    /** The execution events of a call whose user code ran (the others never started it). */
    private static final long RAN = EventType.SUCCESS.bit() | EventType.FAILURE.bit() | EventType.TIMEOUT.bit()
            | EventType.BAD_REQUEST.bit();

    private final GuardRegistry guards;
    private final Map<String, Attributes> byGuard = new ConcurrentHashMap<>();
    private final GuardListener timing;
    private final GuardRegistry.RegistryListener forget = new GuardRegistry.RegistryListener() {
        @Override
        public void onAdded(Guard guard) {
        }

        @Override
        public void onRemoved(Guard guard) {
            byGuard.remove(guard.name());
        }
    };

    GuardInstruments(GuardRegistry guards, Instruments instruments, Set<MetricDetail> details) {
        this.guards = guards;
        Supplier<Collection<Guard>> all = guards::guards;
        for (EventType type : MetricVocabulary.outcomes()) {
            String outcome = MetricVocabulary.outcome(type);
            instruments.counter(MetricVocabulary.CALLS, all, (g, m) -> m.record(g.controls().metrics().cumulativeCount(type),
                    Attributes.of(Instruments.key(GUARD), g.name(), Instruments.key(MetricVocabulary.OUTCOME), outcome)));
        }
        for (EventType type : MetricVocabulary.fallbackEvents()) {
            String result = MetricVocabulary.fallbackResult(type);
            instruments.counter(MetricVocabulary.FALLBACKS, all, (g, m) -> m.record(g.controls().metrics().cumulativeCount(type),
                    Attributes.of(Instruments.key(GUARD), g.name(), Instruments.key(MetricVocabulary.RESULT), result)));
        }
        DoubleHistogram total = instruments.timer(MetricVocabulary.CALL_DURATION, MetricVocabulary.CALL_DURATION_BUCKETS_SECONDS);
        DoubleHistogram execution = details.contains(MetricDetail.EXECUTION_TIMER)
                ? instruments.timer(MetricVocabulary.CALL_EXECUTION_DURATION, MetricVocabulary.CALL_DURATION_BUCKETS_SECONDS)
                : null;
        timing = (name, events, executionNanos, totalNanos) -> {
            Attributes attributes = byGuard.computeIfAbsent(name, n -> Attributes.of(Instruments.key(GUARD), n));
            total.record(totalNanos / 1e9, attributes);
            if (execution != null && (events & RAN) != 0) {
                execution.record(executionNanos / 1e9, attributes);
            }
        };
        instruments.gauge(MetricVocabulary.CALLS_ACTIVE, all, (g, m) ->
                m.record(g.controls().metrics().currentConcurrentExecutions(), guard(g)));
        instruments.gauge(MetricVocabulary.LIMIT, all, (g, m) -> m.record(g.controls().isolator().limit(), guard(g)));
        instruments.gauge(MetricVocabulary.LIMIT_FLOOR, all, (g, m) -> m.record(limitFloor(g), guard(g)));
        for (CircuitState state : CircuitState.values()) {
            String value = MetricVocabulary.tagValue(state);
            instruments.gauge(MetricVocabulary.BREAKER_STATE, all, (g, m) -> m.record(
                    g.controls().circuitBreaker().state() == state ? 1 : 0, with(g, MetricVocabulary.STATE, value)));
        }
        instruments.gauge(MetricVocabulary.GUARDS, all, (g, m) -> {
            GuardControls c = g.controls();
            m.record(1, Instruments.attributes(GUARD, g.name(), MetricVocabulary.GROUP, c.groupName(),
                    MetricVocabulary.POOL, c.poolName(), MetricVocabulary.ISOLATION, MetricVocabulary.tagValue(c.isolationStrategy())));
        });
        instruments.gauge(MetricVocabulary.RATELIMIT_RATE, all, (g, m) -> {
            RateLimitConfig c = g.controls().rateLimiter().config();
            m.record(c.enabled() ? c.permitsPerSecond() : 0, guard(g));
        });
        instruments.gauge(MetricVocabulary.RATELIMIT_WAITING, all, (g, m) -> m.record(g.controls().rateLimiter().waiting(), guard(g)));
        Supplier<Collection<Guard>> chaotic = () -> guards.guards().stream().filter(g -> g.controls().chaos().allowed()).toList();
        for (ChaosKind kind : ChaosKind.values()) { // only guards of a registry that allows chaos have the series
            String value = MetricVocabulary.tagValue(kind);
            instruments.counter(MetricVocabulary.CHAOS_INJECTED, chaotic, (g, m) -> m.record(g.controls().chaos().injected(kind),
                    with(g, MetricVocabulary.KIND, value)));
        }
        for (Criticality level : Criticality.values()) { // recorded for the guards with priorities only
            String value = MetricVocabulary.tagValue(level);
            instruments.counter(MetricVocabulary.PRIORITY_REJECTED, all, (g, m) -> {
                if (g.controls().priorities().enabled()) {
                    m.record(g.controls().priorities().rejected(level), with(g, MetricVocabulary.CRITICALITY, value));
                }
            });
        }
        instruments.gauge(MetricVocabulary.PRIORITY_THRESHOLD, all, (g, m) -> {
            if (g.controls().priorities().enabled()) {
                m.record(g.controls().priorities().threshold(), guard(g));
            }
        });
        if (details.contains(MetricDetail.BREAKER_MODE)) {
            for (BreakerMode mode : BreakerMode.values()) {
                String value = MetricVocabulary.tagValue(mode);
                instruments.gauge(MetricVocabulary.BREAKER_MODE, all, (g, m) -> m.record(
                        g.controls().circuitBreaker().mode() == mode ? 1 : 0, with(g, MetricVocabulary.MODE, value)));
            }
        }
        if (details.contains(MetricDetail.LIMIT_ALGORITHM)) {
            for (LimitKind kind : LimitKind.values()) {
                String value = MetricVocabulary.tagValue(kind);
                instruments.gauge(MetricVocabulary.LIMIT_ALGORITHM, all, (g, m) -> m.record(
                        g.controls().isolator().limitAlgorithm() == kind ? 1 : 0, with(g, MetricVocabulary.ALGORITHM, value)));
            }
            instruments.gauge(MetricVocabulary.PERMITS_IN_FLIGHT, all, (g, m) -> m.record(g.controls().permitsInFlight(), guard(g)));
        }
        if (details.contains(MetricDetail.ROLLING_WINDOW)) {
            RollingInstruments.register(guards, instruments);
        }
        guards.addRegistryListener(forget);
        guards.addListener(timing);
    }

    /** Stops recording durations. */
    void close() {
        guards.removeListener(timing);
        guards.removeRegistryListener(forget);
        byGuard.clear();
    }

    /** The least the limit may fall to: the adaptive limit's {@code limit.minLimit}, else the static limit itself. */
    static double limitFloor(Guard guard) {
        IsolationView isolator = guard.controls().isolator();
        return isolator.limitAlgorithm() == LimitKind.NONE ? isolator.limit() : guard.controls().config().limit().minLimit();
    }

    static Attributes guard(Guard guard) {
        return Attributes.of(Instruments.key(GUARD), guard.name());
    }

    static Attributes with(Guard guard, String key, String value) {
        return Attributes.of(Instruments.key(GUARD), guard.name(), Instruments.key(key), value);
    }
}
