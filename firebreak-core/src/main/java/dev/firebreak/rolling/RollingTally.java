package dev.firebreak.rolling;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Calls, errors and slow calls over a rolling window of equal buckets, where recording one call also
 * hands its owner's {@link WindowTest} the figures of the window that now holds it, in constant time:
 * the tally counts and knows no threshold. Built for the circuit breaker, which decides on every
 * outcome: summing the whole window on every call was the largest cost of a guarded call. Time is
 * data, as in {@link RollingCounter} (same {@link BucketRing}).
 *
 * <p>Limit: a bucket counts at most 2<sup>32</sup> - 1 calls (1.2 hours at a million calls a second
 * within one bucket; the default bucket is one second).
 */
public final class RollingTally {

    /*
     * How a record reads the window without summing it:
     * - A bucket's calls and errors share one word (errors << 32 | calls), so the add that records a call
     *   returns the bucket's exact pair at that instant, including the call itself, in one atomic step
     *   (slow calls, rarer and only tracked when asked, have a word of their own).
     * - The buckets before the recorder's own (the rest of its window) are summed once per epoch into a
     *   Base that every later record of that epoch reuses.
     * - A success that cannot change the answer (recordedQuietly) is counted apart from the word: by the
     *   tally's owner (see Owner) in its bucket's home cell with a plain read and a release store, by any
     *   other thread in the bucket's others cell by compare-and-set, or, once that cell has been contended,
     *   in the bucket's striped adder. A reader adds all three, read after the word.
     * - A record into a bucket that a base may already have summed (its epoch is older than the
     *   latestEpoch some base was made for) is a late record: it bumps lateRecords after its add, which
     *   retires every base made before the bump.
     *
     * Invariant (what the figures a record hands over contain): every call whose record happens-before
     * this record's add, plus this one, and nothing from outside the window. (The owner's quiet
     * successes are release stores, so happens-before is what makes another thread see them; every
     * other count is a volatile read-modify-write, seen in the synchronization order.) Proof sketch for the base: a
     * base for epoch e is made by (a) raising latestEpoch to e, (a') reading lateRecords, (b) summing the
     * buckets of epochs e-n+1 .. e-1. A record of epoch r < e does (1) its add, (2) a read of latestEpoch,
     * and (3) a bump if that read was above r. If (2) read a value below e, (2) came before (a) on that
     * one variable, so (1) came before (b) and the sum holds the call. Otherwise (3) follows (1): before
     * (a') the sum holds the call; after (a'), the base carries an older lateRecords and is not used by
     * any record that reads the counter after the bump. Readers validate a base by its epoch and that
     * count only.
     */

    private static final long CALL = 1L;
    private static final long ERROR = 1L << 32;
    private static final long LOW = 0xFFFF_FFFFL;

    private static final VarHandle LATEST_EPOCH;
    private static final VarHandle LATE_RECORDS;
    private static final VarHandle OWNER;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            LATEST_EPOCH = lookup.findVarHandle(RollingTally.class, "latestEpoch", long.class);
            LATE_RECORDS = lookup.findVarHandle(RollingTally.class, "lateRecords", long.class);
            OWNER = lookup.findVarHandle(RollingTally.class, "owner", Owner.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final BucketRing<Bucket> ring;
    /** The highest epoch a base was made for (raised before summing it); only grows. */
    private volatile long latestEpoch = Long.MIN_VALUE;
    /** Late records so far: a base made before the latest of them is stale. */
    private volatile long lateRecords;
    /** The base last made (a cache: any base whose epoch and count match is as good). */
    private volatile Base base;
    /** Whose thread alone writes every bucket's home quiet count; null until a quiet record claims it. */
    private volatile Owner owner;

    /**
     * A tally over {@code windowNanos} in {@code buckets} buckets, boundaries counted from {@code originNanos}.
     *
     * @throws IllegalArgumentException if the window does not split evenly into the buckets
     */
    public RollingTally(long windowNanos, int buckets, long originNanos) {
        this.ring = new BucketRing<>(windowNanos, buckets, originNanos, this::freshBucket);
    }

    /**
     * Records one call at {@code nowNanos} (an error, a slow call, or neither) and returns
     * {@code test}'s answer for the window ending at {@code nowNanos}, this call included: a view of it
     * that holds every call recorded before this one. Allocates nothing but one base per bucket
     * interval (and the window's sums for a late record).
     */
    public boolean recordAndTest(boolean error, boolean slow, long nowNanos, WindowTest test) {
        BucketRing.Entry<Bucket> entry = ring.entryAt(nowNanos);
        if (entry == null) { // this time has left the window of a later reading: nothing to record
            return testWindow(nowNanos, test);
        }
        Bucket bucket = entry.bucket();
        long epoch = entry.epoch();
        if (!error && !slow && recordedQuietly(bucket, epoch, test)) {
            if ((long) LATEST_EPOCH.getVolatile(this) > epoch) { // late, as below
                LATE_RECORDS.getAndAdd(this, 1L);
                return testWindow(nowNanos, test);
            }
            return false; // settled: the test is false on the view
        }
        if (slow) {
            bucket.slow.incrementAndGet();
        }
        long word = bucket.addToWord(error ? CALL | ERROR : CALL) + (error ? CALL | ERROR : CALL);
        if ((long) LATEST_EPOCH.getVolatile(this) > epoch) { // a late record: a base may hold this bucket
            LATE_RECORDS.getAndAdd(this, 1L);
            return testWindow(nowNanos, test);
        }
        Base before = baseFor(epoch);
        long calls = before.calls + (word & LOW) + bucket.quiet(); // quiet successes: read after the add
        return test.test(calls, before.errors + (word >>> 32), before.slow + bucket.slow.get());
    }

    /*
     * Counts a success that cannot change the answer without touching the bucket's word: true (counted,
     * the answer is false) when the window as read now, with this call, is settled for the test; false
     * (nothing counted) otherwise, and the caller records it on the word.
     *
     * Why the answer is right: its view is every call of the window recorded at the read of the word,
     * plus this one, which holds every call completed before this record began (the cached base is valid
     * for this epoch, as baseFor checks). The figures handed to settled hold that view's errors exactly
     * (errors are only ever on the word), a lower bound of its calls (this bucket's quiet successes are
     * in the view but not read) and an upper bound of its slow calls (a slow record adds to the slow
     * count before its word, and the slow count is read after the word; 0 when the test does not track
     * them, as no answer then depends on them). By WindowTest.settled's
     * contract (false for at least these calls, these errors and at most these slow calls), the answer
     * on the view is false. The add comes after the read; the view is defined at the read, so whatever
     * is recorded in between is not in it.
     */
    private boolean recordedQuietly(Bucket bucket, long epoch, WindowTest test) {
        Base before = base;
        if (before == null || before.epoch != epoch || before.lateRecords != lateRecords) {
            return false; // the first record of an epoch makes its base on the word path
        }
        long word = bucket.word(); // the view's instant
        long slow = test.tracksSlow() ? before.slow + bucket.slow.get() : 0L; // after the word: at least the view's
        if (!test.settled(before.calls + (word & LOW) + 1, before.errors + (word >>> 32), slow)) {
            return false;
        }
        if (Owner.owns(owner, OWNER, this)) {
            bucket.countOwnQuiet(); // no locked instruction for the thread that keeps calling
        } else {
            bucket.countOtherQuiet(); // striped once contended: threads stop sharing a cache line
        }
        return true;
    }

    /** {@code test} on the window ending at {@code nowNanos}, summed now (the rare paths: a late record, a time already out of the window). */
    private boolean testWindow(long nowNanos, WindowTest test) {
        long[] sums = windowSums(nowNanos);
        return sums[0] > 0 && test.test(sums[0], sums[1], sums[2]);
    }

    /** The sums of the buckets before {@code epoch}'s in its window, made at most once per epoch while no record is late. */
    private Base baseFor(long epoch) {
        Base cached = base;
        if (cached != null && cached.epoch == epoch && cached.lateRecords == lateRecords) {
            return cached;
        }
        return newBase(epoch);
    }

    /** {@link #baseFor} when the cached sums do not serve {@code epoch}: apart, as {@link BucketRing}'s rare path is. */
    private Base newBase(long epoch) {
        long seen = latestEpoch;
        while (seen < epoch && !LATEST_EPOCH.compareAndSet(this, seen, epoch)) { // (a): raise before summing
            seen = latestEpoch;
        }
        long late = lateRecords; // (a')
        long calls = 0;
        long errors = 0;
        long slow = 0;
        for (int slot = 0; slot < ring.buckets(); slot++) { // (b)
            BucketRing.Entry<Bucket> entry = ring.entryIn(slot);
            if (entry != null && entry.epoch() < epoch && entry.epoch() > epoch - ring.buckets()) {
                long word = entry.bucket().word();
                calls += (word & LOW) + entry.bucket().quiet();
                errors += word >>> 32;
                slow += entry.bucket().slow.get();
            }
        }
        Base made = new Base(epoch, late, calls, errors, slow);
        base = made; // racing makers each store a valid base; a reader checks before use
        return made;
    }

    /** A bucket for the ring to install (once per slot and bucket interval), after freeing an ended owner's role. */
    private Bucket freshBucket() {
        Owner.freeIfEnded(owner, OWNER, this);
        return new Bucket();
    }

    /** The owner's thread now, or null (for tests). */
    Thread owner() {
        return Owner.threadOf(owner);
    }

    /** Calls in the window ending at {@code nowNanos}. */
    public long calls(long nowNanos) {
        return windowSums(nowNanos)[0];
    }

    /** Errors in the window ending at {@code nowNanos}. */
    public long errors(long nowNanos) {
        return windowSums(nowNanos)[1];
    }

    /** Slow calls in the window ending at {@code nowNanos}. */
    public long slow(long nowNanos) {
        return windowSums(nowNanos)[2];
    }

    /**
     * Calls, errors and slow calls (in that order) over the window ending at {@code nowNanos}, read bucket
     * after bucket, like {@link RollingCounter#sum}. Each bucket's calls and errors come from one read of
     * its word, so the sums never hold an error without its call.
     */
    private long[] windowSums(long nowNanos) {
        long current = ring.epochOf(nowNanos);
        long[] sums = new long[3];
        for (int slot = 0; slot < ring.buckets(); slot++) {
            Bucket bucket = ring.inWindow(slot, current);
            if (bucket != null) {
                long word = bucket.word();
                sums[0] += (word & LOW) + bucket.quiet();
                sums[1] += word >>> 32;
                sums[2] += bucket.slow.get();
            }
        }
        return sums;
    }

    /**
     * One bucket: its word ({@code errors << 32 | calls}), its slow calls, and its quiet successes
     * (counted apart from the word, see {@link #recordedQuietly}): the owner's in its home slot, the
     * other threads' in its others slot or, once contended, in {@code quiet}. Never reused for another epoch.
     */
    private static final class Bucket extends PaddedWord {

        /*
         * The word sits alone on its cache line (see PaddedWord), and so do the owner's quiet count, slot
         * HOME of a padded array, and the other threads' count, slot OTHERS, 64 bytes further: every
         * thread reads the word on each record, and a write beside it (the owner's count, another
         * thread's count, a neighbouring object's counter) would take the word's line from them
         * (measured: a second calling thread then cost a call about 50 ns more). The other threads'
         * count was a LongAdder alone; its base, written on each call of a second thread while nothing
         * contends, is not padded, and in some buckets it shared a line with what the owner reads: two
         * threads' calls then took 100 to 250 ns instead of 76 for that second (7 of 42 one-second
         * iterations; docs/notes/bench/house-2026-11-29). The adder takes over only once the slot is
         * contended.
         */
        private static final VarHandle CELLS = MethodHandles.arrayElementVarHandle(long[].class);
        private static final int HOME = 8;
        private static final int OTHERS = 2 * HOME;

        @SuppressWarnings("unused") // padding: nothing written lies within a cache line after the word
        private long q1, q2, q3, q4, q5, q6, q7;
        private final long[] home = new long[OTHERS + 16];
        final AtomicLong slow = new AtomicLong();
        private final LongAdder quiet = new LongAdder();
        /** Set (once, racily: any thread may) when a compare-and-set on the others slot failed. */
        private boolean contended;

        /** Counts one quiet success of the owner, the only thread that writes the home slot (see Owner). */
        void countOwnQuiet() {
            CELLS.setRelease(home, HOME, home[HOME] + 1);
        }

        /** Counts one quiet success of a thread other than the owner. */
        void countOtherQuiet() {
            if (!contended) {
                long seen = (long) CELLS.getVolatile(home, OTHERS);
                if (CELLS.compareAndSet(home, OTHERS, seen, seen + 1)) {
                    return;
                }
                contended = true; // from now on the striped adder: threads stop sharing the slot's line
            }
            quiet.increment();
        }

        /** Every quiet success of this bucket. */
        long quiet() {
            return quiet.sum() + (long) CELLS.getVolatile(home, HOME) + (long) CELLS.getVolatile(home, OTHERS);
        }
    }

    /** Seven longs before a bucket's word, so that nothing before it shares its cache line. */
    @SuppressWarnings("unused")
    private abstract static class WordPaddingBefore {
        private long p1, p2, p3, p4, p5, p6, p7;
    }

    /** A bucket's word, {@code errors << 32 | calls}, between seven longs on each side (Bucket's come after). */
    private abstract static class PaddedWord extends WordPaddingBefore {

        private static final VarHandle WORD;

        static {
            try {
                WORD = MethodHandles.lookup().findVarHandle(PaddedWord.class, "word", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private volatile long word;

        /** The word now. */
        final long word() {
            return word;
        }

        /** Adds {@code delta} to the word, returning the word before. */
        final long addToWord(long delta) {
            return (long) WORD.getAndAdd(this, delta);
        }
    }

    /** The sums of the buckets of {@code epoch}'s window before its own, valid while no late record came after {@code lateRecords}. */
    private record Base(long epoch, long lateRecords, long calls, long errors, long slow) {
    }
}
