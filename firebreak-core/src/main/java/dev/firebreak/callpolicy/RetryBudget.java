package dev.firebreak.callpolicy;

import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How many extra attempts (retries, or hedges) the callers of one policy may add, shared by all of
 * them: over a rolling window of 10 buckets on the injected clock, the extra attempts may not exceed
 * the larger of {@code percent} % of the calls made in the window and {@code minPerSecond} per second
 * of the window. As in Envoy's retry budget, the minimum is a floor for quiet services, not an
 * addition for busy ones: a busy dependency that fails every call sees at most
 * {@code 1 + percent/100} times its normal load, not {@code maxAttempts} times.
 *
 * <p>Time is data: every method takes the ticker's reading. Invariant, for every window of 10
 * consecutive buckets: {@code extras <= max(floor(calls * percent / 100), minPerSecond * window / 1 s)}
 * (the calls counted as they arrived in those buckets), because {@link #tryAcquire} admits an extra
 * attempt only if every window that will hold its bucket still keeps within its allowance. The price
 * of "every window": an extra attempt is backed by the calls of its own bucket and the ones before,
 * so a burst of calls buys retries for at most one window. Thread-safe: one
 * {@link ReentrantLock} guards the buckets (a few additions; no user code and no listener under it).
 */
public final class RetryBudget {

    private static final int BUCKETS = 10;

    private final ReentrantLock lock = new ReentrantLock();
    private final long bucketNanos;
    private final long windowMillis;
    private final long origin;
    private final long[] epochs = new long[BUCKETS];
    private final long[] calls = new long[BUCKETS];
    private final long[] extras = new long[BUCKETS];
    private long latestEpoch = Long.MIN_VALUE;
    private volatile int percent;
    private volatile int minPerSecond;

    /**
     * A budget over {@code window} (10 buckets), counting from {@code originNanos}.
     *
     * @throws IllegalArgumentException if the window is shorter than 10 ms or not a multiple of 10 ms
     */
    public RetryBudget(Duration window, int percent, int minPerSecond, long originNanos) {
        long millis = window.toMillis();
        if (millis < BUCKETS || millis % BUCKETS != 0) {
            throw new IllegalArgumentException("budget window must be a multiple of 10 ms, was " + window);
        }
        this.windowMillis = millis;
        this.bucketNanos = millis / BUCKETS * 1_000_000L;
        this.origin = originNanos;
        java.util.Arrays.fill(epochs, Long.MIN_VALUE);
        reconfigure(percent, minPerSecond);
    }

    /** Changes the fraction and the minimum; the window is fixed. */
    public void reconfigure(int percent, int minPerSecond) {
        if (percent < 0 || percent > 100 || minPerSecond < 0) {
            throw new IllegalArgumentException("percent in [0, 100] and minPerSecond >= 0 expected, were "
                    + percent + " and " + minPerSecond);
        }
        this.percent = percent;
        this.minPerSecond = minPerSecond;
    }

    /** One call began at {@code nowNanos}: it adds to what the window allows. */
    public void onCall(long nowNanos) {
        lock.lock();
        try {
            calls[slot(nowNanos)]++;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes one extra attempt at {@code nowNanos} if every window that holds its bucket still keeps
     * within its allowance. Those windows end in this bucket or one of the 9 after it; of each, the
     * buckets known now are a suffix of the current window (from bucket {@code current - 9 + k} to
     * {@code current}), and later buckets can only add calls, while later extras are checked then. So
     * the extra attempt is granted only if for every such suffix
     * {@code extras + 1 <= max(floor(calls * percent / 100), reserve)} (monotone in the calls, so a suffix
     * that keeps within it now keeps within it as its window fills).
     *
     * @return true if the extra attempt may be made (and is now counted), false if the budget is spent
     */
    public boolean tryAcquire(long nowNanos) {
        lock.lock();
        try {
            int slot = slot(nowNanos);
            long current = epochs[slot];
            long calls = 0;
            long taken = 0;
            for (int age = 0; age < BUCKETS; age++) { // suffixes, newest bucket first
                int i = (int) Math.floorMod(current - age, (long) BUCKETS);
                if (epochs[i] == current - age) {
                    calls += this.calls[i];
                    taken += extras[i];
                }
                if (taken + 1 > allowance(calls)) {
                    return false;
                }
            }
            extras[slot]++;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** The calls counted in the window ending at {@code nowNanos}. */
    public long calls(long nowNanos) {
        return read(calls, nowNanos);
    }

    /** The extra attempts taken in the window ending at {@code nowNanos}. */
    public long extras(long nowNanos) {
        return read(extras, nowNanos);
    }

    /**
     * How many extra attempts a window with {@code callsInWindow} calls allows: the larger of the
     * fraction and the minimum (the reserve), never their sum.
     */
    public long allowance(long callsInWindow) {
        return Math.max(callsInWindow * percent / 100, (long) minPerSecond * windowMillis / 1000);
    }

    private long read(long[] counts, long nowNanos) {
        lock.lock();
        try {
            return sum(counts, epochs[slot(nowNanos)]);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The bucket of {@code nowNanos}, cleared if it held an older epoch. A reading older than the
     * latest one seen (a thread that read the clock before another but locked after it) counts in the
     * latest bucket, so a bucket is never cleared back to an earlier epoch. Called under the lock.
     */
    private int slot(long nowNanos) {
        long epoch = Math.floorDiv(nowNanos - origin, bucketNanos);
        if (latestEpoch != Long.MIN_VALUE && epoch < latestEpoch) {
            epoch = latestEpoch;
        }
        latestEpoch = epoch;
        int slot = (int) Math.floorMod(epoch, (long) BUCKETS);
        if (epochs[slot] != epoch) {
            epochs[slot] = epoch;
            calls[slot] = 0;
            extras[slot] = 0;
        }
        return slot;
    }

    /** The sum over buckets of the window ending in epoch {@code current}. Called under the lock. */
    private long sum(long[] counts, long current) {
        long total = 0;
        for (int i = 0; i < BUCKETS; i++) {
            long age = current - epochs[i];
            if (age >= 0 && age < BUCKETS) {
                total += counts[i];
            }
        }
        return total;
    }
}
