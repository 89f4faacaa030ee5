package dev.firebreak.metrics;

import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.breaker.CircuitBreaker;
import dev.firebreak.breaker.CircuitBreakerView;
import dev.firebreak.breaker.CircuitBreakers;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.event.EventType;
import dev.firebreak.rolling.LatencySnapshot;
import dev.firebreak.rolling.RollingCounter;
import dev.firebreak.rolling.RollingPercentile;
import dev.firebreak.time.Ticker;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;

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
// Recording is lock-free and, once a bucket exists, allocation-free.
public final class GuardMetrics {

    private static final long EXECUTED = EventType.SUCCESS.bit() | EventType.FAILURE.bit()
            | EventType.TIMEOUT.bit() | EventType.BAD_REQUEST.bit();
    /**
     * The masks a call most often reports with more than one event, each counted as one (see
     * {@link RollingCounter#RollingCounter(int, long[], long, int, long)}): a refusal or a failure whose
     * fallback answered, and a bad request.
     */
    private static final long[] JOINT = {
        EventType.SHORT_CIRCUITED.bit() | EventType.FALLBACK_SUCCESS.bit(),
        EventType.SEMAPHORE_REJECTED.bit() | EventType.FALLBACK_SUCCESS.bit(),
        EventType.THREAD_POOL_REJECTED.bit() | EventType.FALLBACK_SUCCESS.bit(),
        EventType.LIMIT_REJECTED.bit() | EventType.FALLBACK_SUCCESS.bit(),
        EventType.FAILURE.bit() | EventType.FALLBACK_SUCCESS.bit(),
        EventType.TIMEOUT.bit() | EventType.FALLBACK_SUCCESS.bit(),
        EventType.BAD_REQUEST.bit() | EventType.EXCEPTION_THROWN.bit(),
    };

    private final Ticker ticker;
    private final CircuitBreakerView breaker;
    private final int rollingWindowMillis;
    /** Counts per event type in the rolling window and, folded from its buckets as they leave, since creation. */
    private final RollingCounter rolling;
    /*
     * Latencies in three parts: a call whose execution and total latency are the same number (every
     * call that ran on its caller's thread without a fallback) records it once in sameLatency; others
     * record executionOnly and totalOnly. Execution = sameLatency + executionOnly, total = sameLatency
     * + totalOnly: the same samples as two histograms, at half the atomic adds on the common path.
     */
    private final RollingPercentile sameLatency;
    private final RollingPercentile executionOnly;
    private final RollingPercentile totalOnly;
    private final AtomicInteger concurrent = new AtomicInteger();
    /**
     * When not null, the isolation's own count of permits held stands for the calls running (SEMAPHORE:
     * a permit is taken just before a call's code starts and given back just after it ends, on every
     * path), so a call costs no second pair of atomic updates; {@link #concurrent} then stays 0. Given
     * a floor, it answers the count when the count may exceed the floor, otherwise some value at most
     * the floor (so a rolling maximum that already stands costs no exact count).
     */
    private final IntUnaryOperator runningByPermits;
    private volatile boolean percentilesEnabled;
    private volatile long healthIntervalNanos;
    private volatile PacedHealth health; // null until the first snapshot

    /** Metrics with {@code config}, with no breaker state to report (always CLOSED). */
    GuardMetrics(MetricsConfig config, Ticker ticker) {
        this(config, ticker, CircuitBreakers.view(CircuitBreaker.alwaysClosed(), ticker));
    }

    /** Metrics with {@code config}, reading time from {@code ticker}, reporting {@code breaker}'s state. */
    GuardMetrics(MetricsConfig config, Ticker ticker, CircuitBreakerView breaker) {
        this(config, ticker, breaker, null);
    }

    /**
     * Metrics with {@code config}, reading time from {@code ticker}, reporting {@code breaker}'s state;
     * {@code runningByPermits} (or null): the isolation's count of permits held, when that count is
     * the number of calls running (see {@link #runningByPermits}).
     */
    GuardMetrics(MetricsConfig config, Ticker ticker, CircuitBreakerView breaker, IntUnaryOperator runningByPermits) {
        this.ticker = ticker;
        this.runningByPermits = runningByPermits;
        this.breaker = breaker;
        long origin = ticker.read();
        this.rollingWindowMillis = (int) config.rollingStatsWindow().toMillis();
        this.rolling = new RollingCounter(EventType.count(), JOINT, rollingWindowMillis * 1_000_000L,
                config.rollingStatsBuckets(), origin);
        long percentileWindow = config.percentileWindow().toNanos();
        int percentileBuckets = config.percentileBuckets();
        this.sameLatency = new RollingPercentile(percentileWindow, percentileBuckets, origin);
        this.executionOnly = new RollingPercentile(percentileWindow, percentileBuckets, origin);
        this.totalOnly = new RollingPercentile(percentileWindow, percentileBuckets, origin);
        this.percentilesEnabled = config.percentilesEnabled();
        this.healthIntervalNanos = config.healthInterval().toNanos();
    }

    /** A call's user code started running. */
    void executionStarted() {
        executionStarted(ticker.read());
    }

    /** A call's user code started running at {@code nowNanos} (saves a clock read on the hot path). */
    void executionStarted(long nowNanos) {
        IntUnaryOperator permits = runningByPermits;
        if (permits == null) {
            rolling.updateMax(concurrent.incrementAndGet(), nowNanos);
        } else {
            rolling.updateMaxAbove(permits, nowNanos);
        }
    }

    /** A call's user code stopped running. */
    void executionEnded() {
        if (runningByPermits == null) {
            concurrent.decrementAndGet();
        }
    }

    /** Records one completed call's events (a mask) and latencies. */
    void record(long events, long executionNanos, long totalNanos) {
        record(events, executionNanos, totalNanos, ticker.read());
    }

    /** Records one completed call's events (a mask) and latencies, ended at {@code now}. */
    void record(long events, long executionNanos, long totalNanos, long now) {
        rolling.incrementAll(events, now); // counted once: the counts since creation are folded from these buckets
        if (percentilesEnabled) {
            if ((events & EXECUTED) == 0) {
                totalOnly.record(totalNanos, now);
            } else if (executionNanos == totalNanos) {
                sameLatency.record(totalNanos, now);
            } else {
                executionOnly.record(executionNanos, now);
                totalOnly.record(totalNanos, now);
            }
        }
    }

    /**
     * Applies a new configuration's live parts ({@code metrics.rollingPercentile.enabled},
     * {@code metrics.healthSnapshot.intervalInMilliseconds}); the geometry is fixed.
     */
    void reconfigure(MetricsConfig config) {
        percentilesEnabled = config.percentilesEnabled();
        healthIntervalNanos = config.healthInterval().toNanos();
    }

    /** Calls of this type since the guard was created. */
    public long cumulativeCount(EventType type) {
        return rolling.total(type.ordinal());
    }

    /** Calls of this type in the rolling window ending now. */
    public long rollingCount(EventType type) {
        return rolling.sum(type.ordinal(), ticker.read());
    }

    /** Calls whose user code is running now. */
    public int currentConcurrentExecutions() {
        IntUnaryOperator permits = runningByPermits;
        return permits == null ? concurrent.get() : permits.applyAsInt(-1);
    }

    /** Everything at once, as of now. */
    public GuardMetricsSnapshot snapshot() {
        long now = ticker.read();
        long[] totals = rolling.totals();
        EventCounts window = new EventCounts(rolling.sums(now));
        int running = currentConcurrentExecutions();
        boolean percentiles = percentilesEnabled;
        // The state as the mode reports it, paired with that mode: read again if an operator changed it
        // in between, so a forced state is never published beside AUTOMATIC (or the reverse).
        BreakerMode mode;
        CircuitState state;
        do {
            mode = breaker.mode();
            state = breaker.state();
        } while (mode != breaker.mode());
        return new GuardMetricsSnapshot(now, rollingWindowMillis, window, new EventCounts(totals), health(window, now),
                percentiles ? RollingPercentile.snapshot(now, sameLatency, executionOnly) : LatencySnapshot.DISABLED,
                percentiles ? RollingPercentile.snapshot(now, sameLatency, totalOnly) : LatencySnapshot.DISABLED,
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
