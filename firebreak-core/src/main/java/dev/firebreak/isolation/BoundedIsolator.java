package dev.firebreak.isolation;

import dev.firebreak.event.EventType;
import dev.firebreak.event.ListenerFailures;
import dev.firebreak.limit.AdaptiveLimit;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.limit.LimitListener;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import dev.firebreak.time.internal.OffTimer;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The isolations whose admission is a bounded count of permits ({@link Bulkhead}): SEMAPHORE and
 * VIRTUAL. They differ only in where an admitted call runs, what a refusal is called, and which static
 * limit a reconfiguration resizes. Either may have its limit driven by an {@link AdaptiveLimit} instead
 * ({@code limit.algorithm}): each attempt's permit then carries its start and in-flight count, and the
 * attempt's end is the algorithm's sample.
 *
 * <p>Invariant: an attempt is admitted only by one compare-and-set of the bulkhead's word against the
 * limit in that word, so no attempt is admitted above the limit in force at its admission, however the
 * algorithm or a reconfiguration moves the limit. Limit changes (static resize, algorithm switch) are
 * serialized by one lock; samples of a retired algorithm change nothing.
 */
abstract sealed class BoundedIsolator implements Isolator permits SemaphoreIsolator, VirtualThreadIsolator {

    /** The permits: one per call in flight, never more than the limit in force at admission. */
    final Bulkhead permits;
    private final ReentrantLock limitChanges = new ReentrantLock();
    private volatile int staticLimit; // written under limitChanges
    private volatile AdaptiveLimit adaptive; // null: the static limit stands; written under limitChanges
    private volatile long dropAfterNanos = Long.MAX_VALUE;
    private final CopyOnWriteArrayList<LimitListener> limitListeners = new CopyOnWriteArrayList<>();
    /** Callers waiting for a permit of the full bulkhead, oldest first. */
    private final PermitQueue waiters;
    /** The wait for a permit in force (0: a full bulkhead refuses at once). */
    private volatile long maxWaitNanos;
    /**
     * Whether a wait was ever set: a plain field, so a bulkhead that never waits pays one plain read per
     * release. Only read late at the instant a wait is first set; a waiter missed then is served by the
     * next release or takes a free permit at its deadline (PermitQueue).
     */
    private boolean waits;

    /**
     * {@code striped}: whether the bulkhead stripes its free permits ({@link Bulkhead#striped}), which pays
     * when a permit is given back on the thread that took it (SEMAPHORE: the caller's); a VIRTUAL call
     * gives it back on its virtual thread, a new one each call, which would scatter the permits.
     */
    BoundedIsolator(int maxConcurrentRequests, boolean striped, Scheduler scheduler, Ticker ticker) {
        this.permits = striped ? Bulkhead.striped(maxConcurrentRequests) : new Bulkhead(maxConcurrentRequests);
        this.staticLimit = maxConcurrentRequests;
        this.waiters = new PermitQueue(new PermitQueue.Gate() {
            @Override
            public Object tryEnter(long nowNanos) {
                return BoundedIsolator.this.tryEnter(nowNanos);
            }

            @Override
            public void giveBack(Object permit) {
                permits.release(); // a permit that never ran: no sample
            }
        }, Objects.requireNonNull(scheduler, "scheduler"), Objects.requireNonNull(ticker, "ticker"));
    }

    /**
     * Admits now, or, with the bulkhead full and a wait set, parks the calling thread until a permit is
     * handed to it or the wait runs out (a synchronous caller; asynchronous calls use
     * {@link #enter(long, QueuedAdmission)}). Never waits inside a timer task.
     */
    @Override
    public Object enter(long nowNanos) {
        AdaptiveLimit limit = adaptive; // tryEnter's steps, with the refusal's null replaced by whenFull
        if (limit == null) {
            return permits.tryAcquire() ? PERMIT : whenFull(null);
        }
        int inFlight = permits.tryAcquireCount();
        return inFlight == 0 ? whenFull(null) : new LimitPermit(limit, nowNanos, inFlight);
    }

    @Override
    public Object enter(long nowNanos, QueuedAdmission.Source call) {
        Object permit = tryEnter(nowNanos);
        return permit != null ? permit : whenFull(Objects.requireNonNull(call, "call"));
    }

    /** A permit if one is free now, else null: the fast path, unchanged by waits. */
    private Object tryEnter(long nowNanos) {
        AdaptiveLimit limit = adaptive;
        if (limit == null) {
            return permits.tryAcquire() ? PERMIT : null; // no in-flight count to read: the cells' fast path
        }
        int inFlight = permits.tryAcquireCount();
        return inFlight == 0 ? null : new LimitPermit(limit, nowNanos, inFlight);
    }

    /**
     * The bulkhead is full: refuse (null), or wait for at most the wait in force, never past the guard's
     * timeout (the wait counts in it). {@code call} null: park this thread; else queue the call.
     */
    private Object whenFull(QueuedAdmission.Source call) {
        long wait = Math.min(maxWaitNanos, dropAfterNanos);
        if (wait <= 0L || OffTimer.inTimerTask()) {
            return null;
        }
        return call == null ? waiters.await(wait) : waiters.enqueue(wait, call.queued());
    }

    @Override
    public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
        permits.release();
        if (waits && waiters.hasWaiters()) { // never waited: one plain read; else one volatile read when none wait
            waiters.serve();
        }
        if (permit instanceof LimitPermit sample) {
            boolean dropped = event.isError() || executionNanos > dropAfterNanos;
            sample.limit().onSample(sample.startNanos(), executionNanos, sample.inFlight(), dropped);
        }
    }

    @Override
    public boolean tryAdmit() {
        return permits.tryAcquire();
    }

    @Override
    public void release() {
        permits.release();
        if (waits && waiters.hasWaiters()) {
            waiters.serve();
        }
    }

    /** Sets this isolator's wait for a permit, in nanoseconds (0: refuse at once). */
    final void waitStatic(long waitNanos) {
        if (waitNanos > 0L) {
            waits = true; // never cleared: waiters may remain after the wait goes back to 0
        }
        maxWaitNanos = Math.max(0L, waitNanos);
    }

    @Override
    public long maxWaitNanos() {
        return maxWaitNanos;
    }

    @Override
    public int waiting() {
        return waiters.waiting();
    }

    @Override
    public long admittedAfterWait() {
        return waiters.grantedAfterWait();
    }

    @Override
    public long refusedAfterWait() {
        return waiters.refusedAfterWait();
    }

    @Override
    public int limit() {
        return permits.limit();
    }

    @Override
    public int inFlight() {
        return permits.inFlight();
    }

    @Override
    public int inFlightAbove(int floor) {
        return permits.inFlightAbove(floor);
    }

    @Override
    public int peakInFlight() {
        return permits.peak();
    }

    @Override
    public LimitKind limitAlgorithm() {
        AdaptiveLimit limit = adaptive;
        return limit == null ? LimitKind.NONE : limit.kind();
    }

    /**
     * Applies the adaptive-limit configuration: NONE restores the static limit; an algorithm (or new
     * parameters) starts a fresh one from the limit in force (from {@code limit.initialLimit} when
     * the limit was static); an unchanged configuration keeps the running algorithm and what it learned.
     *
     * @param dropAfterNanos work running longer than this counts as a drop (the guard's timeout)
     */
    @Override
    public void adapt(LimitConfig config, long dropAfterNanos) {
        limitChanges.lock();
        try {
            this.dropAfterNanos = dropAfterNanos;
            AdaptiveLimit current = adaptive;
            if (current != null && current.config().equals(config)) {
                return;
            }
            if (current != null) {
                current.retire();
            }
            if (config.adaptive()) {
                int start = current == null ? config.initialLimit() : current.limit();
                adaptive = new AdaptiveLimit(config, start, permits::setLimit, this::limitChanged);
            } else {
                adaptive = null;
                permits.setLimit(staticLimit);
            }
        } finally {
            limitChanges.unlock();
        }
    }

    @Override
    public void addLimitListener(LimitListener listener) {
        limitListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public void removeLimitListener(LimitListener listener) {
        limitListeners.remove(listener);
    }

    /** An adaptive limit moved (told after its lock): each listener under the one listener rule. */
    private void limitChanged(int from, int to, long atNanos) {
        for (LimitListener listener : limitListeners) {
            try {
                listener.onLimitChanged(from, to, atNanos);
            } catch (Throwable thrown) {
                ListenerFailures.report(listener, "a change of an adaptive limit", thrown);
            }
        }
    }

    /** Sets the static limit; it is in force unless an algorithm drives the limit. */
    final void resizeStatic(int limit) {
        limitChanges.lock();
        try {
            staticLimit = limit;
            if (adaptive == null) {
                permits.setLimit(limit);
            }
        } finally {
            limitChanges.unlock();
        }
    }
}
