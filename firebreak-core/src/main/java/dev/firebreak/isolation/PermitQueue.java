package dev.firebreak.isolation;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import dev.firebreak.time.internal.OffTimer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongFunction;

/*
 * The callers waiting for a permit of a full bulkhead, oldest first, each for a bounded time: a parked
 * thread (a synchronous caller) or a QueuedAdmission (an asynchronous call, which never blocks its
 * submitter). The deadline of each is a task on the guard's Scheduler; nothing here sleeps or reads the
 * system clock.
 *
 * Invariants:
 * - One end per waiter. A waiter leaves WAITING (state null) exactly once, by one compare-and-set of its
 *   state: to the permit handed to it (granted) or to GONE (its deadline, or its thread was interrupted).
 *   The CAS has no side effect; only its winner removes the waiter, counts, and tells the waiter.
 * - No permit lost, none given twice. A permit is taken from the bulkhead (Gate.tryEnter) before it is
 *   offered; if the offer's CAS loses (the waiter left first), the permit goes straight back
 *   (Gate.giveBack). A granted permit is the waiter's, given back later by the call's own exit; one handed
 *   to a thread just as it was interrupted is given back by that thread.
 * - Oldest first. serve() only ever offers a permit to the head of the queue; a waiter leaves the queue
 *   only when it has ended. (A call arriving as a permit is freed may take it on the bulkhead's fast path
 *   before serve() runs: waiters are served in order, arrivals are not held back.)
 * - No lost wake-up. A waiter counts itself in `queued`, enters the queue, then serves (tries the bulkhead
 *   itself); a releaser gives its permit back to the bulkhead, then reads `queued`. Each side writes then
 *   reads, both through volatile accesses: either the waiter's try sees the freed permit, or the
 *   releaser's read sees the waiter and serves it. As a last guard, a waiter at the head of the queue
 *   takes a permit free at its deadline rather than being refused.
 */
final class PermitQueue {

    /** The bulkhead side: take a permit (null if full), give one back without serving anyone. */
    interface Gate {
        Object tryEnter(long nowNanos);

        void giveBack(Object permit);
    }

    private static final Object GONE = new Object();

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Waiter.class, "state", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** One caller waiting: a parked thread or a queued asynchronous call. */
    static final class Waiter {
        private volatile Object state; // null: waiting; the permit: granted; GONE: expired or gave up
        private final Thread thread; // a parked synchronous caller, else null
        private final QueuedAdmission call; // an asynchronous call, else null
        private volatile Cancellable deadline = Cancellable.NONE;

        Waiter(Thread thread, QueuedAdmission call) {
            this.thread = thread;
            this.call = call;
        }

        boolean waiting() {
            return state == null;
        }
    }

    private final Gate gate;
    private final Scheduler scheduler;
    private final Ticker ticker;
    private final ConcurrentLinkedQueue<Waiter> waiters = new ConcurrentLinkedQueue<>();
    /** Waiters in the queue (counted before they enter it, uncounted by whoever removes them). */
    private final AtomicInteger queued = new AtomicInteger();
    private final LongAdder grantedAfterWait = new LongAdder();
    private final LongAdder refusedAfterWait = new LongAdder();
    /** Set while a thread runs this queue's serve(): a nested serve leaves the work to the loop already running. */
    private final ThreadLocal<Boolean> serving = new ThreadLocal<>();

    PermitQueue(Gate gate, Scheduler scheduler, Ticker ticker) {
        this.gate = gate;
        this.scheduler = scheduler;
        this.ticker = ticker;
    }

    /** Whether anyone may be waiting: one volatile read, what a release pays when nobody waits. */
    boolean hasWaiters() {
        return queued.get() != 0;
    }

    /**
     * Parks the calling thread up to {@code waitNanos} for a permit: the permit, or null if the wait ended
     * without one (its deadline, an interrupt, or a scheduler that refused the deadline task). An
     * interrupted caller gives up its place and keeps its interrupt flag.
     */
    Object await(long waitNanos) {
        Waiter waiter = new Waiter(Thread.currentThread(), null);
        if (!join(waiter, waitNanos)) {
            return null;
        }
        boolean interrupted = false;
        while (waiter.waiting()) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                interrupted = true;
                if (STATE.compareAndSet(waiter, null, GONE)) { // gave up its place: nothing was handed to it
                    leave(waiter);
                    refusedAfterWait.increment();
                }
            }
        }
        Object permit = waiter.state;
        if (interrupted) {
            Thread.currentThread().interrupt();
            if (permit != GONE) { // handed to it just as it was interrupted: the permit goes back
                gate.giveBack(permit);
                serve();
            }
            return null;
        }
        return permit == GONE ? null : permit;
    }

    /**
     * Queues {@code call} for up to {@code waitNanos}; it is told through its own methods (possibly before
     * this returns). Returns {@link Isolator#QUEUED}, or null if the scheduler refused the deadline task
     * (then nothing was queued and the call is refused at once).
     */
    Object enqueue(long waitNanos, QueuedAdmission call) {
        return join(new Waiter(null, call), waitNanos) ? Isolator.QUEUED : null;
    }

    /**
     * Schedules the waiter's deadline, enters the queue, then serves (so a permit freed meanwhile is not
     * missed). The deadline is set before anyone can see the waiter, so whoever ends it cancels the real
     * task; a deadline that fires before the waiter is in the queue ends it all the same, and the waiter
     * then takes itself out.
     */
    private boolean join(Waiter waiter, long waitNanos) {
        try {
            waiter.deadline = scheduler.schedule(waitNanos, () -> OffTimer.asTimerTask(() -> deadline(waiter)));
        } catch (RuntimeException closed) {
            return false; // the scheduler is shut: nothing queued, refused at once
        }
        queued.incrementAndGet();
        waiters.add(waiter);
        if (!waiter.waiting()) {
            leave(waiter); // its deadline ended it before it was in the queue, so could not remove it
        }
        serve();
        return true;
    }

    /**
     * Offers free permits to the oldest waiters, one each, while both last. A call granted here may start
     * and end on this thread (a stage that completes at once) and give its permit back: that nested serve
     * returns at once and this loop, which tries the bulkhead again, hands the permit on (no recursion
     * as deep as the queue).
     */
    void serve() {
        if (serving.get() != null) {
            return;
        }
        serving.set(Boolean.TRUE);
        try {
            serveOldest();
        } finally {
            serving.remove();
        }
    }

    private void serveOldest() {
        while (queued.get() != 0) {
            Waiter head = waiters.peek();
            if (head == null) {
                return; // counted but not in yet: its own serve() follows
            }
            if (!head.waiting()) {
                leave(head); // ended; whoever ended it may not have removed it yet
                continue;
            }
            Object permit = gate.tryEnter(ticker.read());
            if (permit == null) {
                return; // full: the next release serves
            }
            if (!grant(head, permit)) {
                gate.giveBack(permit); // the head left first: the permit goes back, the loop tries the next
            }
        }
    }

    /** The deadline task: a waiter at the head takes a permit free now, else it expires (if still waiting). */
    private void deadline(Waiter waiter) {
        if (!waiter.waiting()) {
            return;
        }
        if (waiters.peek() == waiter) {
            Object permit = gate.tryEnter(ticker.read());
            if (permit != null) {
                if (grant(waiter, permit)) {
                    return;
                }
                gate.giveBack(permit);
                serve();
                return;
            }
        }
        if (STATE.compareAndSet(waiter, null, GONE)) {
            leave(waiter);
            refusedAfterWait.increment();
            if (waiter.call != null) {
                waiter.call.expired();
            } else {
                LockSupport.unpark(waiter.thread);
            }
        }
    }

    /** Hands {@code permit} to {@code waiter} if it still waits; true if it did (the waiter owns it now). */
    private boolean grant(Waiter waiter, Object permit) {
        if (!STATE.compareAndSet(waiter, null, permit)) {
            return false;
        }
        leave(waiter);
        waiter.deadline.cancel();
        grantedAfterWait.increment();
        if (waiter.call != null) {
            waiter.call.granted(permit);
        } else {
            LockSupport.unpark(waiter.thread);
        }
        return true;
    }

    /** Removes an ended waiter from the queue, uncounting it once (whoever removes it). */
    private void leave(Waiter waiter) {
        if (waiters.remove(waiter)) {
            queued.decrementAndGet();
        }
    }

    /** Waiters in the queue now. */
    int waiting() {
        return Math.max(0, queued.get());
    }

    /** Calls that waited and then got a permit. */
    long grantedAfterWait() {
        return grantedAfterWait.sum();
    }

    /** Calls that waited and were refused (their deadline, or an interrupt). */
    long refusedAfterWait() {
        return refusedAfterWait.sum();
    }
}
