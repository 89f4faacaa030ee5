package dev.firebreak.opentelemetry;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.metrics.GuardMetricsSnapshot;
import dev.firebreak.metrics.MetricSpec;
import dev.firebreak.metrics.MetricVocabulary;
import dev.firebreak.rolling.LatencySnapshot;
import dev.firebreak.time.Ticker;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The opt-in rolling-window gauges ({@code MetricDetail.ROLLING_WINDOW}): the guard's own percentiles,
 * mean, error percentage, requests and most calls at once, read from one snapshot per guard per
 * collection (a snapshot at most 100 ms old is reused by the collection's other gauges).
 */
final class RollingInstruments {

    private static final long MAX_AGE_NANOS = 100_000_000L;

    private record Taken(GuardMetricsSnapshot snapshot, long atNanos) {
    }

    private final Ticker ticker;
    private final Map<Guard, Taken> taken = Collections.synchronizedMap(new WeakHashMap<>());

    private RollingInstruments(Ticker ticker) {
        this.ticker = ticker;
    }

    static void register(GuardRegistry guards, Instruments instruments) {
        RollingInstruments rolling = new RollingInstruments(guards.ticker());
        for (String kind : new String[] {"execution", "total"}) {
            Function<GuardMetricsSnapshot, LatencySnapshot> which = "execution".equals(kind)
                    ? GuardMetricsSnapshot::executionLatency : GuardMetricsSnapshot::totalLatency;
            for (double p : LatencySnapshot.PERCENTILES) {
                String percentile = p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
                instruments.gauge(MetricVocabulary.ROLLING_LATENCY, guards::guards, (g, m) -> m.record(
                        seconds(which.apply(rolling.snapshot(g)).percentileNanos(p)), Instruments.attributes(
                                MetricVocabulary.GUARD, g.name(), MetricVocabulary.KIND, kind, MetricVocabulary.PERCENTILE, percentile)));
            }
            instruments.gauge(MetricVocabulary.ROLLING_LATENCY_MEAN, guards::guards, (g, m) -> m.record(
                    seconds(which.apply(rolling.snapshot(g)).meanNanos()), GuardInstruments.with(g, MetricVocabulary.KIND, kind)));
        }
        rolling.gauge(guards, instruments, MetricVocabulary.ROLLING_ERROR_PERCENTAGE, s -> s.health().errorPercentage());
        rolling.gauge(guards, instruments, MetricVocabulary.ROLLING_REQUESTS, s -> s.health().requestCount());
        rolling.gauge(guards, instruments, MetricVocabulary.ROLLING_CALLS_ACTIVE_MAX, GuardMetricsSnapshot::rollingMaxConcurrentExecutions);
    }

    private void gauge(GuardRegistry guards, Instruments instruments, MetricSpec spec, ToDoubleFunction<GuardMetricsSnapshot> read) {
        instruments.gauge(spec, guards::guards, (g, m) -> m.record(read.applyAsDouble(snapshot(g)), GuardInstruments.guard(g)));
    }

    private GuardMetricsSnapshot snapshot(Guard guard) {
        long now = ticker.read();
        Taken last = taken.get(guard);
        // the difference, not the values, is compared: ticker readings may wrap around Long.MAX_VALUE
        if (last == null || now - last.atNanos() >= MAX_AGE_NANOS || now - last.atNanos() < 0) {
            last = new Taken(guard.controls().metrics().snapshot(), now);
            taken.put(guard, last);
        }
        return last.snapshot();
    }

    /** Nanoseconds to seconds; the -1 of disabled percentiles is no value: skipped as NaN. */
    private static double seconds(long nanos) {
        return nanos < 0 ? Double.NaN : nanos / 1e9;
    }
}
