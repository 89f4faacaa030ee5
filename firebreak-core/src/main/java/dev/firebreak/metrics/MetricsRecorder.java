package dev.firebreak.metrics;

import dev.firebreak.breaker.CircuitBreakerView;
import dev.firebreak.time.Ticker;
import java.util.function.IntUnaryOperator;

/**
 * The recording side of one guard's {@link GuardMetrics}: made with the guard and held only by its
 * pipeline (and the guard's own bookkeeping), so nothing a user reaches from {@code guard.controls()}
 * can record a call. {@link #metrics()} is the read side users get.
 *
 * <p>Thread-safe and lock-free, as the metrics are.
 */
public final class MetricsRecorder {

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
        this.metrics = new GuardMetrics(config, ticker, breaker, runningByPermits);
    }

    /** The metrics this recorder feeds: what users read. */
    public GuardMetrics metrics() {
        return metrics;
    }

    /** A call's user code started running (reads the ticker). */
    public void executionStarted() {
        metrics.executionStarted();
    }

    /** A call's user code started running at {@code nowNanos} (saves a clock read on the hot path). */
    public void executionStarted(long nowNanos) {
        metrics.executionStarted(nowNanos);
    }

    /** A call's user code stopped running. */
    public void executionEnded() {
        metrics.executionEnded();
    }

    /** Records one completed call's events (a mask) and latencies, ended at {@code nowNanos}. */
    public void record(long events, long executionNanos, long totalNanos, long nowNanos) {
        metrics.record(events, executionNanos, totalNanos, nowNanos);
    }

    /** Applies a new configuration's live parts (the percentile switch, the health interval). */
    public void reconfigure(MetricsConfig config) {
        metrics.reconfigure(config);
    }
}
