package dev.firebreak.rolling;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.IntUnaryOperator;

/**
 * Counts of a fixed number of kinds (event types, say) over a rolling window of equal buckets, the
 * same counts since creation, and the rolling maximum of one gauge. Time is data: every method takes
 * the current {@link dev.firebreak.time.Ticker} reading, so buckets rotate with the injected clock,
 * never with a background thread (see {@link BucketRing} for the rotation's invariants).
 *
 * <p>A window sum reads bucket after bucket: it is exact once recording pauses, and while recording
 * runs it contains every sample that completed before the sum started (and perhaps some of those
 * recorded meanwhile); a total since creation is the same, and nothing is lost or doubled across
 * rotations. Kinds often counted together (a refusal and its fallback's success) may share a
 * <em>joint</em> cell, one atomic update for the pair. Recording is lock-free and allocation-free in
 * steady state.
 */
public final class RollingCounter {

    /*
     * One thread, the owner (the first to record, by one compare-and-set; it stays the owner
     * until it has terminated), counts without a locked instruction: each bucket has home
     * cells that only the owner writes, and the owner keeps its own counts since creation,
     * ownTotals, also written by it alone (each a read of the cell and its successor stored with
     * release semantics). A window sum adds home to the bucket's other counts; a total adds
     * ownTotals and never home, so the owner's events need no folding and no seal: a departed
     * bucket's home is simply no longer read. A caller that keeps calling, the common case, pays no atomic
     * read-modify-write for its counts.
     *
     * Every other thread's event is counted once, in its bucket (SealableCounts: one
     * compare-and-set, striped under contention). The counts since creation of those are the retired
     * totals (the buckets that left the ring, folded in as they leave) plus every bucket still in the ring,
     * whatever its epoch:
     *
     *   - Folding: the thread whose compare-and-set takes a bucket out of the ring seals it, which returns
     *       its counts at once, and adds them to retired. A recorder that took that bucket just before
     *       it left (the ring's hint allows it) either counted before the seal (folded) or is told its bucket
     *       is sealed and adds its event to retired itself; an event whose time has already left the
     *       window (no bucket) goes to retired directly. So each event is in exactly one place.
     *   - Reading: a fold is bracketed by opened and closed (bumped before the
     *       compare-and-set and after the fold). A reader reads closed, then opened; equal,
     *       no fold was under way; it sums retired and the ring, then reads opened again:
     *       unchanged, no bucket left the ring during the read, so none was summed twice (in the ring and in
     *       retired) or missed (gone from the ring, not yet folded). Otherwise it reads again; folds
     *       happen once per slot and bucket interval.
     *
     * A total therefore holds every event recorded before the read started (and perhaps some recorded
     * meanwhile), and once recording pauses it is exact: nothing lost or doubled across rotations.
     *
     * Invariants of the owner's counts: the role passes as Owner says, so home and ownTotals have one
     * writer at a time and lose nothing. An owner's event is in ownTotals exactly once, and in the home
     * of its bucket when its time has a bucket (so a window holds it exactly as it holds the others). A
     * read holds every owner's event whose record happens-before it; one recorded without such an order
     * shows a few nanoseconds later, when its store leaves the core. Nothing decides from these counts:
     * they are read for snapshots. A pool thread or a caller that keeps calling keeps the role; one that
     * ended (a virtual thread, a warm-up thread) gives it up within a bucket interval.
     */

    private static final VarHandle OWNER;

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(RollingCounter.class, "owner", Owner.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int kinds;
    /** Masks of several kinds counted as one (cell {@code kinds + j} for mask {@code j}); read into each of their kinds. */
    private final long[] joint;
    private final BucketRing<Bucket> ring;
    /** The counts of the buckets that left the ring (and of events they could not take), per kind. */
    private final AtomicLongArray retired;
    /** Bucket removals begun; see the class comment. */
    private final AtomicLong opened = new AtomicLong();
    /** Bucket removals over (each folded, if it removed one). */
    private final AtomicLong closed = new AtomicLong();
    /** Whose thread alone writes {@link #ownTotals} and every bucket's home; null until a record claims it (see the class comment). */
    private volatile Owner owner;
    /** The owner's counts since creation, per cell: one writer, never folded (see the class comment). */
    private final AtomicLongArray ownTotals;

    /**
     * A counter of {@code kinds} kinds over {@code windowNanos} in {@code buckets} buckets, with bucket
     * boundaries counted from {@code originNanos} (usually the clock's reading at creation).
     *
     * @throws IllegalArgumentException if the window does not split evenly into the buckets
     */
    public RollingCounter(int kinds, long windowNanos, int buckets, long originNanos) {
        this(kinds, new long[0], windowNanos, buckets, originNanos);
    }

    /**
     * A counter as above where each mask of {@code joint} (several kinds that are often counted together,
     * such as a refusal and its fallback's success) has a cell of its own: {@link #incrementAll} of exactly
     * that mask is one atomic update instead of one per kind, and every read adds the cell to each kind.
     *
     * @throws IllegalArgumentException if the window does not split evenly into the buckets, or a joint
     *     mask has fewer than two kinds or a kind beyond {@code kinds}
     */
    public RollingCounter(int kinds, long[] joint, long windowNanos, int buckets, long originNanos) {
        if (kinds < 1) {
            throw new IllegalArgumentException("a rolling counter needs at least one kind, was " + kinds);
        }
        for (long mask : joint) {
            if (Long.bitCount(mask) < 2 || kinds < 64 && mask >>> kinds != 0) {
                throw new IllegalArgumentException("a joint mask needs two kinds or more, below " + kinds + ": "
                        + Long.toBinaryString(mask));
            }
        }
        this.kinds = kinds;
        this.joint = joint.clone();
        int cells = kinds + this.joint.length;
        this.retired = new AtomicLongArray(cells);
        this.ownTotals = new AtomicLongArray(cells);
        this.ring = new BucketRing<>(windowNanos, buckets, originNanos, () -> freshBucket(cells), new Folding());
    }

    /** Adds one to {@code kind} at {@code nowNanos}. */
    public void increment(int kind, long nowNanos) {
        count(ring.bucketAt(nowNanos), kind, owns());
    }

    /**
     * Adds one to every kind whose bit is set in {@code mask} (bit {@code i} is kind {@code i}): one
     * atomic update if the mask is one kind or one of the joint masks, else one per kind.
     */
    public void incrementAll(long mask, long nowNanos) {
        Bucket bucket = ring.bucketAt(nowNanos);
        boolean alone = owns();
        if ((mask & (mask - 1)) != 0) { // more than one kind: counted as one if the mask is joint
            for (int j = 0; j < joint.length; j++) {
                if (joint[j] == mask) {
                    count(bucket, kinds + j, alone);
                    return;
                }
            }
        }
        long rest = mask;
        while (rest != 0) {
            count(bucket, Long.numberOfTrailingZeros(rest), alone);
            rest &= rest - 1;
        }
    }

    /** Whether the calling thread is the owner, claiming the role if nobody has it (see the class comment). */
    private boolean owns() {
        return Owner.owns(owner, OWNER, this);
    }

    /**
     * A bucket for the ring to install (once per slot and bucket interval), after freeing the owner's role
     * if its thread has terminated: the next recorder may claim it (see the class comment).
     */
    private Bucket freshBucket(int cells) {
        Owner.freeIfEnded(owner, OWNER, this);
        return new Bucket(cells);
    }

    /** The owner's thread now, or null (for tests). */
    Thread owner() {
        return Owner.threadOf(owner);
    }

    /**
     * Counts one event in {@code cell}: as the owner ({@code alone}) in {@code bucket}'s home, if its time has
     * a bucket, and in {@link #ownTotals}; otherwise in {@code bucket}'s sealable counts, or in
     * {@link #retired} when its time has no bucket or its bucket was sealed first.
     */
    private void count(Bucket bucket, int cell, boolean alone) {
        if (alone) {
            if (bucket != null) {
                SoleWriter.increment(bucket.home, cell);
            }
            SoleWriter.increment(ownTotals, cell);
        } else if (bucket == null || !bucket.counts.increment(cell)) {
            retired.getAndIncrement(cell);
        }
    }

    /** Raises the gauge's maximum in the bucket of {@code nowNanos} to {@code value} if it is higher. */
    public void updateMax(long value, long nowNanos) {
        Bucket bucket = ring.bucketAt(nowNanos);
        if (bucket != null && value > bucket.max.get()) { // read first: no write once the maximum stands
            bucket.max.accumulateAndGet(value, Math::max); // a pure function: safe to retry
        }
    }

    /**
     * Raises the maximum of the bucket at {@code nowNanos} to {@code valueAbove}'s answer when given that
     * maximum: a value above it when the value exceeds it, any value at most it otherwise (so a source
     * whose exact value costs more than a bound can skip it while the maximum stands).
     */
    public void updateMaxAbove(IntUnaryOperator valueAbove, long nowNanos) {
        Bucket bucket = ring.bucketAt(nowNanos);
        if (bucket != null) {
            long max = bucket.max.get();
            int value = valueAbove.applyAsInt((int) Math.min(max, Integer.MAX_VALUE));
            if (value > max) {
                bucket.max.accumulateAndGet(value, Math::max); // a pure function: safe to retry
            }
        }
    }

    /** The count of {@code kind} over the window ending at {@code nowNanos}. */
    public long sum(int kind, long nowNanos) {
        return sums(nowNanos)[kind];
    }

    /** Every kind's count over the window ending at {@code nowNanos}, in a new array indexed by kind. */
    public long[] sums(long nowNanos) {
        long current = ring.epochOf(nowNanos);
        long[] cells = new long[kinds + joint.length];
        for (int slot = 0; slot < ring.buckets(); slot++) {
            Bucket bucket = ring.inWindow(slot, current);
            if (bucket != null) {
                bucket.counts.addTo(cells);
                for (int cell = 0; cell < cells.length; cell++) {
                    cells[cell] += bucket.home.get(cell);
                }
            }
        }
        return perKind(cells);
    }

    /** The count of {@code kind} since creation (see the class comment for how it is read). */
    public long total(int kind) {
        return totals()[kind];
    }

    /** Every kind's count since creation, in a new array indexed by kind (see the class comment). */
    public long[] totals() {
        long[] cells = new long[kinds + joint.length];
        for (int waits = 1; ; waits++) {
            long done = closed.get();
            long begun = opened.get();
            if (begun != done) { // a bucket is leaving the ring: read once it has been folded
                if ((waits & 63) == 0) {
                    Thread.yield(); // the folder may have been descheduled mid-fold
                } else {
                    Thread.onSpinWait();
                }
                continue;
            }
            for (int cell = 0; cell < cells.length; cell++) {
                cells[cell] = retired.get(cell) + ownTotals.get(cell); // the owner's events: never in a fold
            }
            for (int slot = 0; slot < ring.buckets(); slot++) {
                BucketRing.Entry<Bucket> entry = ring.entryIn(slot);
                if (entry != null) {
                    entry.bucket().counts.addTo(cells);
                }
            }
            if (opened.get() == begun) {
                return perKind(cells);
            }
        }
    }

    /** The counts per kind of {@code cells} (one per kind, then one per joint mask, counted in each of its kinds). */
    private long[] perKind(long[] cells) {
        long[] counts = java.util.Arrays.copyOf(cells, kinds);
        for (int j = 0; j < joint.length; j++) {
            long rest = joint[j];
            while (rest != 0) {
                counts[Long.numberOfTrailingZeros(rest)] += cells[kinds + j];
                rest &= rest - 1;
            }
        }
        return counts;
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

    /** Folds each bucket that leaves the ring into {@link #retired}, between the two counters readers check. */
    private final class Folding implements BucketRing.Retirement<Bucket> {
        @Override
        public void opening() {
            opened.incrementAndGet();
        }

        @Override
        public void retired(Bucket bucket) {
            bucket.counts.seal(retired);
        }

        @Override
        public void closing() {
            closed.incrementAndGet();
        }
    }

    /** One bucket: a count per kind (the owner's in home), and the gauge's maximum. Never reused for another epoch. */
    private static final class Bucket {
        final SealableCounts counts;
        /** The owner's counts in this bucket: one writer, never sealed (totals read {@link #ownTotals} instead). */
        final AtomicLongArray home;
        final AtomicLong max = new AtomicLong();

        Bucket(int cells) {
            counts = new SealableCounts(cells);
            home = new AtomicLongArray(cells);
        }
    }
}
