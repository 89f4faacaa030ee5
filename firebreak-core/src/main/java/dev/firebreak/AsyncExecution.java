package dev.firebreak;

import dev.firebreak.chaos.Injection;
import dev.firebreak.classify.FailedResultException;
import dev.firebreak.context.CallObservation.Wait;
import dev.firebreak.context.CarriedCriticality;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.isolation.HandOffSpin;
import dev.firebreak.isolation.Isolator;
import dev.firebreak.isolation.QueuedAdmission;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.internal.OffTimer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * The pipeline's hand-off path: one call on a guard's isolation (a pool thread, a virtual thread, or a
 * pending stage), and the future its caller holds. The steps are the {@link Pipeline}'s; this class
 * only decides who claims the outcome.
 *
 * <p>Invariants:
 * <ul>
 *   <li><b>One outcome.</b> The worker (value or failure), the timeout task, and the caller's cancel
 *       race to {@link #claim()} the outcome with one compare-and-set; only the winner reports events,
 *       runs the fallback and completes the future. The CAS has no side effects.</li>
 *   <li><b>Permits follow the work, not the caller.</b> The isolation permit is released by the
 *       worker when the user's call really returns (or, for a stage, when the stage completes), never
 *       by the timeout or the cancel, so a hung dependency can never run more calls than its bound. A
 *       task that finds the outcome already claimed before it starts releases its permit without
 *       running the call. Right after the release (or when no permit was taken), the watch of
 *       {@link #permitReleased()} completes, once.</li>
 *   <li><b>Interrupts hit only this call.</b> An interrupt is delivered only while the runner is in
 *       RUNNING, and the runner does not leave RUNNING while an interrupt is being delivered; it then
 *       clears its interrupt flag, so a pooled thread never carries a stale interrupt to its next call.</li>
 *   <li><b>No user code on the timer.</b> The timeout task only claims; everything the claim leads to
 *       (fallback, events, listeners, completion) runs on the waiting caller's thread ({@code execute}:
 *       handed over, {@link HandOffFuture#handToCaller}) or on a virtual thread started for it.</li>
 *   <li><b>The deadline decides.</b> A result that comes after the deadline is a TIMEOUT even if the
 *       timer has not fired yet (a late timer); a caller interrupted after the outcome was claimed gets
 *       that outcome ({@link #await}).</li>
 * </ul>
 */
final class AsyncExecution<T> extends HandOffFuture<T> implements Runnable, QueuedAdmission.Source {

    static final int PENDING = 0;
    private static final int CLAIMED = 1;

    private static final int NEW = 0;
    private static final int RUNNING = 1;
    private static final int INTERRUPTING = 2;
    private static final int FINISHED = 3;

    /** Where a timeout's fallback, events and completion run: never on the timer thread. */
    static final OffTimer OFF_TIMER = OffTimer.TIMEOUT;

    private static final VarHandle OUTCOME;
    private static final VarHandle RUN_STATE;
    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            OUTCOME = lookup.findVarHandle(AsyncExecution.class, "outcome", int.class);
            RUN_STATE = lookup.findVarHandle(AsyncExecution.class, "runState", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Pipeline pipeline;
    private final GuardConfig config;
    private final GuardedCall<T> call;
    private final Supplier<? extends CompletionStage<T>> stageCall;
    private final Fallback<T> fallback;
    final long start;
    private final RequestContext context = RequestContext.currentOrNull(); // the submitter's, installed around every step
    private final ContextCarrier.Snapshot carried; // the submitter's other thread-bound context (and a tracer's), wherever user code runs
    private final CallTrace trace; // null unless a tracer observes this call
    final Object[] permits; // final: visible to whichever thread reports the outcome
    volatile int outcome;
    private volatile int runState;
    private volatile Thread runner;
    private volatile Cancellable timeout = Cancellable.NONE;
    private volatile CompletableFuture<T> stage;
    private volatile boolean stopRequested;
    private Injection injection; // step 6's fault or null: set before the timeout is armed and the work handed over

    private AsyncExecution(Pipeline pipeline, GuardedCall<T> call, Supplier<? extends CompletionStage<T>> stageCall,
            Fallback<T> fallback, boolean callerWaits, CallTrace trace) {
        super(callerWaits);
        this.pipeline = pipeline;
        this.config = pipeline.config();
        this.call = call;
        this.stageCall = stageCall;
        this.fallback = fallback;
        this.start = pipeline.ticker().read();
        this.permits = pipeline.newPermits();
        this.trace = trace;
        this.carried = CallTrace.withCaller(CarriedCriticality.capture(pipeline.contextCarrier()), trace); // and a scoped level
    }

    @Override
    HandOffSpin callerSpin() { return HandOffSpin.forCallersOf(pipeline.isolator()); }

    /** Starts {@code call} (blocking, on the isolation) or {@code stageCall} (non-blocking); returns its future. */
    static <T> AsyncExecution<T> start(Pipeline pipeline, GuardedCall<T> call,
            Supplier<? extends CompletionStage<T>> stageCall, Fallback<T> fallback, CallTrace trace) {
        return new AsyncExecution<>(pipeline, call, stageCall, fallback, false, trace).begin();
    }

    /** Starts blocking {@code call} for a caller that waits with {@link CallerWait#await} (and runs a timeout's fallback). */
    static <T> AsyncExecution<T> startForCaller(Pipeline pipeline, GuardedCall<T> call, Fallback<T> fallback, CallTrace trace) {
        return new AsyncExecution<>(pipeline, call, null, fallback, true, trace).begin();
    }

    private AsyncExecution<T> begin() {
        Object admitted = pipeline.admit(start, permits, this);
        CallTrace.waitedSince(trace, Wait.ADMISSION, pipeline.ticker(), start); // a rate limiter may have parked us
        if (admitted == null) {
            launchAdmitted(0L);
        } else if (admitted != Isolator.QUEUED) { // QUEUED: QueuedStart starts or refuses it later
            permitGone(); // the refusal gave back every work-held permit taken
            claim();
            refuse((EventType) admitted);
        }
        return this;
    }

    /** This call as it waits for a permit of a full isolation (made only then). */
    @Override
    public QueuedAdmission queued() { return new QueuedStart(this); }

    /** Starts an admitted call that waited {@code waitedNanos} for its permit: its timeout, then its work. */
    void launchAdmitted(long waitedNanos) {
        boolean handedOver = false; // once true, the worker (or the stage) owns the work-held permits
        injection = pipeline.inject(start);
        try {
            if (config.timeout().enabled()) {
                timeout = pipeline.scheduler().schedule(config.timeout().timeoutNanos() - waitedNanos, this::onTimeout);
            }
            if (stageCall != null) {
                handedOver = true;
                startStage();
            } else {
                pipeline.isolator().launch(this);
                handedOver = true;
            }
        } catch (Throwable failedToStart) {
            // The scheduler, the pool or the thread refused: the call never started. Its permits must
            // still be given back (a lost half-open trial would hold the circuit half-open forever).
            if (!handedOver) {
                pipeline.workEnded(permits, EventType.FAILURE, 0L, pipeline.ticker().read());
                permitGone();
            }
            if (claim()) {
                timeout.cancel();
                if (failedToStart instanceof RejectedExecutionException) { // a pool shut down
                    recover(pipeline.isolator().refusal(), null, 0L);
                } else {
                    recover(EventType.FAILURE, failedToStart, 0L);
                }
            }
        }
    }

    /**
     * A call refused before it ran: its fallback and events run on the submitting thread, unless that thread
     * is a timer task (a collapser's window closing), where they are handed off: no user code on the timer.
     */
    void refuse(EventType refusal) {
        if (OffTimer.inTimerTask()) {
            pipeline.scheduler().runOffTimer(() -> inContext(() -> recover(refusal, null, 0L)));
        } else {
            recover(refusal, null, 0L);
        }
    }

    /** Runs {@code work} in the submitter's request and carried context (the paths off the success path). */
    void inContext(Runnable work) {
        RequestContext before = RequestContext.swap(context);
        try (ContextCarrier.Scope restored = carried.restore()) {
            work.run();
        } finally {
            RequestContext.swap(before);
        }
    }

    /** The worker: runs the blocking call on a pool or virtual thread. */
    @Override
    public void run() {
        RequestContext before = RequestContext.swap(context);
        try (ContextCarrier.Scope restored = carried.restore()) {
            runInContext();
        } finally {
            RequestContext.swap(before);
        }
    }

    private void runInContext() {
        runner = Thread.currentThread();
        RUN_STATE.setVolatile(this, RUNNING);
        // Read the outcome only after publishing RUNNING: a timeout or cancel that claimed before this
        // read is seen here (skip the call); one that claims after it sees RUNNING (and interrupts).
        boolean skip = outcome != PENDING;
        T value = null;
        Throwable thrown = null;
        EventType verdict = EventType.SUCCESS;
        if (!skip) {
            pipeline.metrics().executionStarted();
            CallTrace.waitedSince(trace, Wait.QUEUE, pipeline.ticker(), start);
        }
        try {
            if (!skip) {
                value = CallTrace.call(trace, Pipeline.injected(injection, call)); // the call's own context current
            }
        } catch (Throwable t) {
            thrown = t;
        } finally {
            while (!RUN_STATE.compareAndSet(this, RUNNING, FINISHED)) {
                Thread.onSpinWait(); // an interrupt is being delivered to this call; let it land first
            }
            runner = null;
            Thread.interrupted(); // this call's interrupt must not leak to the thread's next task
            if (!skip) {
                pipeline.metrics().executionEnded();
            }
            long end = pipeline.ticker().read();
            verdict = skip ? EventType.SUCCESS : pipeline.verdict(value, thrown); // skipped: never ran, 0 ns
            pipeline.workEnded(permits, verdict, skip ? 0L : end - start, end);
            permitGone();
        }
        if (!skip) {
            settle(value, thrown, verdict);
        }
    }

    private void startStage() {
        pipeline.metrics().executionStarted();
        CompletionStage<T> started;
        try {
            started = injection == null ? CallTrace.get(trace, stageCall) : Pipeline.injected(trace, injection, stageCall, this::inContext);
            if (started == null) {
                throw new NullPointerException("submitAsync: the supplier returned null instead of a stage");
            }
        } catch (Throwable thrown) {
            pipeline.metrics().executionEnded();
            long end = pipeline.ticker().read();
            EventType verdict = pipeline.verdict(null, thrown);
            pipeline.workEnded(permits, verdict, end - start, end);
            permitGone();
            settle(null, thrown, verdict);
            return;
        }
        CompletableFuture<T> pending = started.toCompletableFuture();
        stage = pending;
        // Publish the stage, then look for a cancel requested before it was visible (see interruptRunner).
        if (stopRequested) {
            pending.cancel(true);
        }
        pending.whenComplete((value, thrown) -> {
            pipeline.metrics().executionEnded();
            long end = pipeline.ticker().read();
            Throwable cause = thrown == null ? null : BadRequests.unwrap(thrown);
            EventType verdict = pipeline.verdict(value, cause);
            pipeline.workEnded(permits, verdict, end - start, end);
            permitGone();
            RequestContext before = RequestContext.swap(context);
            try (ContextCarrier.Scope restored = carried.restore()) {
                settle(value, cause, verdict);
            } finally {
                RequestContext.swap(before);
            }
        });
    }

    /** The user's call (or stage) ended, judged {@code verdict} ({@link Pipeline#verdict}): report it unless claimed. */
    private void settle(T value, Throwable thrown, EventType verdict) {
        if (!claim()) {
            return; // the caller already has a timeout or a cancellation
        }
        timeout.cancel();
        long end = pipeline.ticker().read();
        long executionNanos = end - start;
        if (config.timeout().enabled() && executionNanos > config.timeout().timeoutNanos()) {
            // The deadline passed before the result came, and the timer had not claimed it yet (it runs
            // late on a busy machine). An on-time timer would have made this a TIMEOUT, so it is one,
            // as on SEMAPHORE's caller-thread path: the late value or failure is discarded.
            recover(EventType.TIMEOUT, null, executionNanos);
        } else if (verdict == EventType.SUCCESS) {
            long events = EventType.SUCCESS.bit() | pipeline.slowMarker(config, executionNanos) | Pipeline.marks(injection);
            pipeline.finish(permits, EventType.SUCCESS, events, executionNanos, executionNanos, end, trace, null, null);
            super.complete(value);
        } else if (verdict == EventType.BAD_REQUEST) { // a bad request or an exception the classification ignores
            long events = EventType.BAD_REQUEST.bit() | EventType.EXCEPTION_THROWN.bit() | Pipeline.marks(injection);
            Throwable failure = BadRequests.forFuture(thrown);
            pipeline.finish(permits, EventType.BAD_REQUEST, events, executionNanos, executionNanos, end, trace, thrown, failure);
            super.completeExceptionally(failure);
        } else { // FAILURE: an exception, or a result classified as failing
            recover(EventType.FAILURE, thrown != null ? thrown : new FailedResultException(value), executionNanos);
        }
    }

    /**
     * The timeout task, on the scheduler's timer thread: it only claims the outcome. The fallback, the
     * events (breaker, metrics, request log, listeners) and the completion of the future run on the
     * waiting caller's own thread for {@code execute} (one wake-up: the caller's), else on a virtual
     * thread of their own (then the caller's continuations run there too); so no user code runs on
     * the timer and a slow fallback delays no other timeout. The worker is interrupted after the
     * caller was handed its outcome (by the timer: a blocking call has no stage, so no user code).
     */
    private void onTimeout() {
        if (!claim()) {
            return;
        }
        long executionNanos = pipeline.ticker().read() - start;
        if (handToCaller(() -> timedOut(executionNanos, false))) {
            if (config.timeout().interruptOnTimeout()) {
                interruptRunner();
            }
        } else {
            pipeline.scheduler().runOffTimer(() -> timedOut(executionNanos, config.timeout().interruptOnTimeout()));
        }
    }

    private void timedOut(long executionNanos, boolean interrupt) {
        inContext(() -> recover(EventType.TIMEOUT, null, executionNanos));
        // The caller has its outcome first; only then is the worker woken (no race with the caller's completion).
        if (interrupt) {
            interruptRunner();
        }
    }

    /**
     * Cancels the call if it has no outcome yet: CANCELLED, no fallback; the runner is interrupted if
     * {@code interruptOnCancel}. The isolation permit is still released only when the call ends.
     */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        if (!claim()) {
            return false;
        }
        timeout.cancel();
        long now = pipeline.ticker().read();
        long elapsed = now - start;
        long events = EventType.CANCELLED.bit() | Pipeline.marks(injection);
        boolean cancelled;
        RequestContext before = RequestContext.swap(context); // the call's request log, whoever cancels
        try {
            pipeline.finish(permits, EventType.CANCELLED, events, elapsed, elapsed, now, trace, null, null);
            cancelled = super.cancel(false);
        } finally {
            RequestContext.swap(before);
        }
        if (config.isolation().interruptOnCancel()) {
            interruptRunner(); // after the outcome, as for timeouts
        }
        return cancelled;
    }

    boolean claim() {
        return OUTCOME.compareAndSet(this, PENDING, CLAIMED);
    }

    private void interruptRunner() {
        stopRequested = true; // written before reading stage; startStage writes stage before reading this
        CompletableFuture<T> pending = stage;
        if (pending != null) {
            pending.cancel(true);
            return;
        }
        if (RUN_STATE.compareAndSet(this, RUNNING, INTERRUPTING)) {
            try {
                Thread thread = runner;
                if (thread != null) {
                    thread.interrupt();
                }
            } finally {
                RUN_STATE.setVolatile(this, RUNNING);
            }
        }
    }

    /** The claimed outcome is a failure of kind {@code event}: try the fallback, then complete. */
    private void recover(EventType event, Throwable cause, long executionNanos) {
        FallbackResult<T> result = pipeline.fallback(fallback, event, cause, trace);
        long now = pipeline.ticker().read();
        long total = now - start;
        long events = event.bit() | result.events() | Pipeline.marks(injection);
        pipeline.finish(permits, event, events, executionNanos, total, now, trace, cause, result.exception());
        if (result.exception() != null) {
            super.completeExceptionally(result.exception());
        } else {
            super.complete(result.value());
        }
    }
}
