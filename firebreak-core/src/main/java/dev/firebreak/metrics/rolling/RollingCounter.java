package dev.firebreak.metrics.rolling;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts of a fixed number of kinds (event types, say) over a rolling window of equal buckets, plus
 * the rolling maximum of one gauge. Time is data: every method takes the current
 * {@link dev.firebreak.time.Ticker} reading, so buckets rotate with the injected clock, never with a
 * background thread (see {@link BucketRing} for the rotation's invariants).
 *
 * <p>Recording is lock-free and allocation-free in steady state: a bucket's counts are
 * {@link LongAdder}s, striped under contention. A sum reads bucket after bucket and adder after
 * adder: it is exact once recording pauses, and while recording runs it contains every sample that
 * completed before the sum started (and perhaps some of those recorded meanwhile).
 */
public final class RollingCounter {

    private final int kinds;
    private final BucketRing<Bucket> ring;

    /**
     * A counter of {@code kinds} kinds over {@code windowNanos} in {@code buckets} buckets, with bucket
     * boundaries counted from {@code originNanos} (usually the clock's reading at creation).
     *
     * @throws IllegalArgumentException if the window does not split evenly into the buckets
     */
    public RollingCounter(int kinds, long windowNanos, int buckets, long originNanos) {
        if (kinds < 1) {
            throw new IllegalArgumentException("a rolling counter needs at least one kind, was " + kinds);
        }
        this.kinds = kinds;
        this.ring = new BucketRing<>(windowNanos, buckets, originNanos, () -> new Bucket(kinds));
    }

    /** Adds one to {@code kind} at {@code nowNanos}. */
    public void increment(int kind, long nowNanos) {
        Bucket bucket = ring.bucketAt(nowNanos);
        if (bucket != null) {
            bucket.counts[kind].increment();
        }
    }

    /** Adds one to every kind whose bit is set in {@code mask} (bit {@code i} is kind {@code i}). */
    public void incrementAll(long mask, long nowNanos) {
        Bucket bucket = ring.bucketAt(nowNanos);
        if (bucket == null) {
            return;
        }
        long rest = mask;
        while (rest != 0) {
            bucket.counts[Long.numberOfTrailingZeros(rest)].increment();
            rest &= rest - 1;
        }
    }

    /** Raises the gauge's maximum in the bucket of {@code nowNanos} to {@code value} if it is higher. */
    public void updateMax(long value, long nowNanos) {
        Bucket bucket = ring.bucketAt(nowNanos);
        if (bucket != null && value > bucket.max.get()) { // read first: no write once the maximum stands
            bucket.max.accumulateAndGet(value, Math::max); // a pure function: safe to retry
        }
    }

    /** The count of {@code kind} over the window ending at {@code nowNanos}. */
    public long sum(int kind, long nowNanos) {
        long current = ring.epochOf(nowNanos);
        long total = 0;
        for (int slot = 0; slot < ring.buckets(); slot++) {
            Bucket bucket = ring.inWindow(slot, current);
            if (bucket != null) {
                total += bucket.counts[kind].sum();
            }
        }
        return total;
    }

    /** Every kind's count over the window ending at {@code nowNanos}, in a new array indexed by kind. */
    public long[] sums(long nowNanos) {
        long current = ring.epochOf(nowNanos);
        long[] totals = new long[kinds];
        for (int slot = 0; slot < ring.buckets(); slot++) {
            Bucket bucket = ring.inWindow(slot, current);
            if (bucket != null) {
                for (int kind = 0; kind < kinds; kind++) {
                    totals[kind] += bucket.counts[kind].sum();
                }
            }
        }
        return totals;
    }

    /** The highest gauge value recorded in the window ending at {@code nowNanos} (0 if none). */
    public long max(long nowNanos) {
        long current = ring.epochOf(nowNanos);
        long highest = 0;
        for (int slot = 0; slot < ring.buckets(); slot++) {
            Bucket bucket = ring.inWindow(slot, current);
            if (bucket != null) {
                highest = Math.max(highest, bucket.max.get());
            }
        }
        return highest;
    }

    /** Number of kinds. */
    public int kinds() {
        return kinds;
    }

    /** One bucket: a count per kind and the gauge's maximum. Never reused for another epoch. */
    private static final class Bucket {
        final LongAdder[] counts;
        final AtomicLong max = new AtomicLong();

        Bucket(int kinds) {
            counts = new LongAdder[kinds];
            for (int i = 0; i < kinds; i++) {
                counts[i] = new LongAdder();
            }
        }
    }
}
