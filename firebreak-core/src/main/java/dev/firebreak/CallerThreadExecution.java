package dev.firebreak;

import dev.firebreak.attempt.Admission;
import dev.firebreak.chaos.Injection;
import dev.firebreak.classify.FailedResultException;
import dev.firebreak.context.CallObservation;
import dev.firebreak.event.EventType;
import dev.firebreak.metrics.MetricsRecorder;
import java.util.concurrent.CompletableFuture;

/**
 * The pipeline's caller-thread path (SEMAPHORE isolation's {@code execute}): the call runs on the
 * caller's thread through the {@link Pipeline}'s steps, one after the other. One per pipeline.
 */
abstract sealed class CallerThreadExecution permits CallerThreadExecution.Direct, CallerThreadExecution.Grouped {

    /*
     * On the success path it takes no lock and allocates nothing of its own: each admission group's
     * permits travel as one token in a local, which for a group of one member (the common guard: the
     * breaker alone held until the outcome, the isolation alone until the work ends) is that member's
     * permit itself (see AdmissionGroup).
     *
     * Which clock: a call reads the ticker's coarse reading, a volatile load, instead of the precise one
     * (two to four readings a call) when nothing needs its durations finer than about a millisecond
     * (Pipeline.coarseClockSuffices, from the CallerSettings derived once per configuration); decided once
     * per call, so all of a call's readings come from the same clock and its durations are never negative.
     *
     * How the holds are entered is the one thing that differs by shape, in six small methods: Direct,
     * for the common guard whose groups have one member each, calls those two members itself; Grouped
     * goes through the groups. Direct saves a load on each step of the path's critical chain.
     *
     * The success path writes step 9 out (the outcome-held exit, the metrics, the listeners) instead of
     * calling Pipeline.finishHeld: the JIT then inlines those three into this method, where a call to
     * finishHeld, also compiled on its own for the other paths, stays a call. Together with Direct this
     * took a call from about 27 to 23 ns (docs/architecture.md, "The caller-thread path").
     */

    private final Pipeline pipeline;
    private final MetricsRecorder metrics;

    private CallerThreadExecution(Pipeline pipeline, MetricsRecorder metrics) {
        this.pipeline = pipeline;
        this.metrics = metrics;
    }

    /** The caller-thread path of {@code pipeline}, whose admissions are in these two groups. */
    static CallerThreadExecution of(Pipeline pipeline, OutcomeHeldGroup untilOutcome, WorkHeldGroup untilWorkEnds,
            MetricsRecorder metrics) {
        if (untilOutcome.sole != null && untilWorkEnds.sole != null) {
            return new Direct(pipeline, untilOutcome.sole, untilWorkEnds.sole, metrics);
        }
        return new Grouped(pipeline, untilOutcome, untilWorkEnds, metrics);
    }

    /** Enters the admissions held until the outcome; the token for {@link #outcomeRefusal} and the finish. */
    abstract Object enterOutcomeHeld(long nowNanos);

    /** The refusal {@code held} records, or null if all its admissions let the call in. */
    abstract EventType outcomeRefusal(Object held);

    /** Enters the admissions held until the work ends (a refusal gives back what they took). */
    abstract Object enterWorkHeld(long nowNanos);

    /** The refusal {@code working} records, or null. */
    abstract EventType workRefusal(Object working);

    /** Exits the outcome-held permits of {@code held} with the call's outcome (the success path's step 9). */
    abstract void exitOutcomeHeld(Object held, EventType event, long executionNanos, long nowNanos);

    /** Gives back the work-held permits of {@code working} when the user's code ended. */
    abstract void exitWorkHeld(Object working, EventType event, long executionNanos, long nowNanos);

    /** The common guard: one member in each group, called here directly (a null token: it refused). */
    static final class Direct extends CallerThreadExecution {
        private final Admission outcomeHeld;
        private final Admission workHeld;

        Direct(Pipeline pipeline, Admission outcomeHeld, Admission workHeld, MetricsRecorder metrics) {
            super(pipeline, metrics);
            this.outcomeHeld = outcomeHeld;
            this.workHeld = workHeld;
        }

        @Override
        Object enterOutcomeHeld(long nowNanos) {
            return outcomeHeld.enter(nowNanos);
        }

        @Override
        EventType outcomeRefusal(Object held) {
            return held == null ? outcomeHeld.refusal() : null;
        }

        @Override
        Object enterWorkHeld(long nowNanos) {
            return workHeld.enter(nowNanos);
        }

        @Override
        EventType workRefusal(Object working) {
            return working == null ? workHeld.refusal() : null;
        }

        @Override
        void exitWorkHeld(Object working, EventType event, long executionNanos, long nowNanos) {
            workHeld.exit(working, event, executionNanos, nowNanos);
        }

        @Override
        void exitOutcomeHeld(Object held, EventType event, long executionNanos, long nowNanos) {
            outcomeHeld.exit(held, event, executionNanos, nowNanos);
        }
    }

    /** Any other shape: through the groups. */
    static final class Grouped extends CallerThreadExecution {
        private final OutcomeHeldGroup untilOutcome;
        private final WorkHeldGroup untilWorkEnds;

        Grouped(Pipeline pipeline, OutcomeHeldGroup untilOutcome, WorkHeldGroup untilWorkEnds, MetricsRecorder metrics) {
            super(pipeline, metrics);
            this.untilOutcome = untilOutcome;
            this.untilWorkEnds = untilWorkEnds;
        }

        @Override
        Object enterOutcomeHeld(long nowNanos) {
            return untilOutcome.enter(nowNanos);
        }

        @Override
        EventType outcomeRefusal(Object held) {
            return untilOutcome.refusal(held);
        }

        @Override
        Object enterWorkHeld(long nowNanos) {
            return untilWorkEnds.enter(nowNanos);
        }

        @Override
        EventType workRefusal(Object working) {
            return untilWorkEnds.refusal(working);
        }

        @Override
        void exitWorkHeld(Object working, EventType event, long executionNanos, long nowNanos) {
            untilWorkEnds.exit(working, event, executionNanos, nowNanos);
        }

        @Override
        void exitOutcomeHeld(Object held, EventType event, long executionNanos, long nowNanos) {
            untilOutcome.exit(held, event, executionNanos, nowNanos);
        }
    }

    /** Runs {@code call}; {@code trace} (null when not observed) is told the waits and the end, its scope already open. */
    final <T> T run(GuardedCall<T> call, Fallback<T> fallback, CallTrace trace) {
        CallerSettings settings = pipeline.callerSettings(pipeline.config());
        boolean coarse = pipeline.coarseClockSuffices(settings); // every reading of this call by the same clock
        long start = pipeline.now(coarse);

        // Steps 2 and 3: the admissions held until the outcome, then those held until the code ends.
        Object held = enterOutcomeHeld(start);
        EventType refused = outcomeRefusal(held);
        Object working = null;
        if (refused == null) {
            working = enterWorkHeld(start);
            refused = workRefusal(working); // a refusing group gave back what it took
        }
        if (trace != null) { // a rate limiter or a full semaphore may have parked this thread
            CallTrace.waited(trace, CallObservation.Wait.ADMISSION, pipeline.now(coarse) - start);
        }
        if (refused != null) { // the outcome-held permits are exited with the refusal as the outcome
            return recover(held, refused, null, fallback, 0L, start, coarse, trace, 0L);
        }

        // Steps 4 and 6: the call, on this thread (or the fault injected in its place); the code's end gives
        // back the work-held permits.
        Injection injection = pipeline.inject(start);
        long marks = Pipeline.marks(injection);
        T value = null;
        Throwable thrown = null;
        long end;
        EventType verdict;
        metrics.executionStarted(start);
        try {
            value = injection == null ? call.call() : injection.run(call::call, settings.timeoutNanos());
        } catch (Throwable t) {
            thrown = t;
        } finally {
            end = pipeline.now(coarse); // one reading serves the work-held exits and the outcome
            verdict = pipeline.verdict(value, thrown); // step 7: the classification
            exitWorkHeld(working, verdict, end - start, end);
            metrics.executionEnded();
        }

        // Steps 5 and 7: the timeout, checked after the call, and the outcome; 8 and 9: fallback, finish.
        long executionNanos = end - start;
        if (thrown == null) {
            if (executionNanos > settings.timeoutNanos()) { // MAX_VALUE when timeouts are off
                return recover(held, EventType.TIMEOUT, null, fallback, executionNanos, start, coarse, trace, marks);
            }
            if (verdict == EventType.FAILURE) { // a result classified as failing
                return recover(held, EventType.FAILURE, new FailedResultException(value), fallback, executionNanos,
                        start, coarse, trace, marks);
            }
            long events = EventType.SUCCESS.bit() | Pipeline.slowMarker(settings.health(), executionNanos) | marks;
            // Step 9 as Pipeline.finishHeld does it, written out so that it inlines here (see the class comment).
            exitOutcomeHeld(held, EventType.SUCCESS, executionNanos, end);
            metrics.record(events, executionNanos, executionNanos, end);
            pipeline.report(events, executionNanos, executionNanos);
            CallTrace.stop(trace, events, null, null, executionNanos, executionNanos);
            return value;
        }
        if (thrown instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        if (verdict == EventType.BAD_REQUEST) { // a bad request or an exception the classification ignores
            long events = EventType.BAD_REQUEST.bit() | EventType.EXCEPTION_THROWN.bit() | marks;
            long now = pipeline.now(coarse);
            pipeline.finishHeld(held, EventType.BAD_REQUEST, events, executionNanos, now - start, now);
            RuntimeException passed = BadRequests.passThrough(thrown);
            CallTrace.stop(trace, events, thrown, passed, executionNanos, now - start);
            throw passed;
        }
        return recover(held, EventType.FAILURE, thrown, fallback, executionNanos, start, coarse, trace, marks);
    }

    /** {@link #run} as a completed future, for {@code submit} under SEMAPHORE isolation. */
    final <T> CompletableFuture<T> runToFuture(GuardedCall<T> call, Fallback<T> fallback, CallTrace trace) {
        try {
            return CompletableFuture.completedFuture(run(call, fallback, trace));
        } catch (RuntimeException failure) {
            return CompletableFuture.failedFuture(failure);
        }
    }

    /** Steps 8 and 9 for an outcome of kind {@code event}: the fallback, then the finish ({@code marks} added to the events). */
    @SuppressWarnings("unchecked")
    private <T> T recover(Object held, EventType event, Throwable cause, Fallback<T> fallback, long executionNanos,
            long start, boolean coarse, CallTrace trace, long marks) {
        Object recovered = pipeline.recover(fallback, event, cause); // the value itself when the fallback answered
        long now = pipeline.now(coarse);
        long total = now - start;
        if (FallbackResult.isFailure(recovered)) {
            FallbackResult<T> failed = (FallbackResult<T>) recovered;
            long events = event.bit() | failed.events() | marks;
            pipeline.finishHeld(held, event, events, executionNanos, total, now);
            GuardException thrown = pipeline.atCallerSite(failed.exception()); // on the caller's thread: its site
            CallTrace.stop(trace, events, cause, thrown, executionNanos, total);
            throw thrown;
        }
        long events = event.bit() | EventType.FALLBACK_SUCCESS.bit() | marks;
        pipeline.finishHeld(held, event, events, executionNanos, total, now);
        CallTrace.stop(trace, events, cause, null, executionNanos, total);
        return (T) recovered;
    }
}
