package dev.firebreak.collapse;

import dev.firebreak.BadRequestException;
import dev.firebreak.GuardException;
import dev.firebreak.callpolicy.PolicyTrace;
import dev.firebreak.context.CarriedCriticality;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.context.Criticality;
import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.internal.OffTimer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

/**
 * One caller's request in a collapser, and the future the caller holds.
 *
 * <p>Invariants:
 * <ul>
 *   <li><b>One outcome.</b> The batch's answer, the batch's failure, the request's own deadline and the
 *       caller's cancel race to {@link #claim()} the request (QUEUED or DISPATCHED to DONE) with one
 *       side-effect-free CAS; only the winner records events and completes the future.</li>
 *   <li><b>A request cancelled (or timed out) before dispatch leaves its batch.</b> Dispatch takes a
 *       request only by the CAS QUEUED to DISPATCHED, which fails once it is DONE.</li>
 *   <li><b>No user code on the timer.</b> The deadline task only claims; the fallback and the
 *       completion it leads to run on a virtual thread started for it.</li>
 *   <li><b>The caller's context.</b> The future is completed with the caller's request context current,
 *       so the caller's chained stages and the request log see it.</li>
 * </ul>
 */
final class CollapsedRequest<A, R> extends CompletableFuture<R> {

    private static final int QUEUED = 0;
    private static final int DISPATCHED = 1;
    private static final int DONE = 2;

    /** Where a deadline's fallback and completion run: never on the timer thread. */
    private static final OffTimer OFF_TIMER = new OffTimer("firebreak-deadline-");

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(CollapsedRequest.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Collapser<A, R> owner;
    private final A argument;
    private final Object shardKey;
    private final RequestContext context;
    private final ContextCarrier.Snapshot carried; // the submitter's thread-bound context (MDC, tracing)
    private final PolicyTrace trace; // null unless the registry's tracer observes this request
    private long start; // ticker nanos: stamped by its queue under the queue's lock, before anyone else sees the request
    private volatile int state;
    private volatile Cancellable deadline = Cancellable.NONE; // armed alone only off Deadlines' order
    private long deadlineDue; // ticker nanos, while tracked by its queue's Deadlines (guarded by the queue's lock)

    CollapsedRequest(Collapser<A, R> owner, A argument, Object shardKey, RequestContext context) {
        this.owner = owner;
        this.argument = argument;
        this.shardKey = shardKey;
        this.context = context;
        this.trace = PolicyTrace.start(owner.guard().controls().registry(), "collapser", owner.name(), owner.guard().name());
        this.carried = PolicyTrace.withCaller(CarriedCriticality.capture(owner.contextCarrier()), trace); // the tracer's caller context, a scoped level
    }

    /** This request's trace, or null (its batch links to it). */
    PolicyTrace trace() {
        return trace;
    }

    /**
     * Stamps the request's start, once, by its queue under the queue's lock ({@link BatchQueue#add}: one
     * read of the ticker serves the queue's decision, the deadline and this stamp). Every later reader
     * (the dispatch, the deadline timer, the caller's cancel) comes after that lock or on the same thread.
     */
    void stamp(long now) {
        start = now;
    }

    /** The submitter's thread-bound context: a batch's call runs in its first request's. */
    ContextCarrier.Snapshot carried() {
        return carried;
    }

    /** This request's criticality: its submitter's scoped level, else its request context's, else the default. */
    Criticality level() {
        Criticality scoped = CarriedCriticality.levelOf(carried);
        return scoped != null ? scoped : context != null ? context.criticality() : Criticality.DEFAULT;
    }

    /**
     * The level a batch of {@code shard} runs at, if it differs from the one it would have anyway (its
     * first request's scoped level, else {@code batchContext}'s, else the default), or null. A batch runs
     * at the highest level among its requests, so a request of a higher level is never refused for
     * sharing a batch with lower ones (the lower ones ride along at that level).
     */
    static Criticality liftedLevel(List<? extends CollapsedRequest<?, ?>> shard, RequestContext batchContext) {
        Criticality highest = Criticality.SHEDDABLE;
        for (CollapsedRequest<?, ?> request : shard) {
            Criticality level = request.level();
            if (level.isAtLeast(highest)) {
                highest = level;
            }
        }
        Criticality first = CarriedCriticality.levelOf(shard.get(0).carried());
        Criticality anyway = first != null ? first : batchContext != null ? batchContext.criticality() : Criticality.DEFAULT;
        return highest == anyway ? null : highest;
    }

    A argument() {
        return argument;
    }

    Object shardKey() {
        return shardKey;
    }

    /** The ticker time its queue's {@link Deadlines} expires it at (under the queue's lock). */
    long deadlineDue() {
        return deadlineDue;
    }

    void deadlineDue(long due) {
        deadlineDue = due;
    }

    /**
     * Arms the request's own deadline alone on the scheduler, {@code nanos} from now (no deadline if not
     * positive): only for a request its queue's {@link Deadlines} could not take in order.
     */
    void armDeadline(long nanos) {
        if (nanos > 0) {
            deadline = owner.scheduler().schedule(nanos, this::expire);
            if (state == DONE) {
                deadline.cancel(); // finished while arming: do not leave the task behind
            }
        }
    }

    /** Takes the request into a batch being dispatched; false if it already has its outcome. */
    boolean markDispatched() {
        return STATE.compareAndSet(this, QUEUED, DISPATCHED);
    }

    /** Whether the request still waits for its outcome. */
    boolean pending() {
        return state != DONE;
    }

    private boolean claim() {
        while (true) {
            int current = state;
            if (current == DONE) {
                return false;
            }
            if (STATE.compareAndSet(this, current, DONE)) {
                return true;
            }
        }
    }

    /** The batch answered this request. */
    void succeed(R value) {
        if (claim()) {
            deadline.cancel();
            finish(EventType.SUCCESS.bit(), value, null);
        }
    }

    /** The events of a request answered by its batch. */
    static final long ANSWERED = EventType.SUCCESS.bit() | EventType.COLLAPSED.bit();

    /**
     * Claims the request for its batch's answer (false if it already has its outcome), leaving its
     * completion to {@link #completeClaimed}: a batch claims its answered requests, counts them in the
     * collapser's metrics once ({@link #countAnswered}), then completes them, so that no caller sees its
     * answer before its count, and the cumulative counters are touched once per batch, not per request.
     */
    boolean claimForAnswer() {
        if (claim()) {
            deadline.cancel();
            return true;
        }
        return false;
    }

    /** Counts {@code count} requests of this one's collapser as answered (before any of them completes). */
    void countAnswered(int count) {
        owner.metrics().requestsCompleted(ANSWERED, count);
    }

    /** Completes a request this thread claimed with {@link #claimForAnswer}, already counted. */
    void completeClaimed(R value) {
        RequestContext before = RequestContext.swap(context);
        try (ContextCarrier.Scope restored = carried.restore()) {
            log(ANSWERED);
            PolicyTrace.stop(trace, ANSWERED, 1, null);
            super.complete(value);
        } finally {
            RequestContext.swap(before);
        }
    }

    /** The request cannot get its answer: its fallback, if any, or {@code failure}. */
    void fail(Throwable failure) {
        if (claim()) {
            deadline.cancel();
            recover(failure);
        }
    }

    /**
     * The request's deadline, on the scheduler's timer thread (from its queue's {@link Deadlines}, or its
     * own task): it only claims the outcome; the fallback,
     * the events and the completion run on a virtual thread of their own, so no user code runs on the
     * timer and a slow fallback delays no other deadline.
     */
    void expire() {
        if (claim()) {
            long waited = owner.ticker().read() - start;
            OFF_TIMER.run(() -> recover(new CollapseException(owner.name(), CollapseException.Reason.TIMEOUT, "request "
                    + argument + " waited past its deadline (" + waited / 1_000_000L + " ms)", null)));
        }
    }

    /** Cancels the request: it leaves its batch if not dispatched yet; CANCELLED, no fallback. */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        if (!claim()) {
            return false;
        }
        deadline.cancel();
        long events = EventType.CANCELLED.bit() | EventType.COLLAPSED.bit();
        RequestContext before = RequestContext.swap(context);
        try {
            record(events);
            PolicyTrace.stop(trace, events, 1, null);
            return super.cancel(false);
        } finally {
            RequestContext.swap(before);
        }
    }

    private void recover(Throwable failure) {
        EventType event = eventOf(failure);
        RequestFallback<A, R> fallback = owner.fallback();
        if (event == EventType.BAD_REQUEST || event == EventType.CANCELLED) {
            finish(event.bit() | EventType.EXCEPTION_THROWN.bit(), null, failure);
            return;
        }
        if (fallback == null) {
            finish(event.bit() | EventType.FALLBACK_MISSING.bit() | EventType.EXCEPTION_THROWN.bit(), null, failure);
            return;
        }
        R value;
        RequestContext before = RequestContext.swap(context);
        try (ContextCarrier.Scope restored = carried.restore()) {
            value = fallback.recover(argument, failure);
        } catch (Throwable thrown) {
            CollapseException failed = new CollapseException(owner.name(), CollapseException.Reason.FALLBACK_FAILED,
                    "request " + argument + " failed (" + failure + ") and its fallback threw " + thrown, failure);
            failed.addSuppressed(thrown);
            finish(event.bit() | EventType.FALLBACK_FAILURE.bit() | EventType.EXCEPTION_THROWN.bit(), null, failed);
            return;
        } finally {
            RequestContext.swap(before);
        }
        finish(event.bit() | EventType.FALLBACK_SUCCESS.bit(), value, null);
    }

    private static EventType eventOf(Throwable failure) {
        if (failure instanceof GuardException guarded) {
            return guarded.event();
        }
        if (failure instanceof CollapseException collapse) {
            return collapse.reason().event();
        }
        if (failure instanceof BadRequestException) {
            return EventType.BAD_REQUEST;
        }
        if (failure instanceof CancellationException) {
            return EventType.CANCELLED;
        }
        return EventType.FAILURE;
    }

    private void finish(long events, R value, Throwable failure) {
        RequestContext before = RequestContext.swap(context);
        try (ContextCarrier.Scope restored = carried.restore()) {
            record(events | EventType.COLLAPSED.bit());
            PolicyTrace.stop(trace, events | EventType.COLLAPSED.bit(), 1, failure);
            if (failure == null) {
                super.complete(value);
            } else {
                super.completeExceptionally(failure);
            }
        } finally {
            RequestContext.swap(before);
        }
    }

    private void record(long events) {
        owner.metrics().requestCompleted(events);
        log(events);
    }

    private void log(long events) {
        if (context != null) {
            context.log().add(owner.name(), events, owner.ticker().read() - start);
        }
    }
}
