package dev.firebreak.micrometer;

import static dev.firebreak.metrics.MetricVocabulary.GUARD;

import dev.firebreak.Guard;
import dev.firebreak.GuardControls;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.chaos.ChaosKind;
import dev.firebreak.context.Criticality;
import dev.firebreak.event.EventType;
import dev.firebreak.event.GuardListener;
import dev.firebreak.isolation.IsolationView;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.metrics.MetricDetail;
import dev.firebreak.metrics.MetricSpec;
import dev.firebreak.metrics.MetricVocabulary;
import dev.firebreak.ratelimit.RateLimitConfig;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The meters of one guard, tagged {@code guard} (see {@link MetricVocabulary} and
 * {@code docs/observability.md}): by default {@code firebreak.calls{outcome}} and
 * {@code firebreak.fallbacks{result}} (FunctionCounters over the core's cumulative counts, one count per
 * call and per fallback), {@code firebreak.call.duration} (a Timer with the vocabulary's few SLO
 * buckets, fed by a guard listener that lives exactly as long as these meters), the gauges
 * {@code firebreak.calls.active}, {@code firebreak.limit}, {@code firebreak.limit.floor},
 * {@code firebreak.breaker.state{state}}, {@code firebreak.guards{group,pool,isolation}} and the rate
 * limiter's two; {@code firebreak.chaos.injected{kind}} for a guard of a registry that allows chaos; for a
 * guard with priorities {@code firebreak.priority.rejected{criticality}} and
 * {@code firebreak.priority.threshold}; the {@link MetricDetail}s asked for add theirs ({@link GuardDetailMeters}).
 */
final class GuardMeters {

    /** The execution events of a call whose user code ran (the others never started it). */
    private static final long RAN = EventType.SUCCESS.bit() | EventType.FAILURE.bit() | EventType.TIMEOUT.bit()
            | EventType.BAD_REQUEST.bit();

    private final Guard guard;
    private final MeterSet meters;
    private final GuardListener timing;

    GuardMeters(Guard guard, MeterRegistry registry, Set<MetricDetail> details, long snapshotMaxAgeNanos) {
        this.guard = guard;
        this.meters = new MeterSet(registry);
        GuardControls controls = guard.controls();
        Tags tags = Tags.of(GUARD, guard.name());
        for (EventType type : MetricVocabulary.outcomes()) {
            meters.add(Specs.counter(MetricVocabulary.CALLS, tags.and(MetricVocabulary.OUTCOME, MetricVocabulary.outcome(type)),
                    guard, g -> g.controls().metrics().cumulativeCount(type)).register(registry));
        }
        for (EventType type : MetricVocabulary.fallbackEvents()) {
            meters.add(Specs.counter(MetricVocabulary.FALLBACKS, tags.and(MetricVocabulary.RESULT, MetricVocabulary.fallbackResult(type)),
                    guard, g -> g.controls().metrics().cumulativeCount(type)).register(registry));
        }
        boolean histogram = details.contains(MetricDetail.PERCENTILE_HISTOGRAM);
        Timer total = meters.add(timer(MetricVocabulary.CALL_DURATION, tags, histogram).register(registry));
        Timer execution = details.contains(MetricDetail.EXECUTION_TIMER)
                ? meters.add(timer(MetricVocabulary.CALL_EXECUTION_DURATION, tags, histogram).register(registry))
                : null;
        timing = (name, events, executionNanos, totalNanos) -> {
            total.record(totalNanos, TimeUnit.NANOSECONDS);
            if (execution != null && (events & RAN) != 0) {
                execution.record(executionNanos, TimeUnit.NANOSECONDS);
            }
        };
        controls.addListener(timing);
        meters.add(Specs.gauge(MetricVocabulary.CALLS_ACTIVE, tags, guard,
                g -> g.controls().metrics().currentConcurrentExecutions()).register(registry));
        meters.add(Specs.gauge(MetricVocabulary.LIMIT, tags, guard, g -> g.controls().isolator().limit()).register(registry));
        meters.add(Specs.gauge(MetricVocabulary.LIMIT_FLOOR, tags, guard, GuardMeters::limitFloor).register(registry));
        for (CircuitState state : CircuitState.values()) {
            meters.add(Specs.gauge(MetricVocabulary.BREAKER_STATE, tags.and(MetricVocabulary.STATE, MetricVocabulary.tagValue(state)),
                    guard, g -> g.controls().circuitBreaker().state() == state ? 1 : 0).register(registry));
        }
        meters.add(Specs.gauge(MetricVocabulary.GUARDS, tags.and(MetricVocabulary.GROUP, controls.groupName(),
                        MetricVocabulary.POOL, controls.poolName(),
                        MetricVocabulary.ISOLATION, MetricVocabulary.tagValue(controls.isolationStrategy())),
                guard, g -> 1).register(registry));
        meters.add(Specs.gauge(MetricVocabulary.RATELIMIT_RATE, tags, guard, g -> {
            RateLimitConfig c = g.controls().rateLimiter().config();
            return c.enabled() ? c.permitsPerSecond() : 0;
        }).register(registry));
        meters.add(Specs.gauge(MetricVocabulary.RATELIMIT_WAITING, tags, guard, g -> g.controls().rateLimiter().waiting())
                .register(registry));
        if (controls.chaos().allowed()) { // a guard of a registry that allows chaos: its injected faults by kind
            for (ChaosKind kind : ChaosKind.values()) {
                meters.add(Specs.counter(MetricVocabulary.CHAOS_INJECTED, tags.and(MetricVocabulary.KIND,
                        MetricVocabulary.tagValue(kind)), guard, g -> g.controls().chaos().injected(kind)).register(registry));
            }
        }
        if (controls.priorities().enabled()) { // only a guard with priorities: no series for the others
            for (Criticality level : Criticality.values()) {
                meters.add(Specs.counter(MetricVocabulary.PRIORITY_REJECTED, tags.and(MetricVocabulary.CRITICALITY,
                        MetricVocabulary.tagValue(level)), guard, g -> g.controls().priorities().rejected(level)).register(registry));
            }
            meters.add(Specs.gauge(MetricVocabulary.PRIORITY_THRESHOLD, tags, guard, g -> g.controls().priorities().threshold())
                    .register(registry));
        }
        GuardDetailMeters.register(guard, tags, details, meters, registry, snapshotMaxAgeNanos);
    }

    /** The least the limit may fall to: the adaptive limit's {@code limit.minLimit}, else the static limit itself. */
    static double limitFloor(Guard guard) {
        IsolationView isolator = guard.controls().isolator();
        return isolator.limitAlgorithm() == LimitKind.NONE ? isolator.limit() : guard.controls().config().limit().minLimit();
    }

    Guard guard() {
        return guard;
    }

    void remove() {
        guard.controls().removeListener(timing);
        meters.removeAll();
    }

    /** A timer with the vocabulary's SLO buckets, or with Micrometer's percentile histogram when asked for. */
    static Timer.Builder timer(MetricSpec spec, Tags tags, boolean percentileHistogram) {
        Timer.Builder builder = Timer.builder(spec.name()).tags(tags).description(spec.description());
        if (percentileHistogram) {
            return builder.publishPercentileHistogram();
        }
        return builder.serviceLevelObjectives(MetricVocabulary.CALL_DURATION_BUCKETS_SECONDS.stream()
                .map(s -> Duration.ofNanos(Math.round(s * 1e9))).toArray(Duration[]::new));
    }
}
