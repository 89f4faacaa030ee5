package dev.firebreak.rolling;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * The time geometry shared by every rolling figure: a window of equal buckets in a ring, where the
 * bucket for a clock reading is found (and, when its slot holds an expired one, replaced) without a
 * lock and without a background thread. Time is data: callers pass {@link dev.firebreak.time.Ticker}
 * readings.
 *
 * <p>Invariants:
 * <ul>
 *   <li>A slot's epoch only grows: a bucket is installed (by one side-effect-free compare-and-set of
 *       a fresh, empty bucket) only over an older one; a recorder whose epoch is older than its
 *       slot's gets null and drops its sample, since that time has left the window of a reading some
 *       thread has already made.</li>
 *   <li>A bucket of epoch {@code e} is only replaced by one of epoch {@code >= e + buckets}, once
 *       {@code e} has left every window at or after that reading: no sample inside the window is lost.</li>
 *   <li>Epochs count bucket lengths from an origin after subtracting it, so readings near
 *       {@link Long#MAX_VALUE} or below zero work (for clocks running less than 292 years).</li>
 *   <li>One bucket is made per slot and interval: the steady-state hot path allocates nothing.</li>
 * </ul>
 *
 * @param <B> the bucket type (counters, histogram), made empty by the factory
 */
final class BucketRing<B> {

    private final int buckets;
    private final long bucketNanos;
    private final long originNanos;
    private final Supplier<B> factory;
    /** Told when a bucket leaves the ring (null: nobody needs to know). */
    private final Retirement<B> retirement;
    private final AtomicReferenceArray<Entry<B>> ring;
    /** The entry last found or installed: lets a reading inside its interval skip the division. */
    private volatile Entry<B> recent;

    /**
     * A ring of {@code buckets} buckets over {@code windowNanos}, boundaries counted from {@code originNanos}.
     *
     * @throws IllegalArgumentException if the window does not split evenly into the buckets
     */
    BucketRing(long windowNanos, int buckets, long originNanos, Supplier<B> factory) {
        this(windowNanos, buckets, originNanos, factory, null);
    }

    /**
     * A ring as above whose {@code retirement} is told of every bucket that leaves it (see {@link Retirement}).
     *
     * @throws IllegalArgumentException if the window does not split evenly into the buckets
     */
    BucketRing(long windowNanos, int buckets, long originNanos, Supplier<B> factory, Retirement<B> retirement) {
        if (buckets < 1 || windowNanos < buckets || windowNanos % buckets != 0) {
            throw new IllegalArgumentException(
                    "a rolling window of " + windowNanos + " ns must split evenly into " + buckets + " buckets");
        }
        this.buckets = buckets;
        this.bucketNanos = windowNanos / buckets;
        this.originNanos = originNanos;
        this.factory = factory;
        this.retirement = retirement;
        this.ring = new AtomicReferenceArray<>(buckets);
    }

    /** The bucket for {@code nowNanos}, installing a fresh one over an expired one; null if its time has left the window. */
    B bucketAt(long nowNanos) {
        Entry<B> entry = entryAt(nowNanos);
        return entry == null ? null : entry.bucket;
    }

    /**
     * {@link #bucketAt} with the bucket's epoch. The fast path compares the reading with the bucket last
     * looked up ({@code recent}: a hint, never a source of truth) without dividing: within its
     * interval, that bucket is the one the ring holds or held for this epoch, the same answer the
     * ring would give a recorder that read the slot just before a later epoch replaced it.
     */
    Entry<B> entryAt(long nowNanos) {
        Entry<B> hint = recent;
        if (hint != null && Long.compareUnsigned(nowNanos - hint.startNanos, bucketNanos) < 0) { // wrap-safe
            return hint;
        }
        return entryOutsideHint(nowNanos);
    }

    /**
     * {@link #entryAt} past the hint's interval (once per bucket interval, or for a late reading): a method
     * of its own, so that the compiled hot path holds only the hint's test. The JIT compiles this rare path
     * apart, and what it speculates here (the factory's class, an empty slot) cannot throw the callers'
     * compiled code away when a bucket turns over: only this method's own.
     */
    private Entry<B> entryOutsideHint(long nowNanos) {
        long epoch = epochOf(nowNanos);
        int slot = (int) Math.floorMod(epoch, (long) buckets);
        Entry<B> fresh = null;
        while (true) {
            Entry<B> entry = ring.get(slot);
            if (entry != null) {
                if (entry.epoch == epoch) {
                    remember(entry);
                    return entry;
                }
                if (entry.epoch > epoch) {
                    return null; // the slot already serves a later time: this sample has left the window
                }
            }
            if (fresh == null) {
                fresh = new Entry<>(epoch, originNanos + epoch * bucketNanos, factory.get());
            }
            if (entry != null && retirement != null ? replace(slot, entry, fresh) : ring.compareAndSet(slot, entry, fresh)) {
                remember(fresh);
                return fresh;
            }
            // Lost the race to another recorder: look at what it installed.
        }
    }

    /**
     * Replaces {@code entry} in {@code slot} by {@code fresh}, and when that succeeds hands {@code entry}'s
     * bucket to the retirement, all between its {@link Retirement#opening()} and {@link Retirement#closing()}.
     * Only the thread whose compare-and-set removed a bucket retires it: once.
     */
    private boolean replace(int slot, Entry<B> entry, Entry<B> fresh) {
        retirement.opening();
        boolean replaced = ring.compareAndSet(slot, entry, fresh);
        if (replaced) {
            retirement.retired(entry.bucket);
        }
        retirement.closing();
        return replaced;
    }

    /** Keeps {@code entry} as the fast path's hint unless the hint already serves a later time. */
    private void remember(Entry<B> entry) {
        Entry<B> hint = recent;
        if (hint == null || hint.epoch < entry.epoch) {
            recent = entry; // racing writers may store an older one: the hint only saves a division
        }
    }

    /** The epoch (bucket number since the origin) of {@code nowNanos}. */
    long epochOf(long nowNanos) {
        return Math.floorDiv(nowNanos - originNanos, bucketNanos); // subtract first: wrap-safe
    }

    /** The bucket in {@code slot} if it belongs to the window ending in epoch {@code current}, else null. */
    B inWindow(int slot, long current) {
        Entry<B> entry = ring.get(slot);
        return entry != null && entry.epoch <= current && entry.epoch > current - buckets ? entry.bucket : null;
    }

    /** The entry in {@code slot}, whatever its epoch (null before the first install). */
    Entry<B> entryIn(int slot) {
        return ring.get(slot);
    }

    /** Number of buckets (and slots). */
    int buckets() {
        return buckets;
    }

    /** Length of one bucket. */
    long bucketNanos() {
        return bucketNanos;
    }

    /**
     * What a ring tells about the buckets leaving it: {@link #opening()} before a compare-and-set that may
     * remove one, {@link #retired} with the bucket if it did, {@link #closing()} after, so a reader can
     * tell that no bucket was leaving while it read (see {@link RollingCounter#totals}).
     *
     * @param <B> the bucket type
     */
    interface Retirement<B> {
        /** A bucket may be about to leave the ring. */
        void opening();

        /** {@code bucket} has left the ring (no reader finds it there any more). */
        void retired(B bucket);

        /** The removal announced by {@link #opening()} is over, done or not. */
        void closing();
    }

    /** A bucket and its epoch; {@code startNanos} is the epoch's first reading (origin-relative, may wrap). */
    record Entry<B>(long epoch, long startNanos, B bucket) {
    }
}
