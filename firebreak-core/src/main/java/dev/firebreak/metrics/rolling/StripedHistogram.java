package dev.firebreak.metrics.rolling;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One rolling bucket's latencies: a {@link LatencyHistogram} that spreads its recorders over stripes
 * once two of them have met on the same cell, summed when read. Threads recording similar latencies
 * at once hit the same cell (and its neighbours on one cache line), so without stripes every call of
 * every thread moved that line between cores.
 *
 * <p>How: every record starts on {@code home}. A record whose compare-and-set on its cell fails (another
 * thread changed that cell in between: contention seen, the sample still counted) makes the stripes,
 * once; from then on a record goes to the stripe of its thread's id ({@code threadId} modulo a power of
 * two, so threads with neighbouring ids, as pools and virtual threads have, land on different
 * stripes), each stripe made on first use. Nothing is kept per thread (virtual threads come by the
 * million); memory is at most {@link #STRIPES} histograms per contended bucket, each growing only
 * with the powers of two its samples use.
 *
 * <p>Invariant: each sample is counted in exactly one histogram (home or one stripe), by one atomic
 * add or a successful compare-and-set; a read sums home and every stripe made, so it holds every
 * sample recorded before it started (and perhaps some recorded meanwhile), as an unstriped histogram would.
 */
final class StripedHistogram {

    /** Stripes once contended: twice the processors, a power of two, at most 16. */
    static final int STRIPES = stripesFor(Runtime.getRuntime().availableProcessors());

    private static final VarHandle STRIPES_MADE;

    static {
        try {
            STRIPES_MADE = MethodHandles.lookup().findVarHandle(StripedHistogram.class, "stripes",
                    AtomicReferenceArray.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final LatencyHistogram home = new LatencyHistogram();
    /** Null until a record meets contention; then {@link #STRIPES} slots, each made on first use. */
    private volatile AtomicReferenceArray<LatencyHistogram> stripes;

    static int stripesFor(int processors) {
        int wanted = Math.min(16, Math.max(2, 2 * processors));
        return Integer.highestOneBit(wanted - 1) << 1; // the next power of two at or above
    }

    /** Records one value (negative values count as 0). */
    void record(long nanos) {
        AtomicReferenceArray<LatencyHistogram> spread = stripes;
        if (spread == null) {
            if (home.record(nanos)) {
                return;
            }
            makeStripes(); // contention seen (the sample is counted on home): spread the next ones
            return;
        }
        stripeOf(spread).record(nanos);
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

    /** Adds the counts of home and every stripe into {@code into} (see {@link LatencyHistogram#addTo}). */
    void addTo(long[][] into) {
        home.addTo(into);
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
