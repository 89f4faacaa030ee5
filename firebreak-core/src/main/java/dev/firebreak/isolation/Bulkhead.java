package dev.firebreak.isolation;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/*
 * A lock-free bounded counter of calls in flight: the enforcement half of SEMAPHORE and VIRTUAL
 * isolation (whose limit an adaptive limit algorithm may drive), of THREAD admission, and of the
 * fallback limit. The limit may change at any time.
 *
 * The limit and the count of permits taken live in one long (limit in the high 32 bits,
 * count in the low 32), so an admission is one compare-and-set against exactly the limit in force at
 * that instant: the admission, the limit change and the release are each one atomic step on one word,
 * and the bulkhead is linearizable (model-checked by BulkheadLincheckTest).
 *
 * Striped (striped(int), what SEMAPHORE uses): once two admissions have
 * collided on the word, a release leaves its permit in the releasing thread's cell ({@link
 * PermitStripes}) instead of the word, and that thread's next admission takes it back from there, so
 * threads that keep calling stop moving the word's cache line between cores. A permit in a cell stays
 * counted as taken in the word; in-flight = taken - free permits in the cells. What keeps it exact:
 *  * - An admission from a cell takes a permit that the word already counts, so the permits held never
 *       exceed the count taken, which never exceeds the limit in force when each was taken.
 * - A refusal is decided on the word with no cells in use: the refusing thread first detaches the
 *       cells and returns their free permits to the word (drain), then refuses only if the word
 *       is full, no cells were installed again, and no drain was under way at any point between its two
 *       reads of the drain counters (drainsDone before, drainsStarted after). At that
 *       instant every taken permit is held: the refusal is exact (model-checked by {@code
 *       StripedBulkheadLincheckTest}).
 * - A limit change drains the cells before it sets the limit, and new cells are installed only under
 *       the same lock and only when the word has room for twice the permits taken: no permit taken under
 *       an old limit is handed out from a cell after the limit has changed.
 *  * So a saturated bulkhead runs on its word alone, as an unstriped one does, until half its limit is
 * free again. inFlight() of a striped bulkhead adds up the cells one after another: exact when
 * nothing moves while it reads, a gauge otherwise. A release into a cell cannot tell a double release
 * (one reaching the word still throws).
 *
 * Invariants: 0 <= inFlight(); a successful tryAcquire() never takes
 * inFlight() above the limit in force at its compare-and-set; every acquired permit is
 * released exactly once (a release below zero throws, so a double release cannot hide). Rejection
 * allocates nothing: tryAcquire() returns false.
 */
/**
 * Not an API (public for the guard's engine only): a bounded count of calls in flight whose limit may
 * change at any time; the enforcement half of SEMAPHORE and VIRTUAL isolation, of THREAD admission and
 * of the fallback limit. A refusal allocates nothing: {@link #tryAcquire()} returns false.
 */
public final class Bulkhead {

    private static final long COUNT_MASK = 0xFFFF_FFFFL;
    private static final VarHandle STRIPES;

    static {
        try {
            STRIPES = MethodHandles.lookup().findVarHandle(Bulkhead.class, "stripes", PermitStripes.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@code limit << 32 | taken}: both halves non-negative ints. */
    private final AtomicLong state = new AtomicLong();
    private final AtomicInteger peak = new AtomicInteger();
    private final boolean striped;
    /** The cells in use (null: none; only a striped bulkhead ever has them). */
    private volatile PermitStripes stripes;
    /** Set once two admissions collided on the word: cells are worth installing from then on. */
    private volatile boolean contended;
    /** Drains begun and ended; a refusal brackets its decision between them (see the class comment). */
    private final AtomicLong drainsStarted = new AtomicLong();
    private final AtomicLong drainsDone = new AtomicLong();
    /** Serializes limit changes with installing cells. */
    private final ReentrantLock stripeChanges = new ReentrantLock();

    /** A bulkhead admitting at most {@code limit} at once, on its one word. */
    public Bulkhead(int limit) {
        this(limit, false);
    }

    private Bulkhead(int limit, boolean striped) {
        this.striped = striped;
        setLimit(limit);
    }

    /** A bulkhead admitting at most {@code limit} at once that stripes its free permits once contended. */
    public static Bulkhead striped(int limit) {
        return new Bulkhead(limit, true);
    }

    /** {@link #striped} with its cells already in use, as after a first collision (for model checks). */
    static Bulkhead stripedNow(int limit) {
        Bulkhead bulkhead = new Bulkhead(limit, true);
        bulkhead.contended = true;
        bulkhead.stripes = new PermitStripes();
        return bulkhead;
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
        if (!striped) {
            setLimitOnWord(limit);
            return;
        }
        stripeChanges.lock(); // no cells are installed from the drain to the new limit
        try {
            PermitStripes cells = stripes;
            if (cells != null) {
                drain(cells); // free permits taken under the old limit go back to the word first
            }
            // No cells are in use from here to the new limit (none are installed while this lock is held).
            // A refusal's drain may still be closing cells it detached: an admission can take a permit from
            // one of those only if it read the cells before they were detached, so it began before this
            // change and is ordered before it, under the old limit.
            setLimitOnWord(limit);
        } finally {
            stripeChanges.unlock();
        }
    }

    private void setLimitOnWord(int limit) {
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
        PermitStripes cells = stripes;
        if (cells != null && cells.take(cells.mine())) {
            notePeak(countOf(state.get()));
            return true;
        }
        return acquireFromWord(true) >= 0;
    }

    /**
     * Takes a permit if one is free and returns the in-flight count including it (what an adaptive limit
     * records as the attempt's in-flight count at its start); 0 (nothing taken) if the limit is reached.
     * On a striped bulkhead with cells in use the count is {@link #inFlight()} read just after the admission.
     */
    public int tryAcquireCount() {
        PermitStripes cells = stripes;
        if (cells != null && cells.take(cells.mine())) {
            notePeak(countOf(state.get()));
            return Math.max(1, inFlight());
        }
        long word = acquireFromWord(false);
        if (word < 0) {
            return 0;
        }
        return stripes == null ? countOf(word) : Math.max(1, inFlight());
    }

    /**
     * Takes a permit from the word if one is free and returns the word as its compare-and-set left it:
     * the limit in force at that instant in the high 32 bits, the count taken including this permit in
     * the low 32 (the in-flight count when no cells are in use); -1 (nothing taken) if the limit is reached.
     */
    public long tryAcquireWord() {
        return acquireFromWord(false);
    }

    /**
     * {@link #tryAcquireWord}; {@code mayInstall}: whether this admission may put cells in use. Only
     * {@link #tryAcquire()} does: the counting admissions serve an adaptive limit, whose frequent limit
     * changes would drain new cells as fast as they came.
     */
    private long acquireFromWord(boolean mayInstall) {
        while (true) {
            long word = state.get();
            int count = countOf(word);
            // Invariant: admitted only if count < the limit of this very word, swapped in one CAS (a
            // negative count, a bad release's transient, is above every limit unsigned: refused).
            if (Integer.compareUnsigned(count, limitOf(word)) >= 0) {
                if (!striped || refuseExactly()) {
                    return -1L;
                }
                continue; // permits came back from the cells: try the word again
            }
            long next = word + 1;
            if (state.compareAndSet(word, next)) {
                int now = count + 1;
                if (striped) {
                    afterWordAdmission(now, limitOf(word), mayInstall);
                } else if (now > peak.get()) {
                    peak.accumulateAndGet(now, Math::max);
                }
                return next;
            }
            if (striped && !contended) {
                contended = true;
            }
        }
    }

    /**
     * The word is full: decides, for a striped bulkhead, whether every taken permit is held. True: refuse
     * (exact at this thread's last read of the word); false: permits were freed or returned, try again.
     */
    private boolean refuseExactly() {
        while (true) {
            long done = drainsDone.get(); // (1) before the cells and the word are read
            PermitStripes cells = stripes;
            if (cells != null) {
                drain(cells); // their free permits go back to the word: no cells are in use after it
                return false;
            }
            long word = state.get(); // (2) the decision's instant
            if (Integer.compareUnsigned(countOf(word), limitOf(word)) < 0) {
                return false;
            }
            // (3) still no cells, and no drain under way at any time from (1) to here:
            // every drain that started before this read was done before (1), so at (2) no permit was
            // in a cell or on its way back to the word, and the word's count is the count held.
            if (stripes == null && drainsStarted.get() == done) {
                return true;
            }
        }
    }

    /** Detaches {@code cells} (if still in use) and returns their free permits to the word. */
    private void drain(PermitStripes cells) {
        drainsStarted.incrementAndGet();
        try {
            if (stripes == cells && STRIPES.compareAndSet(this, cells, null)) {
                int returned = 0;
                for (int cell = 0; cell < cells.size(); cell++) {
                    returned += cells.close(PermitStripes.indexOf(cell));
                }
                if (returned > 0) {
                    state.getAndAdd(-returned);
                }
            }
        } finally {
            drainsDone.incrementAndGet();
        }
    }

    /** A striped bulkhead's bookkeeping after a permit came from the word: the peak, and new cells once worth it. */
    private void afterWordAdmission(int taken, int limit, boolean mayInstall) {
        notePeak(taken);
        if (mayInstall && contended && stripes == null && 2L * taken <= limit && stripeChanges.tryLock()) {
            try {
                // Under the lock no limit change is between its drain and its new limit; the word has room
                // for twice what is taken, so cells do not starve a saturated bulkhead into draining again.
                long now = state.get();
                if (stripes == null && 2L * countOf(now) <= limitOf(now)) {
                    stripes = new PermitStripes();
                }
            } finally {
                stripeChanges.unlock();
            }
        }
    }

    /** A permit was admitted with {@code taken} counted: raises the peak if the permits held may now exceed it. */
    private void notePeak(int taken) {
        if (taken > peak.get()) { // what is taken bounds what is held: the cells are read only when it may matter
            int held = stripes == null ? taken : inFlight();
            if (held > peak.get()) {
                peak.accumulateAndGet(held, Math::max);
            }
        }
    }

    /**
     * Returns a permit taken by {@link #tryAcquire()}. With cells in use it stays in the calling thread's
     * cell. Otherwise one atomic subtraction on the word, no read before it and no retry under contention:
     * a release with no permit held (a bug in the caller) finds the count at 0 (or below) in the word it
     * replaced, adds the one back and throws. Until then the count half reads negative as an int (a valid
     * count never does: it is at most the limit, an int), which every admission refuses and every limit
     * change waits out, so the limit half keeps its value.
     */
    public void release() {
        PermitStripes cells = stripes;
        if (cells != null && cells.give(cells.mine())) {
            return;
        }
        long before = state.getAndAdd(-1L);
        if (countOf(before) <= 0) {
            state.getAndAdd(1L); // undo the borrow first: the word is whole again
            throw new IllegalStateException("permit released more often than acquired");
        }
    }

    /** Permits held now (with cells in use: taken minus the cells' free permits, read one after another). */
    public int inFlight() {
        int taken = countOf(state.get());
        PermitStripes cells = stripes;
        if (cells != null) {
            for (int cell = 0; cell < cells.size(); cell++) {
                taken -= cells.free(PermitStripes.indexOf(cell));
            }
        }
        return Math.max(0, taken); // 0 while a bad release undoes its borrow
    }

    /**
     * The permits held now if they may exceed {@code floor}; otherwise some value at most {@code floor}
     * (the count taken, read in one load). For a rolling maximum: when nothing taken can be above it, the
     * cells are not read.
     */
    public int inFlightAbove(int floor) {
        int taken = countOf(state.get());
        return taken <= floor || stripes == null ? Math.max(0, taken) : inFlight();
    }

    /** Drains begun so far (each one detached cells that were in use, or found them gone): for tests. */
    long drains() {
        return drainsStarted.get();
    }

    /** Whether cells are in use now: for tests. */
    boolean cellsInUse() {
        return stripes != null;
    }

    /** The most permits ever held at once. */
    public int peak() {
        return peak.get();
    }
}
