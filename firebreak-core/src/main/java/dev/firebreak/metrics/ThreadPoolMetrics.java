package dev.firebreak.metrics;

import dev.firebreak.rolling.RollingCounter;

/**
 * The rolling figures of one thread pool: tasks executed, calls rejected, and the most threads
 * active at once, over the pool's {@code metrics.rollingStats.timeInMilliseconds} in
 * {@code metrics.rollingStats.numBuckets}. Time is data: callers pass ticker readings. Lock-free.
 */
public final class ThreadPoolMetrics {

    private static final int EXECUTED = 0;
    private static final int REJECTED = 1;

    private final RollingCounter counts;
    private final int windowMillis;

    /** Figures over {@code windowMillis} in {@code buckets} buckets, counted from {@code originNanos}. */
    public ThreadPoolMetrics(int windowMillis, int buckets, long originNanos) {
        this.windowMillis = windowMillis;
        this.counts = new RollingCounter(2, windowMillis * 1_000_000L, buckets, originNanos);
    }

    /** A task started on a pool thread, making {@code activeThreads} busy. */
    public void taskStarted(int activeThreads, long nowNanos) {
        counts.updateMax(activeThreads, nowNanos);
    }

    /** A task finished on a pool thread. */
    public void taskExecuted(long nowNanos) {
        counts.increment(EXECUTED, nowNanos);
    }

    /** A call was refused because the pool and its queue were full. */
    public void rejected(long nowNanos) {
        counts.increment(REJECTED, nowNanos);
    }

    /** Tasks finished in the window ending at {@code nowNanos}. */
    public long rollingExecuted(long nowNanos) {
        return counts.sum(EXECUTED, nowNanos);
    }

    /** Calls rejected in the window ending at {@code nowNanos}. */
    public long rollingRejected(long nowNanos) {
        return counts.sum(REJECTED, nowNanos);
    }

    /** The most threads active at once in the window ending at {@code nowNanos}. */
    public long rollingMaxActive(long nowNanos) {
        return counts.max(nowNanos);
    }

    /** The window's length. */
    public int windowMillis() {
        return windowMillis;
    }
}
