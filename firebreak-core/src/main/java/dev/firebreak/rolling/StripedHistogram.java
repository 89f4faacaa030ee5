package dev.firebreak.rolling;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One rolling bucket's latencies: a {@link LatencyHistogram} written by one thread without a locked
 * instruction, beside histograms the other threads share and spread over stripes once two of them
 * have met on the same cell, all summed when read. Threads recording similar latencies at once hit
 * the same cell (and its neighbours on one cache line), so without stripes every call of every thread
 * moved that line between cores.
 *
 * <p>How:
 * <ul>
 *   <li>The first thread to record claims {@code home} (its id, by one compare-and-set per bucket) and
 *       from then on records there as its only writer ({@link LatencyHistogram#recordAlone}: the cell
 *       read, its successor stored with release semantics). A caller that keeps calling, the common
 *       case, pays no atomic read-modify-write for its latency.</li>
 *   <li>Every other thread records on {@code others} (made by the first of them) by compare-and-set. A
 *       compare-and-set that fails (another thread changed that cell in between: contention seen, the
 *       sample still counted) makes the stripes, once; from then on such a record goes to the stripe of
 *       its thread's id ({@code threadId} modulo a power of two, so threads with neighbouring ids, as
 *       pools and virtual threads have, land on different stripes), each stripe made on first use.</li>
 * </ul>
 * Nothing is kept per thread (virtual threads come by the million): memory is at most two histograms per
 * bucket that more than one thread records in, and {@link #STRIPES} more per contended bucket, each
 * growing only with the powers of two its samples use.
 *
 * <p>Invariants:
 * <ul>
 *   <li>{@code home} has one writer, the thread whose id {@code owner} holds; {@code owner} is set once
 *       (0 to an id) and never changes, so no two threads ever write home's cells, and its plain
 *       read-then-store loses nothing.</li>
 *   <li>Each sample is counted in exactly one histogram (home, others or one stripe): on home by its
 *       owner's store, elsewhere by one atomic add or a successful compare-and-set.</li>
 *   <li>A read sums home, others and every stripe made (volatile reads of each cell), so it holds every
 *       sample whose record happens-before it (and perhaps some recorded meanwhile), as an unstriped
 *       histogram would. A sample the owner recorded without such an order is seen a few nanoseconds
 *       later, when its store leaves the core: figures read for a snapshot, never a decision.</li>
 * </ul>
 */
final class StripedHistogram {

    /** Stripes once contended: twice the processors, a power of two, at most 16. */
    static final int STRIPES = stripesFor(Runtime.getRuntime().availableProcessors());

    private static final VarHandle STRIPES_MADE;
    private static final VarHandle OWNER;
    private static final VarHandle OTHERS;

    static {
        try {
            STRIPES_MADE = MethodHandles.lookup().findVarHandle(StripedHistogram.class, "stripes",
                    AtomicReferenceArray.class);
            OTHERS = MethodHandles.lookup().findVarHandle(StripedHistogram.class, "others", LatencyHistogram.class);
            OWNER = MethodHandles.lookup().findVarHandle(StripedHistogram.class, "owner", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final LatencyHistogram home = new LatencyHistogram();
    /** Null until two records other than the owner's meet; then {@link #STRIPES} slots, each made on first use. */
    private volatile AtomicReferenceArray<LatencyHistogram> stripes;
    /** The id of the thread that alone writes {@link #home}; 0 (no thread's id: ids are positive) until the first record claims it. */
    private volatile long owner;
    /** Null until a thread other than the owner records; then shared by every other thread until they contend. */
    private volatile LatencyHistogram others;

    static int stripesFor(int processors) {
        int wanted = Math.min(16, Math.max(2, 2 * processors));
        return Integer.highestOneBit(wanted - 1) << 1; // the next power of two at or above
    }

    /** Records one value (negative values count as 0). */
    void record(long nanos) {
        long me = Thread.currentThread().threadId();
        long own = owner;
        if (own == me || own == 0 && OWNER.compareAndSet(this, 0L, me)) {
            home.recordAlone(nanos);
            return;
        }
        AtomicReferenceArray<LatencyHistogram> spread = stripes;
        if (spread == null) {
            if (othersHistogram().record(nanos)) {
                return;
            }
            makeStripes(); // contention seen (the sample is counted on others): spread the next ones
            return;
        }
        stripeOf(spread).record(nanos);
    }

    /** The histogram the threads other than the owner share until they contend, made by the first of them. */
    private LatencyHistogram othersHistogram() {
        LatencyHistogram made = others;
        if (made == null) {
            LatencyHistogram fresh = new LatencyHistogram();
            made = (LatencyHistogram) OTHERS.compareAndExchange(this, null, fresh);
            if (made == null) {
                made = fresh;
            }
        }
        return made;
    }

    private void makeStripes() {
        STRIPES_MADE.compareAndSet(this, null, new AtomicReferenceArray<LatencyHistogram>(STRIPES)); // one wins
    }

    private static LatencyHistogram stripeOf(AtomicReferenceArray<LatencyHistogram> spread) {
        long id = Thread.currentThread().threadId();
        int index = (int) (id ^ (id >>> 32)) & (STRIPES - 1);
        LatencyHistogram stripe = spread.get(index);
        if (stripe == null) {
            LatencyHistogram made = new LatencyHistogram();
            stripe = spread.compareAndExchange(index, null, made);
            if (stripe == null) {
                stripe = made;
            }
        }
        return stripe;
    }

    /** Adds the counts of home, others and every stripe into {@code into} (see {@link LatencyHistogram#addTo}). */
    void addTo(long[][] into) {
        home.addTo(into);
        LatencyHistogram shared = others;
        if (shared != null) {
            shared.addTo(into);
        }
        AtomicReferenceArray<LatencyHistogram> spread = stripes;
        if (spread != null) {
            for (int i = 0; i < spread.length(); i++) {
                LatencyHistogram stripe = spread.get(i);
                if (stripe != null) {
                    stripe.addTo(into);
                }
            }
        }
    }

    /** Whether recording has been spread over stripes (for tests). */
    boolean striped() {
        return stripes != null;
    }
}
