package dev.firebreak;

import dev.firebreak.isolation.HandOffSpin;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * The future of a handed-off call: what others wait for. One synchronous caller (a caller of
 * {@code execute}) waits for it by parking on this future, with no waiter node allocated, after a
 * bounded spin when its {@link HandOffSpin} site allows (adaptive: while such spins pay): when the call
 * ends within the spin, no park/unpark pair (a futex wake, tens of microseconds on a small VM) is paid. It also lets a timer hand work to that
 * caller ({@link #handToCaller}): a timeout's fallback then runs on the caller's own thread, one
 * wake-up instead of two. And it keeps the watch of the call's isolation permit
 * ({@link #permitReleased()}).
 *
 * <p>Invariants:
 * <ul>
 *   <li><b>No lost wake-up.</b> The caller publishes itself in {@code waiter} and only then reads the
 *       outcome and the handed work before parking; whoever completes this future or hands work
 *       writes first and reads {@code waiter} after (Dekker's pattern on volatiles), so one side sees
 *       the other. Every completion path of this class ({@link #complete}, {@link #completeExceptionally},
 *       {@link #cancel}) wakes the waiter; a synchronous caller's future is never given to user code,
 *       so no other completion (obtrude, orTimeout) can reach it.</li>
 *   <li><b>Bounded spin.</b> {@link Thread#onSpinWait()} rounds while the site's bound allows
 *       ({@link HandOffSpin#goOn}), a few microseconds per wait: a slow call costs the caller that much
 *       CPU, once (and its site's score stops such spins while they do not pay).</li>
 *   <li><b>Handed work runs once</b>, on the waiting caller's thread: only a future marked
 *       {@link #callerWaits()} at construction accepts it, and only the thread that claimed the
 *       outcome hands it (once, since the claim is one CAS).</li>
 * </ul>
 */
abstract class HandOffFuture<T> extends CompletableFuture<T> {

    private static final VarHandle PERMIT_WATCH;
    private static final CompletableFuture<Void> PERMIT_GONE = CompletableFuture.completedFuture(null);

    static {
        try {
            PERMIT_WATCH = MethodHandles.lookup().findVarHandle(HandOffFuture.class, "permitWatch", CompletableFuture.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final boolean callerWaits;
    private volatile Thread waiter;
    private volatile Runnable forCaller;
    private volatile CompletableFuture<Void> permitWatch; // null: nobody asked; PERMIT_GONE: no permit held any more

    /** A future that a synchronous caller will wait on ({@code callerWaits}) or that is given to the submitter. */
    HandOffFuture(boolean callerWaits) {
        this.callerWaits = callerWaits;
    }

    /** The spin site of this call's waiting caller (looked up, not kept: one field less per call). */
    abstract HandOffSpin callerSpin();

    /** Whether a synchronous caller waits on this future with {@link #awaitSettled}, and so can be handed work. */
    final boolean callerWaits() {
        return callerWaits;
    }

    /**
     * Hands {@code work} (which completes this future) to the waiting caller, if there is one: true if
     * taken, false if this future has no synchronous caller (then the claimer runs it elsewhere).
     */
    final boolean handToCaller(Runnable work) {
        if (!callerWaits) {
            return false;
        }
        forCaller = work;
        wakeWaiter();
        return true;
    }

    /**
     * Waits until this future is done or work was handed to the caller: spins briefly, then parks.
     * With {@code interruptible}, returns at the first interrupt (the flag cleared) with true.
     *
     * @return true if interrupted (only when {@code interruptible}); the caller then decides
     */
    final boolean awaitSettled(boolean interruptible) {
        if (settled()) {
            return false;
        }
        HandOffSpin spin = callerSpin();
        if (spin.begin() > 0) {
            boolean found = false;
            try {
                long start = spin.spinStart();
                for (int round = 0; !(found = settled()) && spin.goOn(round, start); round++) {
                    Thread.onSpinWait();
                }
            } finally {
                spin.end(found);
            }
            if (found) {
                return false;
            }
        }
        waiter = Thread.currentThread();
        boolean interrupted = false;
        try {
            while (!settled()) {
                LockSupport.park(this);
                if (Thread.interrupted()) {
                    if (interruptible) {
                        return true;
                    }
                    interrupted = true;
                }
            }
            return false;
        } finally {
            waiter = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Runs the work a timer handed to this caller, if any: on return, this future is done. */
    final void runHandedWork() {
        Runnable work = forCaller;
        if (work != null) {
            forCaller = null;
            work.run();
        }
    }

    /**
     * A future completing once this call holds no isolation permit: when the call (or stage) really
     * ends, which may be long after its outcome (a timed-out call that ignores its interrupt), or at
     * once if it never took one or has given it back. Only watched calls allocate it.
     */
    final CompletableFuture<Void> permitReleased() {
        CompletableFuture<Void> fresh = new CompletableFuture<>();
        @SuppressWarnings("unchecked")
        CompletableFuture<Void> witness = (CompletableFuture<Void>) PERMIT_WATCH.compareAndExchange(this, null, fresh);
        return witness == null ? fresh : witness; // PERMIT_GONE, or the watch an earlier caller installed
    }

    /** Called once, right after the permit is given back (or when none was taken): completes the watch. */
    final void permitGone() {
        Object watch = PERMIT_WATCH.getAndSet(this, PERMIT_GONE);
        if (watch != null && watch != PERMIT_GONE) {
            ((CompletableFuture<?>) watch).complete(null);
        }
    }

    private boolean settled() {
        return isDone() || forCaller != null;
    }

    private void wakeWaiter() {
        Thread parked = waiter;
        if (parked != null) {
            LockSupport.unpark(parked);
        }
    }

    @Override
    public boolean complete(T value) {
        boolean completed = super.complete(value);
        wakeWaiter();
        return completed;
    }

    @Override
    public boolean completeExceptionally(Throwable failure) {
        boolean completed = super.completeExceptionally(failure);
        wakeWaiter();
        return completed;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        wakeWaiter();
        return cancelled;
    }
}
