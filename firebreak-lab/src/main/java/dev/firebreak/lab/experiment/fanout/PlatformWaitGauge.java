package dev.firebreak.lab.experiment.fanout;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the threads waiting inside a blocking call, split by kind: every blocking fetch enters the
 * gauge before it sends and leaves it when the answer is in. A platform thread is counted in
 * {@link #now()} and lifts {@link #peak()}; a virtual thread is only counted in
 * {@link #virtualWaits()}, because while it waits it is unmounted and holds no platform thread.
 *
 * <p>Invariant: {@code now} equals the number of platform threads between {@link #enter()} and the
 * matching {@link Waiting#close()}; {@code peak} is the largest value {@code now} has taken since the
 * last {@link #reset()}.
 */
public final class PlatformWaitGauge {

    private final AtomicInteger now = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();
    private final LongAdder platformWaits = new LongAdder();
    private final LongAdder virtualWaits = new LongAdder();

    /** One thread's stay in the gauge; closing it leaves the gauge. */
    @FunctionalInterface
    public interface Waiting extends AutoCloseable {
        @Override
        void close();
    }

    private static final Waiting NOTHING = () -> { };

    /** The calling thread starts waiting; close the result when the wait ends. */
    public Waiting enter() {
        if (Thread.currentThread().isVirtual()) {
            virtualWaits.increment();
            return NOTHING;
        }
        platformWaits.increment();
        int waiting = now.incrementAndGet();
        peak.accumulateAndGet(waiting, Math::max);
        return now::decrementAndGet;
    }

    /** Platform threads waiting now. */
    public int now() {
        return now.get();
    }

    /** The most platform threads that waited at once since the last reset. */
    public int peak() {
        return peak.get();
    }

    /** Waits (blocking calls) made on platform threads since the last reset. */
    public long platformWaits() {
        return platformWaits.sum();
    }

    /** Waits made on virtual threads since the last reset. */
    public long virtualWaits() {
        return virtualWaits.sum();
    }

    /** Starts a new count; the peak restarts from the threads waiting now. */
    public void reset() {
        peak.set(now.get());
        platformWaits.reset();
        virtualWaits.reset();
    }
}
