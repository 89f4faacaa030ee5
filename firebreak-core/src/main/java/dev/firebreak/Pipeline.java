package dev.firebreak;

import dev.firebreak.context.CallTracer;
import dev.firebreak.context.CallTracer.CallMode;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.context.RequestContext;
import dev.firebreak.attempt.Admission;
import dev.firebreak.breaker.HealthRule;
import dev.firebreak.chaos.ChaosPolicy;
import dev.firebreak.chaos.Injection;
import dev.firebreak.event.EventType;
import dev.firebreak.isolation.Isolator;
import dev.firebreak.isolation.QueuedAdmission;
import dev.firebreak.metrics.MetricsRecorder;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A guard's one engine: the steps of {@link Step}, shared by the caller-thread path
 * ({@link CallerThreadExecution}) and the hand-off path ({@link AsyncExecution}), which differ only in
 * where the user's call runs. Built once per guard; its admissions are data in a fixed order, in two
 * {@link AdmissionGroup}s: those held until the outcome, in the order the guard gave them (the guard
 * puts its circuit breaker first), then those held until the user's code ends (added ones, then the
 * isolation, always last).
 */
final class Pipeline {

    /*
     * Invariants: every permit an admission gave is exited exactly once (a refusal exits the admissions
     * already entered: work-held ones at once, outcome-held ones with the call's outcome); the
     * outcome-held exits, the metrics and the listeners are told in finish, once per call, by whichever
     * thread claimed the outcome (the caller-thread success path writes finishHeld's three steps out).
     */

    private final GuardSide side;
    private final Ticker ticker;
    private final Scheduler scheduler;
    private final Admission[] admissions;
    private final OutcomeHeldGroup untilOutcome;
    private final WorkHeldGroup untilWorkEnds;
    private final Isolator isolator;
    private final MetricsRecorder metrics;
    /** Whether every admission is served by the coarse clock: see {@link #coarseClockSuffices}. */
    private final boolean admissionsTakeCoarseTime;
    private final CallerThreadExecution callerThread;
    /**
     * Step 6's fault injection: null unless the guard's registry allows chaos, so a guard of any other
     * registry pays one null test of a final field per call and nothing else.
     */
    private final ChaosPolicy chaos;
    /**
     * The caller-thread path's settings for the configuration last seen (a cache: a plain field, read and
     * written racily; the value is immutable, so a thread sees a whole one or rebuilds it).
     */
    private CallerSettings callerSettings;

    /**
     * The pipeline of one guard: {@code policies} in the order given, sorted by {@link Admission#hold()}
     * (stable), then {@code isolator}; {@code chaos} (null for none) may inject faults at step 6.
     */
    public Pipeline(GuardSide side, Ticker ticker, Scheduler scheduler, List<? extends Admission> policies,
            Isolator isolator, MetricsRecorder metrics, ChaosPolicy chaos) {
        this.chaos = chaos;
        this.side = side;
        this.ticker = ticker;
        this.scheduler = scheduler;
        this.isolator = isolator;
        this.metrics = metrics;
        List<Admission> ordered = new ArrayList<>(policies);
        ordered.sort(Comparator.comparing(Admission::hold)); // stable: build order within each hold
        ordered.add(isolator);
        this.admissions = ordered.toArray(Admission[]::new);
        this.untilOutcome = new OutcomeHeldGroup(members(Admission.Hold.UNTIL_OUTCOME, ordered));
        this.untilWorkEnds = new WorkHeldGroup(members(Admission.Hold.UNTIL_WORK_ENDS, ordered));
        // A chaos policy's injected delays are timed against the deadline by the precise clock.
        this.admissionsTakeCoarseTime = untilOutcome.coarseTimeSuffices() && untilWorkEnds.coarseTimeSuffices()
                && chaos == null;
        this.callerThread = CallerThreadExecution.of(this, untilOutcome, untilWorkEnds, metrics);
    }

    private static Admission[] members(Admission.Hold hold, List<Admission> ordered) {
        return ordered.stream().filter(a -> a.hold() == hold).toArray(Admission[]::new);
    }

    /** What carries the submitter's thread-bound context to the threads this pipeline hands calls to. */
    public ContextCarrier contextCarrier() {
        return side.contextCarrier();
    }

    /** The admissions in the order they are entered (for documentation and tests). */
    public List<Admission> admissions() {
        return List.of(admissions);
    }

    /** Runs {@code call} and waits for its outcome: on this thread if the isolation runs calls on the caller's. */
    public <T> T execute(GuardedCall<T> call, Fallback<T> fallback) {
        CallTracer tracer = side.tracer(); // tracing off costs this read and the null check
        if (tracer != null) {
            return execute(call, fallback, CallTrace.start(tracer, side.traced(), CallMode.EXECUTE));
        }
        if (isolator.runsOnCaller()) {
            return callerThread.run(call, fallback, null);
        }
        return execute(call, fallback, null);
    }

    private <T> T execute(GuardedCall<T> call, Fallback<T> fallback, CallTrace trace) {
        if (isolator.runsOnCaller()) {
            if (trace == null) {
                return callerThread.run(call, fallback, null);
            }
            try (ContextCarrier.Scope scope = trace.open()) { // the caller's thread runs the call and the fallback
                return callerThread.run(call, fallback, trace);
            }
        }
        try {
            return CallerWait.await(AsyncExecution.startForCaller(this, call, fallback, trace));
        } catch (GuardException failure) {
            throw side.atCallerSite(failure); // the waiting caller's site
        }
    }

    /** Runs {@code call} on the isolation and returns its future (on this thread first under SEMAPHORE). */
    public <T> CompletableFuture<T> submit(GuardedCall<T> call, Fallback<T> fallback) {
        CallTracer tracer = side.tracer();
        CallTrace trace = tracer == null ? null : CallTrace.start(tracer, side.traced(), CallMode.SUBMIT);
        if (isolator.runsOnCaller()) {
            if (trace == null) {
                return callerThread.runToFuture(call, fallback, null);
            }
            try (ContextCarrier.Scope scope = trace.open()) {
                return callerThread.runToFuture(call, fallback, trace);
            }
        }
        return AsyncExecution.start(this, call, null, fallback, trace);
    }

    /** Starts a non-blocking call whose stage holds its isolation permit until it completes. */
    public <T> CompletableFuture<T> submitAsync(Supplier<? extends CompletionStage<T>> call, Fallback<T> fallback) {
        CallTracer tracer = side.tracer();
        CallTrace trace = tracer == null ? null : CallTrace.start(tracer, side.traced(), CallMode.SUBMIT_ASYNC);
        return AsyncExecution.start(this, null, call, fallback, trace);
    }

    /**
     * Waits for {@code future} on behalf of a synchronous caller, rethrowing what it completed with
     * (an interrupted caller cancels it and gets a CancellationException, interrupt flag restored).
     */
    public static <T> T await(CompletableFuture<T> future) {
        return CallerWait.await(future);
    }

    /**
     * The watch of {@code submitted}'s isolation permit (see {@code Guard.permitReleased}), if it is a
     * call this pipeline handed off; else null.
     */
    public CompletionStage<Void> permitReleased(CompletableFuture<?> submitted) {
        if (submitted instanceof AsyncExecution<?> execution && execution.pipeline == this) {
            return execution.permitReleased().copy(); // a copy: the caller cannot complete the shared watch
        }
        return null;
    }

    // ------------------------------------------------------------------ the shared steps

    Ticker ticker() {
        return ticker;
    }

    Scheduler scheduler() {
        return scheduler;
    }

    Isolator isolator() {
        return isolator;
    }

    MetricsRecorder metrics() {
        return metrics;
    }

    GuardConfig config() {
        return side.config();
    }

    /**
     * Step 6's fault for an admitted call at {@code nowNanos}, or null (no chaos policy, none in force, out
     * of scope or not drawn): a guard without a chaos policy pays this null test of a final field and nothing more.
     */
    Injection inject(long nowNanos) {
        return chaos == null ? null : chaos.pick(nowNanos);
    }

    /** Marks of a call run through {@code injection}: {@link EventType#INJECTED} if not null. */
    static long marks(Injection injection) {
        return injection == null ? 0L : EventType.INJECTED.bit();
    }

    /** The blocking call step 6 runs: {@code call}, or {@code injection} in its place (timed by the hand-off's timer). */
    static <T> GuardedCall<T> injected(Injection injection, GuardedCall<T> call) {
        return injection == null ? call : () -> injection.run(call::call, Long.MAX_VALUE);
    }

    /** Step 6 of a stage call with {@code injection} (not null) in its place, in {@code trace}; a delayed start runs {@code inContext}. */
    static <T> CompletionStage<T> injected(CallTrace trace, Injection injection, Supplier<? extends CompletionStage<T>> call,
            java.util.function.Consumer<Runnable> inContext) {
        Supplier<CompletionStage<T>> injected = () -> injection.runStage(call, inContext);
        return CallTrace.get(trace, injected);
    }

    /** Room for one call's permits (the hand-off path): the outcome-held group's token, then the work-held one's. */
    Object[] newPermits() {
        return new Object[2];
    }

    /**
     * Whether a caller-thread call under {@code c} (the configuration it read, so a live switch takes
     * effect from the next call) may time itself with the ticker's {@linkplain Ticker#readCoarse()
     * coarse reading}: nothing then reads its durations finer than about a millisecond. That holds when
     * the latency percentiles are off, no adaptive limit samples round trips, no listener is told the
     * call's durations, no request log records it, and every admission says coarse time serves it
     * ({@link Admission#coarseTimeSuffices()}: the breaker and the isolation do; an added attempt policy,
     * such as the rate limiter, does not unless it says so). What remains takes the durations only
     * after the fact, against limits set in milliseconds: the SEMAPHORE timeout and the breaker's
     * slow-call threshold (judged within about a millisecond or two either way), and the rolling buckets
     * (hundreds of milliseconds wide).
     */
    boolean coarseClockSuffices(CallerSettings c) {
        if (!admissionsTakeCoarseTime || !c.coarseByConfig() || side.hasListeners()) {
            return false;
        }
        return !c.requestLog() || RequestContext.currentOrNull() == null;
    }

    /** The caller-thread path's settings for {@code config}: the cached ones if made from it, else new ones. */
    CallerSettings callerSettings(GuardConfig config) {
        CallerSettings cached = callerSettings;
        if (cached != null && cached.config() == config) {
            return cached;
        }
        CallerSettings fresh = CallerSettings.of(config);
        callerSettings = fresh; // a racing writer may store another configuration's: the next call compares again
        return fresh;
    }

    /** Now, by the precise or the coarse reading of the ticker (see {@link #coarseClockSuffices}). */
    long now(boolean coarse) {
        return coarse ? ticker.readCoarse() : ticker.read();
    }

    /**
     * Steps 2 and 3 for the hand-off path: enters the outcome-held group, then the work-held one, at
     * {@code nowNanos}, keeping their tokens in {@code permits}. A full isolation with a wait set queues
     * {@code queued} instead of refusing (the submitting thread never blocks).
     *
     * @return null if all admitted; {@link Isolator#QUEUED} if the call waits for its isolation permit
     *     ({@code queued} is told, see {@link #granted}); else the refusing admission's event, with the
     *     work-held permits already entered given back (the outcome-held ones stay for {@link #finish})
     */
    Object admit(long nowNanos, Object[] permits, QueuedAdmission.Source queued) {
        Object held = untilOutcome.enter(nowNanos);
        permits[0] = held;
        EventType refused = untilOutcome.refusal(held);
        if (refused != null) {
            return refused;
        }
        Object working = untilWorkEnds.enter(nowNanos, permits, queued);
        if (working == Isolator.QUEUED) {
            return working;
        }
        refused = untilWorkEnds.refusal(working); // a refusing group gave back what it took
        if (refused == null) {
            permits[1] = working;
        }
        return refused;
    }

    /** A queued call's isolation permit was handed over: its work-held token is complete in {@code permits}. */
    void granted(Object[] permits, Object permit) {
        permits[1] = untilWorkEnds.granted(permits[1], permit);
    }

    /** The user's code ended (or never ran): gives back the work-held permits in {@code permits}, once. */
    void workEnded(Object[] permits, EventType event, long executionNanos, long nowNanos) {
        Object working = permits[1];
        if (working != null) {
            permits[1] = null;
            untilWorkEnds.exit(working, event, executionNanos, nowNanos);
        }
    }

    /**
     * Step 7's verdict on what the user's code ended with, by the guard's classification: SUCCESS, FAILURE
     * (an exception, or a result classified as failing) or BAD_REQUEST (a bad request or an ignored
     * exception). The same verdict is given to the work-held admissions, the metrics, the breaker and
     * the fallback.
     */
    EventType verdict(Object value, Throwable thrown) {
        if (thrown == null) {
            return side.classifier().failsResult(value) ? EventType.FAILURE : EventType.SUCCESS;
        }
        if (BadRequests.find(thrown) != null || side.classifier().ignores(thrown)) {
            return EventType.BAD_REQUEST;
        }
        return EventType.FAILURE;
    }

    /** Step 7's SLOW_CALL marker for a successful call under {@code c}: the breaker's slow-call rule. */
    long slowMarker(GuardConfig c, long executionNanos) {
        return slowMarker(callerSettings(c).health(), executionNanos);
    }

    /** {@link #slowMarker(GuardConfig, long)} by the rules already derived. */
    static long slowMarker(HealthRule health, long executionNanos) {
        return health.isSlow(EventType.SUCCESS, executionNanos) ? EventType.SLOW_CALL.bit() : 0L;
    }

    /** Tells the request log and the listeners of a call's end (step 9's last part). */
    void report(long events, long executionNanos, long totalNanos) {
        side.report(events, executionNanos, totalNanos);
    }

    /** The caller's site recorded in {@code failure}, just before it is thrown on the caller's thread. */
    GuardException atCallerSite(GuardException failure) {
        return side.atCallerSite(failure);
    }

    /** Step 8: the fallback for an outcome of kind {@code event}, its value wrapped (the hand-off path). */
    @SuppressWarnings("unchecked")
    <T> FallbackResult<T> fallback(Fallback<T> fallback, EventType event, Throwable cause, CallTrace trace) {
        Object recovered;
        if (trace == null) {
            recovered = side.recover(fallback, event, cause);
        } else {
            try (ContextCarrier.Scope scope = trace.open()) { // the fallback's own calls are the call's children
                recovered = side.recover(fallback, event, cause);
            }
        }
        return FallbackResult.isFailure(recovered) ? (FallbackResult<T>) recovered : FallbackResult.value((T) recovered);
    }

    /**
     * Step 8 without a result record (the caller-thread path): the fallback's value, or a failed
     * {@link FallbackResult} (see {@link FallbackResult#isFailure}).
     */
    Object recover(Fallback<?> fallback, EventType event, Throwable cause) {
        return side.recover(fallback, event, cause);
    }

    /**
     * Step 9 for the hand-off path: {@link #finishHeld} with the outcome-held token kept in {@code permits},
     * then the end of {@code trace} (if observed) with the user code's {@code cause} and the caller's {@code failure}.
     */
    void finish(Object[] permits, EventType executionEvent, long events, long executionNanos, long totalNanos,
            long nowNanos, CallTrace trace, Throwable cause, Throwable failure) {
        finishHeld(permits[0], executionEvent, events, executionNanos, totalNanos, nowNanos);
        CallTrace.stop(trace, events, cause, failure, executionNanos, totalNanos);
    }

    /**
     * Step 9, once per call: exits the outcome-held permits ({@code held}, the outcome-held group's
     * token) with the execution event, records the metrics, and tells the request log and the
     * listeners; {@code nowNanos} serves all of them.
     */
    void finishHeld(Object held, EventType executionEvent, long events, long executionNanos, long totalNanos,
            long nowNanos) {
        untilOutcome.exit(held, executionEvent, executionNanos, nowNanos);
        metrics.record(events, executionNanos, totalNanos, nowNanos);
        side.report(events, executionNanos, totalNanos);
    }
}
