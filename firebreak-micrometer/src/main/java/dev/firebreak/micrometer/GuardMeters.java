package dev.firebreak.micrometer;

import dev.firebreak.Guard;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.event.EventType;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.ratelimit.RateLimitConfig;
import dev.firebreak.metrics.GuardMetricsSnapshot;
import dev.firebreak.rolling.LatencySnapshot;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import dev.firebreak.event.GuardListener;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * The meters of one guard, tagged {@code name}, {@code group} and {@code pool}:
 * <ul>
 *   <li>{@code firebreak.guard.events{event}}: a FunctionCounter per event type over the cumulative count;</li>
 *   <li>{@code firebreak.guard.execution} and {@code firebreak.guard.total}: Timers recording every call
 *       (execution: calls whose user code ran; total: every call, fallback included), with client-side
 *       percentiles 0.5, 0.9, 0.99, 0.995 and a percentile histogram, so a fleet's latency can be
 *       aggregated server-side; fed by a guard listener that lives exactly as long as these meters;</li>
 *   <li>{@code firebreak.guard.latency{kind, percentile}} and {@code firebreak.guard.latency.mean{kind}}
 *       (seconds): gauges of the guard's own rolling-window percentiles (the figures the stream shows),
 *       kind {@code execution} or {@code total};</li>
 *   <li>{@code firebreak.guard.circuit.state{state}}: 1 for the current state, 0 for the others;</li>
 *   <li>{@code firebreak.guard.error.percentage}, {@code firebreak.guard.requests.rolling}: the rolling health;</li>
 *   <li>{@code firebreak.guard.concurrent.executions} (now) and {@code .max} (rolling),
 *       {@code firebreak.guard.permits.in.flight};</li>
 *   <li>{@code firebreak.guard.limit} (the isolation's limit in force), {@code firebreak.guard.limit.algorithm{algorithm}}
 *       (1 for the algorithm driving it), {@code firebreak.guard.ratelimit.rate} and {@code .waiting}; the
 *       refusals are the events {@code limit_rejected} and {@code rate_limited}.</li>
 * </ul>
 */
final class GuardMeters {

    private final Guard guard;
    private final MeterSet meters;
    private final Memo<GuardMetricsSnapshot> snapshot;
    private final GuardListener timing;

    /** The execution events of a call whose user code ran (the others never started it). */
    private static final long RAN = EventType.SUCCESS.bit() | EventType.FAILURE.bit() | EventType.TIMEOUT.bit()
            | EventType.BAD_REQUEST.bit();

    GuardMeters(Guard guard, MeterRegistry registry, long snapshotMaxAgeNanos) {
        this.guard = guard;
        this.meters = new MeterSet(registry);
        this.snapshot = new Memo<>(() -> guard.controls().metrics().snapshot(), guard.controls().registry().ticker(), snapshotMaxAgeNanos);
        Tags tags = Tags.of("name", guard.name(), "group", guard.controls().groupName(), "pool", guard.controls().poolName());

        for (EventType type : EventType.values()) {
            if (type.kind() == EventType.Kind.POLICY) {
                continue; // a call policy's decisions: see CallPolicyMeters
            }
            meters.add(FunctionCounter.builder("firebreak.guard.events", guard, g -> g.controls().metrics().cumulativeCount(type))
                    .tags(tags).tag("event", type.name().toLowerCase(Locale.ROOT))
                    .description("Calls of the guard by event type, since it was created")
                    .register(registry));
        }
        Timer execution = meters.add(timer("firebreak.guard.execution", tags,
                "Time the guarded call ran, for calls that ran").register(registry));
        Timer total = meters.add(timer("firebreak.guard.total", tags,
                "Time from entering the guard to the caller's outcome, fallback included").register(registry));
        timing = (name, events, executionNanos, totalNanos) -> {
            if ((events & RAN) != 0) {
                execution.record(executionNanos, TimeUnit.NANOSECONDS);
            }
            total.record(totalNanos, TimeUnit.NANOSECONDS);
        };
        guard.controls().addListener(timing);
        latency(registry, tags, "execution", GuardMetricsSnapshot::executionLatency);
        latency(registry, tags, "total", GuardMetricsSnapshot::totalLatency);
        for (CircuitState state : CircuitState.values()) {
            gauge(registry, "firebreak.guard.circuit.state", tags.and("state", state.name().toLowerCase(Locale.ROOT)),
                    "1 if the circuit breaker is in this state", null,
                    s -> s.circuitState() == state ? 1 : 0);
        }
        for (BreakerMode mode : BreakerMode.values()) {
            gauge(registry, "firebreak.guard.circuit.mode", tags.and("mode", mode.name().toLowerCase(Locale.ROOT)),
                    "1 if the circuit breaker is in this mode (automatic, or an operator's override)", null,
                    s -> s.circuitMode() == mode ? 1 : 0);
        }
        gauge(registry, "firebreak.guard.error.percentage", tags, "Errors among requests in the rolling window", "percent",
                s -> s.health().errorPercentage());
        gauge(registry, "firebreak.guard.requests.rolling", tags, "Requests counted in the rolling window", "calls",
                s -> s.health().requestCount());
        gauge(registry, "firebreak.guard.concurrent.executions", tags, "Calls whose user code runs now", "calls",
                GuardMetricsSnapshot::concurrentExecutions);
        gauge(registry, "firebreak.guard.concurrent.executions.max", tags,
                "Most calls running at once in the rolling window", "calls",
                GuardMetricsSnapshot::rollingMaxConcurrentExecutions);
        meters.add(Gauge.builder("firebreak.guard.permits.in.flight", guard, g -> g.controls().permitsInFlight())
                .tags(tags).description("Isolation permits held now, abandoned calls included").baseUnit("calls")
                .register(registry));
        limits(registry, tags);
    }

    /** The adaptive limit's and the rate limiter's gauges (read live from the guard, no snapshot needed). */
    private void limits(MeterRegistry registry, Tags tags) {
        meters.add(Gauge.builder("firebreak.guard.limit", guard, g -> g.controls().isolator().limit())
                .tags(tags).description("The isolation's concurrency limit in force (static or adaptive)")
                .baseUnit("calls").register(registry));
        for (LimitKind kind : LimitKind.values()) {
            meters.add(Gauge.builder("firebreak.guard.limit.algorithm", guard,
                            g -> g.controls().isolator().limitAlgorithm() == kind ? 1 : 0)
                    .tags(tags.and("algorithm", kind.name().toLowerCase(Locale.ROOT)))
                    .description("1 for the algorithm driving the limit (none: static)").register(registry));
        }
        meters.add(Gauge.builder("firebreak.guard.ratelimit.rate", guard, g -> {
            RateLimitConfig c = g.controls().rateLimiter().config();
            return c.enabled() ? c.permitsPerSecond() : 0;
        }).tags(tags).description("The rate limiter's permits per second (0: disabled)").register(registry));
        meters.add(Gauge.builder("firebreak.guard.ratelimit.waiting", guard, g -> g.controls().rateLimiter().waiting())
                .tags(tags).description("Callers waiting for a rate-limit permit now").baseUnit("calls")
                .register(registry));
    }

    Guard guard() {
        return guard;
    }

    void remove() {
        guard.controls().removeListener(timing);
        meters.removeAll();
    }

    private static Timer.Builder timer(String name, Tags tags, String description) {
        return Timer.builder(name).tags(tags).description(description)
                .publishPercentiles(0.5, 0.9, 0.99, 0.995).publishPercentileHistogram();
    }

    private void latency(MeterRegistry registry, Tags tags, String kind,
                         java.util.function.Function<GuardMetricsSnapshot, LatencySnapshot> which) {
        Tags kindTags = tags.and("kind", kind);
        for (double p : LatencySnapshot.PERCENTILES) {
            gauge(registry, "firebreak.guard.latency", kindTags.and("percentile", percentileTag(p)),
                    "Latency percentile over the rolling percentile window", "seconds",
                    s -> seconds(which.apply(s).percentileNanos(p)));
        }
        gauge(registry, "firebreak.guard.latency.mean", kindTags, "Mean latency over the rolling percentile window",
                "seconds", s -> seconds(which.apply(s).meanNanos()));
    }

    private void gauge(MeterRegistry registry, String name, Tags tags, String description, String unit,
                       ToDoubleFunction<GuardMetricsSnapshot> read) {
        Gauge.Builder<Memo<GuardMetricsSnapshot>> builder = Gauge.builder(name, snapshot, m -> read.applyAsDouble(m.get()))
                .tags(tags).description(description).strongReference(true);
        if (unit != null) {
            builder.baseUnit(unit);
        }
        meters.add(builder.register(registry));
    }

    /** 50.0 → "50", 99.5 → "99.5": the stream's percentile keys. */
    static String percentileTag(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }

    /** Nanoseconds to seconds; the -1 of disabled percentiles becomes NaN (no value). */
    static double seconds(long nanos) {
        return nanos < 0 ? Double.NaN : nanos / 1e9;
    }
}
