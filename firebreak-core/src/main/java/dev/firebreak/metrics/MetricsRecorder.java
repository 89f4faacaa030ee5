package dev.firebreak.metrics;

import dev.firebreak.breaker.CircuitBreakerView;
import dev.firebreak.event.EventType;
import dev.firebreak.rolling.RollingCounter;
import dev.firebreak.rolling.RollingPercentile;
import dev.firebreak.time.Ticker;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;

/**
 * The recording side of one guard's {@link GuardMetrics}: made with the guard and held only by its
 * pipeline (and the guard's own bookkeeping), so nothing a user reaches from {@code guard.controls()}
 * can record a call. {@link #metrics()} is the read side users get.
 *
 * <p>Thread-safe and lock-free, as the metrics are; recording allocates nothing once a bucket exists.
 */
public final class MetricsRecorder {

    /*
     * The recorder owns what a call writes (the counters, the latency histograms, the running count)
     * and GuardMetrics reads them through it: the pipeline records a call here without a further hop to
     * the read side, one load fewer on every call's chain of dependent loads (measured at about 0.9 ns
     * of a 27 ns call; docs/architecture.md, "The caller-thread path").
     */

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
    /** Counts per event type in the rolling window and, folded from its buckets as they leave, since creation. */
    final RollingCounter rolling;
    /*
     * Latencies in three parts: a call whose execution and total latency are the same number (every
     * call that ran on its caller's thread without a fallback) records it once in sameLatency; others
     * record executionOnly and totalOnly. Execution = sameLatency + executionOnly, total = sameLatency
     * + totalOnly: the same samples as two histograms, at half the atomic adds on the common path.
     */
    final RollingPercentile sameLatency;
    final RollingPercentile executionOnly;
    final RollingPercentile totalOnly;
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
    private final GuardMetrics metrics;

    /** A recorder of new metrics with {@code config}, read on {@code ticker}, reporting {@code breaker}'s state. */
    public MetricsRecorder(MetricsConfig config, Ticker ticker, CircuitBreakerView breaker) {
        this(config, ticker, breaker, null);
    }

    /**
     * A recorder whose count of running calls is {@code runningByPermits}, the isolation's permits held
     * (null: counted here); for an isolation whose permit is held exactly while a call's code runs. Given
     * a floor, it answers the count when the count may exceed the floor, otherwise any value at most the
     * floor (a floor of -1 asks for the count).
     */
    public MetricsRecorder(MetricsConfig config, Ticker ticker, CircuitBreakerView breaker,
            IntUnaryOperator runningByPermits) {
        this.ticker = ticker;
        this.runningByPermits = runningByPermits;
        long origin = ticker.read();
        int rollingWindowMillis = (int) config.rollingStatsWindow().toMillis();
        this.rolling = new RollingCounter(EventType.count(), JOINT, rollingWindowMillis * 1_000_000L,
                config.rollingStatsBuckets(), origin);
        long percentileWindow = config.percentileWindow().toNanos();
        int percentileBuckets = config.percentileBuckets();
        this.sameLatency = new RollingPercentile(percentileWindow, percentileBuckets, origin);
        this.executionOnly = new RollingPercentile(percentileWindow, percentileBuckets, origin);
        this.totalOnly = new RollingPercentile(percentileWindow, percentileBuckets, origin);
        this.percentilesEnabled = config.percentilesEnabled();
        this.metrics = new GuardMetrics(this, config, ticker, breaker, rollingWindowMillis);
    }

    /** The metrics this recorder feeds: what users read. */
    public GuardMetrics metrics() {
        return metrics;
    }

    /** A call's user code started running (reads the ticker). */
    public void executionStarted() {
        executionStarted(ticker.read());
    }

    /** A call's user code started running at {@code nowNanos} (saves a clock read on the hot path). */
    public void executionStarted(long nowNanos) {
        IntUnaryOperator permits = runningByPermits;
        if (permits == null) {
            rolling.updateMax(concurrent.incrementAndGet(), nowNanos);
        } else {
            rolling.updateMaxAbove(permits, nowNanos);
        }
    }

    /** A call's user code stopped running. */
    public void executionEnded() {
        if (runningByPermits == null) {
            concurrent.decrementAndGet();
        }
    }

    /** Records one completed call's events (a mask) and latencies, ended at {@code nowNanos}. */
    public void record(long events, long executionNanos, long totalNanos, long nowNanos) {
        rolling.incrementAll(events, nowNanos); // counted once: the counts since creation are folded from these buckets
        if (percentilesEnabled) {
            if ((events & EXECUTED) == 0) {
                totalOnly.record(totalNanos, nowNanos);
            } else if (executionNanos == totalNanos) {
                sameLatency.record(totalNanos, nowNanos);
            } else {
                executionOnly.record(executionNanos, nowNanos);
                totalOnly.record(totalNanos, nowNanos);
            }
        }
    }

    /** Applies a new configuration's live parts (the percentile switch, the health interval); the geometry is fixed. */
    public void reconfigure(MetricsConfig config) {
        percentilesEnabled = config.percentilesEnabled();
        metrics.reconfigureHealth(config);
    }

    /** Whether latencies are recorded now ({@code metrics.rollingPercentile.enabled}, live). */
    boolean percentilesEnabled() {
        return percentilesEnabled;
    }

    /** Calls whose user code is running now. */
    int running() {
        IntUnaryOperator permits = runningByPermits;
        return permits == null ? concurrent.get() : permits.applyAsInt(-1);
    }
}
