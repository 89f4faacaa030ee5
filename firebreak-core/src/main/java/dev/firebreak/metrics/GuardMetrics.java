package dev.firebreak.metrics;

import dev.firebreak.GuardConfig;
import dev.firebreak.event.EventType;
import dev.firebreak.time.Ticker;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The figures of one guard: what every call's events and latencies feed. Recording is lock-free and
 * allocation-free.
 *
 * <p>This first version keeps cumulative counts per event type and the current concurrency; rolling
 * windows and percentiles replace it in the health work.
 */
public final class GuardMetrics {

    private final LongAdder[] cumulative = new LongAdder[EventType.count()];
    private final AtomicInteger concurrent = new AtomicInteger();

    /** Metrics for a guard configured by {@code config}, reading time from {@code ticker}. */
    public GuardMetrics(GuardConfig config, Ticker ticker) {
        for (int i = 0; i < cumulative.length; i++) {
            cumulative[i] = new LongAdder();
        }
    }

    /** A call's user code started running. */
    public void executionStarted() {
        concurrent.incrementAndGet();
    }

    /** A call's user code stopped running. */
    public void executionEnded() {
        concurrent.decrementAndGet();
    }

    /** Records one completed call's events (a mask) and latencies. */
    public void record(long events, long executionNanos, long totalNanos) {
        long rest = events;
        while (rest != 0) {
            int ordinal = Long.numberOfTrailingZeros(rest);
            cumulative[ordinal].increment();
            rest &= rest - 1;
        }
    }

    /** Applies a new configuration (live parts only). */
    public void reconfigure(GuardConfig config) {
    }

    /** Calls of this type since the guard was created. */
    public long cumulativeCount(EventType type) {
        return cumulative[type.ordinal()].sum();
    }

    /** Calls whose user code is running now. */
    public int currentConcurrentExecutions() {
        return concurrent.get();
    }
}
