package dev.firebreak.isolation;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A lock-free bounded counter of calls in flight: the enforcement half of SEMAPHORE and VIRTUAL
 * isolation, of THREAD admission, and of the fallback limit. The limit may change at any time.
 *
 * <p>Invariants: {@code 0 <= inFlight()}; a successful {@link #tryAcquire()} never takes
 * {@code inFlight()} above the limit in force when it succeeded; every acquired permit is released
 * exactly once (a release below zero throws, so a double release cannot hide). Rejection allocates
 * nothing: {@link #tryAcquire()} returns false.
 */
public final class Bulkhead {

    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();
    private volatile int limit;

    /** A bulkhead admitting at most {@code limit} at once. */
    public Bulkhead(int limit) {
        setLimit(limit);
    }

    /** Changes the limit; calls already admitted keep their permits. */
    public void setLimit(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        this.limit = limit;
    }

    /** The limit in force. */
    public int limit() {
        return limit;
    }

    /** Takes a permit if one is free; false (and nothing taken) otherwise. */
    public boolean tryAcquire() {
        while (true) {
            int current = inFlight.get();
            if (current >= limit) {
                return false;
            }
            if (inFlight.compareAndSet(current, current + 1)) {
                int now = current + 1;
                if (now > peak.get()) {
                    peak.accumulateAndGet(now, Math::max);
                }
                return true;
            }
        }
    }

    /** Returns a permit taken by {@link #tryAcquire()}. */
    public void release() {
        int after = inFlight.decrementAndGet();
        if (after < 0) {
            inFlight.incrementAndGet();
            throw new IllegalStateException("permit released more often than acquired");
        }
    }

    /** Permits held now. */
    public int inFlight() {
        return inFlight.get();
    }

    /** The most permits ever held at once. */
    public int peak() {
        return peak.get();
    }
}
