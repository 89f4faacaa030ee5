package dev.firebreak.metrics;

import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.breaker.CircuitBreakerView;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.event.EventType;
import dev.firebreak.rolling.LatencySnapshot;
import dev.firebreak.rolling.RollingCounter;
import dev.firebreak.rolling.RollingPercentile;
import dev.firebreak.time.Ticker;

/**
 * The figures of one guard, fed by every call's events and latencies, read as one immutable
 * {@link #snapshot()}:
 * <ul>
 *   <li>counts per event type since creation, and over {@code metrics.rollingStats.timeInMilliseconds}
 *       in {@code metrics.rollingStats.numBuckets} buckets;</li>
 *   <li>execution and total latency percentiles over {@code metrics.rollingPercentile.timeInMilliseconds}
 *       in {@code metrics.rollingPercentile.numBuckets} buckets, when
 *       {@code metrics.rollingPercentile.enabled} (live); execution latency is recorded for calls
 *       whose user code ran to an outcome (SUCCESS, FAILURE, TIMEOUT, BAD_REQUEST), total latency for
 *       every call;</li>
 *   <li>the current and rolling-maximum number of calls whose user code is running.</li>
 * </ul>
 * Buckets rotate with the registry's {@link Ticker}, never with a background thread. The window
 * geometry is fixed at creation.
 *
 * <p>Read-only for users: only the guard's pipeline records, through the {@link MetricsRecorder} the
 * guard made these metrics with.
 *
 * <p>The circuit breaker keeps its own health window (reset when the circuit closes); the health
 * figures of the snapshot come from this rolling window, with the same definitions.
 */
public final class GuardMetrics {

    private final MetricsRecorder recorder;
    private final Ticker ticker;
    private final CircuitBreakerView breaker;
    private final int rollingWindowMillis;
    private volatile long healthIntervalNanos;
    private volatile PacedHealth health; // null until the first snapshot

    /** The read side of {@code recorder}'s figures, with {@code config}, reporting {@code breaker}'s state. */
    GuardMetrics(MetricsRecorder recorder, MetricsConfig config, Ticker ticker, CircuitBreakerView breaker,
            int rollingWindowMillis) {
        this.recorder = recorder;
        this.ticker = ticker;
        this.breaker = breaker;
        this.rollingWindowMillis = rollingWindowMillis;
        this.healthIntervalNanos = config.healthInterval().toNanos();
    }

    /** Applies a new configuration's health interval ({@code metrics.healthSnapshot.intervalInMilliseconds}). */
    void reconfigureHealth(MetricsConfig config) {
        healthIntervalNanos = config.healthInterval().toNanos();
    }

    /** Calls of this type since the guard was created. */
    public long cumulativeCount(EventType type) {
        return recorder.rolling.total(type.ordinal());
    }

    /** Calls of this type in the rolling window ending now. */
    public long rollingCount(EventType type) {
        return recorder.rolling.sum(type.ordinal(), ticker.read());
    }

    /** Calls whose user code is running now. */
    public int currentConcurrentExecutions() {
        return recorder.running();
    }

    /** Everything at once, as of now. */
    public GuardMetricsSnapshot snapshot() {
        long now = ticker.read();
        RollingCounter rolling = recorder.rolling;
        long[] totals = rolling.totals();
        EventCounts window = new EventCounts(rolling.sums(now));
        int running = currentConcurrentExecutions();
        boolean percentiles = recorder.percentilesEnabled();
        // The state as the mode reports it, paired with that mode: read again if an operator changed it
        // in between, so a forced state is never published beside AUTOMATIC (or the reverse).
        BreakerMode mode;
        CircuitState state;
        do {
            mode = breaker.mode();
            state = breaker.state();
        } while (mode != breaker.mode());
        return new GuardMetricsSnapshot(now, rollingWindowMillis, window, new EventCounts(totals), health(window, now),
                percentiles ? RollingPercentile.snapshot(now, recorder.sameLatency, recorder.executionOnly) : LatencySnapshot.DISABLED,
                percentiles ? RollingPercentile.snapshot(now, recorder.sameLatency, recorder.totalOnly) : LatencySnapshot.DISABLED,
                running, Math.max(running, rolling.max(now)), state, mode);
    }

    /**
     * The health figures, recomputed from {@code window} at most once per
     * {@code metrics.healthSnapshot.intervalInMilliseconds} (Hystrix's health-snapshot pacing); in
     * between, the figures last computed. Only the published figures are paced: the circuit breaker
     * decides on every call from its own window.
     */
    private HealthCounts health(EventCounts window, long now) {
        PacedHealth last = health;
        if (last != null && now - last.atNanos() < healthIntervalNanos) { // wrap-safe difference
            return last.counts();
        }
        HealthCounts fresh = window.health();
        health = new PacedHealth(now, fresh); // racing snapshots may each store theirs: both are fresh
        return fresh;
    }

    /** Health figures and the reading they were computed at. */
    private record PacedHealth(long atNanos, HealthCounts counts) {
    }
}
