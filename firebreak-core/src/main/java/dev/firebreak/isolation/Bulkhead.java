package dev.firebreak.isolation;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A lock-free bounded counter of calls in flight: the enforcement half of SEMAPHORE and VIRTUAL
 * isolation (whose limit an adaptive limit algorithm may drive), of THREAD admission, and of the
 * fallback limit. The limit may change at any time.
 *
 * <p>The limit and the count live in one {@code long} (limit in the high 32 bits, in-flight count in
 * the low 32), so an admission is one compare-and-set against exactly the limit in force at that
 * instant: the admission, the limit change and the release are each one atomic step on one word, and
 * the bulkhead is linearizable (model-checked by {@code BulkheadLincheckTest}).
 *
 * <p>Invariants: {@code 0 <= inFlight()}; a successful {@link #tryAcquire()} never takes
 * {@code inFlight()} above the limit in force at its compare-and-set; every acquired permit is
 * released exactly once (a release below zero throws, so a double release cannot hide). Rejection
 * allocates nothing: {@link #tryAcquire()} returns false.
 */
public final class Bulkhead {

    private static final long COUNT_MASK = 0xFFFF_FFFFL;

    /** {@code limit << 32 | inFlight}: both halves non-negative ints. */
    private final AtomicLong state = new AtomicLong();
    private final AtomicInteger peak = new AtomicInteger();

    /** A bulkhead admitting at most {@code limit} at once. */
    public Bulkhead(int limit) {
        setLimit(limit);
    }

    private static int limitOf(long word) {
        return (int) (word >>> 32);
    }

    private static int countOf(long word) {
        return (int) (word & COUNT_MASK);
    }

    /** Changes the limit; calls already admitted keep their permits. */
    public void setLimit(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        long shifted = (long) limit << 32;
        while (true) {
            long word = state.get();
            if (countOf(word) < 0) { // a bad release is about to undo its borrow (see release)
                Thread.onSpinWait();
                continue;
            }
            if (state.compareAndSet(word, shifted | (word & COUNT_MASK))) {
                return;
            }
        }
    }

    /** The limit in force. */
    public int limit() {
        long word = state.get();
        return limitOf(word - Math.min(0, countOf(word))); // as once any bad release undid its borrow
    }

    /** Takes a permit if one is free; false (and nothing taken) otherwise. */
    public boolean tryAcquire() {
        return tryAcquireCount() > 0;
    }

    /**
     * Takes a permit if one is free and returns the in-flight count including it (what an adaptive limit
     * records as the attempt's in-flight count at its start); 0 (nothing taken) if the limit is reached.
     */
    public int tryAcquireCount() {
        long word = tryAcquireWord();
        return word < 0 ? 0 : countOf(word);
    }

    /**
     * Takes a permit if one is free and returns the bulkhead's word as its compare-and-set left it: the
     * limit in force at that instant in the high 32 bits, the in-flight count including this permit in
     * the low 32 (so a caller can check its admission against the limit it was admitted under); -1
     * (nothing taken) if the limit is reached.
     */
    public long tryAcquireWord() {
        while (true) {
            long word = state.get();
            int count = countOf(word);
            // Invariant: admitted only if count < the limit of this very word, swapped in one CAS (a
            // negative count, a bad release's transient, is above every limit unsigned: refused).
            if (Integer.compareUnsigned(count, limitOf(word)) >= 0) {
                return -1L;
            }
            long next = word + 1;
            if (state.compareAndSet(word, next)) {
                int now = count + 1;
                if (now > peak.get()) {
                    peak.accumulateAndGet(now, Math::max);
                }
                return next;
            }
        }
    }

    /**
     * Returns a permit taken by {@link #tryAcquire()}: one atomic subtraction, no read before it and no
     * retry under contention. A release with no permit held (a bug in the caller) finds the count at 0
     * (or below) in the word it replaced: it adds the one back and throws. Until then the count half
     * reads negative as an int (a valid count never does: it is at most the limit, an int), which every
     * admission refuses and every limit change waits out, so the limit half keeps its value.
     */
    public void release() {
        long before = state.getAndAdd(-1L);
        if (countOf(before) <= 0) {
            state.getAndAdd(1L); // undo the borrow first: the word is whole again
            throw new IllegalStateException("permit released more often than acquired");
        }
    }

    /** Permits held now. */
    public int inFlight() {
        return Math.max(0, countOf(state.get())); // 0 while a bad release undoes its borrow
    }

    /** The most permits ever held at once. */
    public int peak() {
        return peak.get();
    }
}
