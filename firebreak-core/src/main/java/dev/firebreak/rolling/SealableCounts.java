package dev.firebreak.rolling;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One rolling bucket's counts, one per kind, that the thread retiring the bucket can <em>seal</em>:
 * {@link #seal} returns every count at once and, from then on, every {@link #increment} answers false
 * instead of counting, so its caller counts the event elsewhere (the retired totals of
 * {@link RollingCounter}). That is what lets the counts since creation be folded from the buckets as
 * they leave the ring, exactly, while a recorder holding a bucket that has just left may still add to it.
 *
 * <p>How: a cell is a {@code long}; sealing adds {@link #SEALED} to it in one {@code getAndAdd}, which
 * returns the count it held. An increment reads its cell and, unsealed, adds one by compare-and-set; a
 * failed compare-and-set (another thread was there: contention, or the seal) makes the stripes, once,
 * and adds by {@code getAndAdd}, whose returned value tells whether the add came before the seal.
 * Striping is {@link StripedHistogram}'s: once contended, a record goes to the stripe of its thread's
 * id, each stripe made on first use, nothing kept per thread. Sealing swaps the stripes for a sealed
 * set first and then seals each stripe it took, so a stripe made afterwards is never unsealed.
 *
 * <p>Invariant: every increment that returned true was counted in exactly one cell before that cell
 * was sealed, so {@link #seal}'s answer holds it; every increment that returned false is in no
 * answer; a read of a bucket nobody sealed holds every increment that returned before it started.
 */
final class SealableCounts {

    /** Added to a cell when sealed: a count never reaches it (2<sup>62</sup> events). */
    static final long SEALED = 1L << 62;
    private static final long COUNT = SEALED - 1;

    private static final VarHandle STRIPES;

    static {
        try {
            STRIPES = MethodHandles.lookup().findVarHandle(SealableCounts.class, "stripes", AtomicReferenceArray.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final AtomicLongArray home;
    /** Null until an increment meets contention; then {@link StripedHistogram#STRIPES} slots made on first use. */
    private volatile AtomicReferenceArray<AtomicLongArray> stripes;

    /** Counts of {@code kinds} kinds, all 0. */
    SealableCounts(int kinds) {
        this.home = new AtomicLongArray(kinds);
    }

    /** Adds one to {@code kind}; false if this bucket was sealed first (nothing counted here). */
    boolean increment(int kind) {
        AtomicReferenceArray<AtomicLongArray> spread = stripes;
        AtomicLongArray cells = spread == null ? home : stripeOf(spread, home.length());
        long seen = cells.get(kind);
        if (seen >= SEALED) {
            return false;
        }
        if (cells.compareAndSet(kind, seen, seen + 1)) {
            return true;
        }
        if (spread == null) {
            STRIPES.compareAndSet(this, null, new AtomicReferenceArray<AtomicLongArray>(StripedHistogram.STRIPES));
        }
        return cells.getAndAdd(kind, 1L) < SEALED; // one add: before the seal (counted) or after (not)
    }

    private static AtomicLongArray stripeOf(AtomicReferenceArray<AtomicLongArray> spread, int kinds) {
        long id = Thread.currentThread().threadId();
        int index = (int) (id ^ (id >>> 32)) & (spread.length() - 1);
        AtomicLongArray stripe = spread.get(index);
        if (stripe == null) {
            AtomicLongArray made = new AtomicLongArray(kinds);
            stripe = spread.compareAndExchange(index, null, made);
            if (stripe == null) {
                stripe = made;
            }
        }
        return stripe;
    }

    /** The count of {@code kind} now (of a sealed bucket: what it held when sealed, or less). */
    long get(int kind) {
        long total = home.get(kind) & COUNT;
        AtomicReferenceArray<AtomicLongArray> spread = stripes;
        if (spread != null) {
            for (int i = 0; i < spread.length(); i++) {
                AtomicLongArray stripe = spread.get(i);
                if (stripe != null) {
                    total += stripe.get(kind) & COUNT;
                }
            }
        }
        return total;
    }

    /** Adds every count now (as {@link #get}) into {@code into}, indexed by kind. */
    void addTo(long[] into) {
        for (int kind = 0; kind < into.length; kind++) {
            into[kind] += home.get(kind) & COUNT;
        }
        AtomicReferenceArray<AtomicLongArray> spread = stripes;
        if (spread != null) {
            for (int i = 0; i < spread.length(); i++) {
                AtomicLongArray stripe = spread.get(i);
                if (stripe != null) {
                    for (int kind = 0; kind < into.length; kind++) {
                        into[kind] += stripe.get(kind) & COUNT;
                    }
                }
            }
        }
    }

    /**
     * Seals every cell and adds the counts they held into {@code into} (indexed by kind). Called once,
     * by the thread that took this bucket out of the ring.
     */
    void seal(AtomicLongArray into) {
        int kinds = home.length();
        long[] folded = new long[kinds];
        for (int kind = 0; kind < kinds; kind++) {
            folded[kind] = home.getAndAdd(kind, SEALED);
        }
        // Later increments that read no stripes find home sealed; those that read these stripes find each
        // one sealed below, or (a slot still empty) the sealed stripe put there first.
        AtomicLongArray sealedStripe = new AtomicLongArray(kinds);
        AtomicReferenceArray<AtomicLongArray> sealedSet = new AtomicReferenceArray<>(StripedHistogram.STRIPES);
        for (int kind = 0; kind < kinds; kind++) {
            sealedStripe.set(kind, SEALED);
        }
        for (int i = 0; i < sealedSet.length(); i++) {
            sealedSet.set(i, sealedStripe);
        }
        @SuppressWarnings("unchecked")
        AtomicReferenceArray<AtomicLongArray> spread = (AtomicReferenceArray<AtomicLongArray>) STRIPES.getAndSet(this,
                sealedSet);
        if (spread != null) {
            for (int i = 0; i < spread.length(); i++) {
                AtomicLongArray stripe = spread.getAndSet(i, sealedStripe);
                if (stripe != null) {
                    for (int kind = 0; kind < kinds; kind++) {
                        folded[kind] += stripe.getAndAdd(kind, SEALED);
                    }
                }
            }
        }
        for (int kind = 0; kind < kinds; kind++) {
            if (folded[kind] != 0) {
                into.getAndAdd(kind, folded[kind]);
            }
        }
    }
}
