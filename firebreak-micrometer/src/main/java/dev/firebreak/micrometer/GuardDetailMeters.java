package dev.firebreak.micrometer;

import dev.firebreak.Guard;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.metrics.GuardMetricsSnapshot;
import dev.firebreak.metrics.MetricDetail;
import dev.firebreak.metrics.MetricSpec;
import dev.firebreak.metrics.MetricVocabulary;
import dev.firebreak.rolling.LatencySnapshot;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The opt-in meters of one guard ({@link MetricDetail}): the rolling window's figures (read from one
 * snapshot shared by a scrape's gauges), the breaker's mode, the limit's algorithm and the permits held.
 * The execution timer and the percentile histogram are {@link GuardMeters}'.
 */
final class GuardDetailMeters {

    private GuardDetailMeters() {
    }

    static void register(Guard guard, Tags tags, Set<MetricDetail> details, MeterSet meters, MeterRegistry registry,
            long snapshotMaxAgeNanos) {
        if (details.contains(MetricDetail.ROLLING_WINDOW)) {
            Memo<GuardMetricsSnapshot> snapshot = new Memo<>(() -> guard.controls().metrics().snapshot(),
                    guard.controls().registry().ticker(), snapshotMaxAgeNanos);
            latency(meters, registry, snapshot, tags, "execution", GuardMetricsSnapshot::executionLatency);
            latency(meters, registry, snapshot, tags, "total", GuardMetricsSnapshot::totalLatency);
            rolling(meters, registry, snapshot, MetricVocabulary.ROLLING_ERROR_PERCENTAGE, tags, s -> s.health().errorPercentage());
            rolling(meters, registry, snapshot, MetricVocabulary.ROLLING_REQUESTS, tags, s -> s.health().requestCount());
            rolling(meters, registry, snapshot, MetricVocabulary.ROLLING_CALLS_ACTIVE_MAX, tags,
                    GuardMetricsSnapshot::rollingMaxConcurrentExecutions);
        }
        if (details.contains(MetricDetail.BREAKER_MODE)) {
            for (BreakerMode mode : BreakerMode.values()) {
                meters.add(Specs.gauge(MetricVocabulary.BREAKER_MODE, tags.and(MetricVocabulary.MODE, MetricVocabulary.tagValue(mode)),
                        guard, g -> g.controls().circuitBreaker().mode() == mode ? 1 : 0).register(registry));
            }
        }
        if (details.contains(MetricDetail.LIMIT_ALGORITHM)) {
            for (LimitKind kind : LimitKind.values()) {
                meters.add(Specs.gauge(MetricVocabulary.LIMIT_ALGORITHM,
                        tags.and(MetricVocabulary.ALGORITHM, MetricVocabulary.tagValue(kind)),
                        guard, g -> g.controls().isolator().limitAlgorithm() == kind ? 1 : 0).register(registry));
            }
            meters.add(Specs.gauge(MetricVocabulary.PERMITS_IN_FLIGHT, tags, guard, g -> g.controls().permitsInFlight())
                    .register(registry));
        }
    }

    private static void latency(MeterSet meters, MeterRegistry registry, Memo<GuardMetricsSnapshot> snapshot, Tags tags,
            String kind, Function<GuardMetricsSnapshot, LatencySnapshot> which) {
        Tags kindTags = tags.and(MetricVocabulary.KIND, kind);
        for (double p : LatencySnapshot.PERCENTILES) {
            rolling(meters, registry, snapshot, MetricVocabulary.ROLLING_LATENCY,
                    kindTags.and(MetricVocabulary.PERCENTILE, percentileTag(p)), s -> seconds(which.apply(s).percentileNanos(p)));
        }
        rolling(meters, registry, snapshot, MetricVocabulary.ROLLING_LATENCY_MEAN, kindTags, s -> seconds(which.apply(s).meanNanos()));
    }

    private static void rolling(MeterSet meters, MeterRegistry registry, Memo<GuardMetricsSnapshot> snapshot, MetricSpec spec,
            Tags tags, ToDoubleFunction<GuardMetricsSnapshot> read) {
        meters.add(Specs.gauge(spec, tags, snapshot, m -> read.applyAsDouble(m.get())).strongReference(true).register(registry));
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
