package dev.firebreak.rolling;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Calls, errors and slow calls over the last {@code size} calls (a count window, where
 * {@link RollingTally} is a time window): recording one call hands its owner's {@link WindowTest} the
 * figures of the window that now holds it. The tally counts and knows no threshold. Time plays no part:
 * a call's place is its number in the order calls took one.
 *
 * <p>Once the window is full, a success recorded over a success (the common case: a healthy
 * dependency) takes no lock; a call that changes the figures (an error or a slow call coming or going,
 * and the first {@code size} calls) takes a short lock, so that every figure handed to a test is the
 * sum of the window's positions at one instant. Recording allocates nothing. Once no call is being
 * recorded, the figures are exactly those of the last {@code size} calls in the order they took their
 * numbers.
 */
public final class CountWindowTally {

    /** The largest window: its figures are packed 21 bits each into one word. */
    public static final int MAX_SIZE = 1_000_000;

    /*
     * The window is a ring of size positions. Call number n (from one counter, in the order calls take
     * it) goes to position n % size, on lap n / size. The counter holds the pair (lap, position) packed
     * as lap << 20 | position and moves it on by one call with a compare-and-set: the position wraps to
     * 0 and the lap grows by one at the end of the ring, so no call divides. A position holds
     * lap << 2 | code (code: ERROR and SLOW bits) of the latest lap written there, or EMPTY before its
     * first call; at one position the lap orders calls as their numbers do. A call finding a later lap at
     * its position has already left the window (a call size or more numbers later took its place) and
     * changes nothing.
     *
     * The figures (calls = positions written, errors and slow = the codes' bits summed) are one volatile
     * word, written only under the lock, each time together with the position change it accounts for.
     * A position changes outside the lock only from a success to a success (lap grows, code stays 0),
     * and only once the figures say the window is full (every position written, and counted): that
     * leaves every figure as it was. Such a call answers on the figures it read before its change: the
     * window at that instant, which holds as many calls, errors and slow calls as with its own call.
     *
     * Invariant: at every instant no thread holds the lock, figures == the sums over the positions.
     * Hence each test under the lock sees the positions at one instant, including its own call; once
     * quiet, the positions hold exactly the last min(n, size) calls (each holds the latest lap of its
     * position, and every earlier call has been recorded) and the figures are their exact sums. The call
     * whose record makes a test true tests the figures it published: it answers true before it returns.
     */

    private static final long EMPTY = -1L;
    private static final long ERROR = 1L;
    private static final long SLOW = 2L;
    private static final long CODE = 3L;
    private static final int BITS = 21;
    private static final long MASK = (1L << BITS) - 1;
    private static final int POSITION_BITS = 20; // MAX_SIZE < 2^20
    private static final long POSITION = (1L << POSITION_BITS) - 1;

    private final int size;
    private final AtomicLongArray positions;
    /** The next call's lap << 20 | position. */
    private final AtomicLong next = new AtomicLong();
    private final ReentrantLock lock = new ReentrantLock();
    /** calls | errors << 21 | slow << 42; written under the lock only. */
    private volatile long figures;

    /**
     * An empty window of the last {@code size} calls.
     *
     * @throws IllegalArgumentException if {@code size} is not between 1 and {@link #MAX_SIZE}
     */
    public CountWindowTally(int size) {
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException("a count window holds 1 to " + MAX_SIZE + " calls, not " + size);
        }
        this.size = size;
        this.positions = new AtomicLongArray(size);
        for (int i = 0; i < size; i++) {
            positions.set(i, EMPTY);
        }
    }

    /** How many calls the window holds once full. */
    public int size() {
        return size;
    }

    /**
     * Records one call (an error, a slow call, or neither) and returns {@code test}'s answer for the
     * window that now holds it (false while the window is empty, which only a call that left at once sees).
     */
    public boolean recordAndTest(boolean error, boolean slow, WindowTest test) {
        long taken = take();
        int index = (int) (taken & POSITION);
        long lap = taken >>> POSITION_BITS;
        long code = (error ? ERROR : 0L) | (slow ? SLOW : 0L);
        long mine = lap << 2 | code;
        long word = figures;
        if (code == 0 && (word & MASK) == size) { // a full window, and figures that hold every position written
            long seen = positions.get(index);
            while ((seen & CODE) == 0) { // a success over a success: no figure changes
                if (seen >>> 2 > lap) {
                    return answer(word, test); // this call has already left the window
                }
                long witness = positions.compareAndExchange(index, seen, mine);
                if (witness == seen) {
                    return answer(word, test);
                }
                seen = witness;
            }
        }
        return recordLocked(index, lap, mine, test);
    }

    /** Takes the next call's place: its lap << 20 | position. */
    private long take() {
        long taken = next.get();
        while (true) {
            long following = (taken & POSITION) == size - 1 ? (taken >>> POSITION_BITS) + 1 << POSITION_BITS : taken + 1;
            long witness = next.compareAndExchange(taken, following);
            if (witness == taken) {
                return taken;
            }
            taken = witness;
        }
    }

    /** The path of a call that may change the figures: its position and the figures change together. */
    private boolean recordLocked(int index, long lap, long mine, WindowTest test) {
        lock.lock();
        try {
            long seen = positions.get(index);
            while (true) {
                if (seen != EMPTY && seen >>> 2 > lap) {
                    return answer(figures, test); // left the window: nothing to account for
                }
                long witness = positions.compareAndExchange(index, seen, mine); // only success-over-success races here
                if (witness == seen) {
                    break;
                }
                seen = witness;
            }
            long now = figures;
            long calls = (now & MASK) + (seen == EMPTY ? 1 : 0);
            long errors = (now >>> BITS & MASK) + (mine & ERROR) - (seen == EMPTY ? 0 : seen & ERROR);
            long slow = (now >>> 2 * BITS & MASK) + (mine >>> 1 & 1) - (seen == EMPTY ? 0 : seen >>> 1 & 1);
            long nextFigures = calls | errors << BITS | slow << 2 * BITS;
            figures = nextFigures;
            return answer(nextFigures, test);
        } finally {
            lock.unlock();
        }
    }

    private static boolean answer(long word, WindowTest test) {
        long calls = word & MASK;
        return calls > 0 && test.test(calls, word >>> BITS & MASK, word >>> 2 * BITS & MASK);
    }

    /** Calls in the window now (at most {@link #size()}). */
    public long calls() {
        return figures & MASK;
    }

    /** Errors in the window now. */
    public long errors() {
        return figures >>> BITS & MASK;
    }

    /** Slow calls in the window now. */
    public long slow() {
        return figures >>> 2 * BITS & MASK;
    }

    /** Calls numbered so far (recorded, or taking their place now). */
    long numbered() {
        long taken = next.get();
        return (taken >>> POSITION_BITS) * size + (taken & POSITION);
    }

    /** What position {@code index} holds: the stamp of its call, or -1 if none yet; for tests. */
    long stampAt(int index) {
        long held = positions.get(index);
        return held == EMPTY ? -1 : (held >>> 2) * size + index;
    }

    /** Calls, errors and slow calls summed from the positions now (not the figures); for tests. */
    long[] recount() {
        long[] sums = new long[3];
        for (int i = 0; i < size; i++) {
            long held = positions.get(i);
            if (held != EMPTY) {
                sums[0]++;
                sums[1] += held & ERROR;
                sums[2] += held >>> 1 & 1;
            }
        }
        return sums;
    }
}
