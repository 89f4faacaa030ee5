package dev.firebreak.rolling;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A log-linear histogram of non-negative nanosecond values: values below 64 are counted exactly;
 * above, each power of two is split into 64 equal sub-buckets, so a bucket is never wider than 1/64
 * of its lower bound and its midpoint is within 1/128 (0.79 %) of every value in it.
 *
 * <p>Memory does not grow with the number of samples: one 64-slot chunk per power of two actually
 * used, made on first use by a compare-and-set (at most 58 chunks). Recording is lock-free, one
 * atomic update: the cell's compare-and-set, whose failure tells that another recorder met it there
 * (the count is the cells' total, and the mean is computed from the cells' representatives, so there
 * is no count or sum to update); it counts every sample (no reservoir, no cap). A histogram that one
 * thread alone writes records with no atomic update at all ({@link #recordAlone}).
 */
final class LatencyHistogram {

    /** Bits of sub-bucket resolution: 64 sub-buckets per power of two. */
    static final int PRECISION_BITS = 6;
    static final int SUB_BUCKETS = 1 << PRECISION_BITS;
    /** Chunk 0 holds the exact values 0..63; chunk c >= 1 holds [64 << (c-1), 128 << (c-1)). */
    static final int CHUNKS = 64 - PRECISION_BITS;

    private final AtomicReferenceArray<AtomicLongArray> chunks = new AtomicReferenceArray<>(CHUNKS);

    /**
     * Records one value (negative values count as 0), always; returns false if another recorder changed
     * the same cell meanwhile (contention: the value was then counted by a second, unconditional add).
     */
    boolean record(long nanos) {
        long value = Math.max(0L, nanos);
        int chunk = chunkOf(value);
        AtomicLongArray cells = cellsOf(chunk);
        int sub = subBucketOf(value, chunk);
        long seen = cells.get(sub);
        boolean alone = cells.compareAndSet(sub, seen, seen + 1);
        if (!alone) {
            cells.getAndIncrement(sub);
        }
        return alone;
    }

    /**
     * Records one value (negative values count as 0) as this histogram's only writer: the cell's count
     * is read and its successor stored with release semantics, no locked instruction. Correct only while
     * no other thread records here (see {@link StripedHistogram}).
     */
    void recordAlone(long nanos) {
        long value = Math.max(0L, nanos);
        int chunk = chunkOf(value);
        AtomicLongArray cells = cellsOf(chunk);
        int sub = subBucketOf(value, chunk);
        SoleWriter.increment(cells, sub);
    }

    /** The cells of {@code chunk}, made if no sample fell in it before. */
    private AtomicLongArray cellsOf(int chunk) {
        AtomicLongArray cells = chunks.get(chunk);
        return cells != null ? cells : madeChunk(chunk);
    }

    /** The cells of {@code chunk}, made by the first sample that falls in it (apart: a rare path kept out of the hot one). */
    private AtomicLongArray madeChunk(int chunk) {
        AtomicLongArray made = new AtomicLongArray(SUB_BUCKETS);
        AtomicLongArray raced = chunks.compareAndExchange(chunk, null, made);
        return raced == null ? made : raced;
    }

    /** Adds this histogram's counts into {@code into} (a {@code [CHUNKS][]} array, chunks made as needed). */
    void addTo(long[][] into) {
        for (int c = 0; c < CHUNKS; c++) {
            AtomicLongArray cells = chunks.get(c);
            if (cells == null) {
                continue;
            }
            if (into[c] == null) {
                into[c] = new long[SUB_BUCKETS];
            }
            for (int s = 0; s < SUB_BUCKETS; s++) {
                into[c][s] += cells.get(s);
            }
        }
    }

    static int chunkOf(long value) {
        int msb = 63 - Long.numberOfLeadingZeros(value | 1);
        return msb < PRECISION_BITS ? 0 : msb - PRECISION_BITS + 1;
    }

    static int subBucketOf(long value, int chunk) {
        return chunk == 0 ? (int) value : (int) (value >>> (chunk - 1)) - SUB_BUCKETS;
    }

    /** The value reported for a sample in ({@code chunk}, {@code sub}): the midpoint of its range. */
    static long representative(int chunk, int sub) {
        if (chunk == 0) {
            return sub;
        }
        int shift = chunk - 1;
        long low = (long) (SUB_BUCKETS + sub) << shift;
        long width = 1L << shift;
        return low + (width - 1) / 2;
    }
}
