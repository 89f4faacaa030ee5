package dev.firebreak;

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
final class CallerThreadExecution {

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
     */

    private final Pipeline pipeline;
    private final OutcomeHeldGroup untilOutcome;
    private final WorkHeldGroup untilWorkEnds;
    private final MetricsRecorder metrics;

    CallerThreadExecution(Pipeline pipeline, OutcomeHeldGroup untilOutcome, WorkHeldGroup untilWorkEnds,
            MetricsRecorder metrics) {
        this.pipeline = pipeline;
        this.untilOutcome = untilOutcome;
        this.untilWorkEnds = untilWorkEnds;
        this.metrics = metrics;
    }

    /** Runs {@code call}; {@code trace} (null when not observed) is told the waits and the end, its scope already open. */
    <T> T run(GuardedCall<T> call, Fallback<T> fallback, CallTrace trace) {
        CallerSettings settings = pipeline.callerSettings(pipeline.config());
        boolean coarse = pipeline.coarseClockSuffices(settings); // every reading of this call by the same clock
        long start = pipeline.now(coarse);

        // Steps 2 and 3: the admissions held until the outcome, then those held until the code ends.
        Object held = untilOutcome.enter(start);
        EventType refused = untilOutcome.refusal(held);
        Object working = null;
        if (refused == null) {
            working = untilWorkEnds.enter(start);
            refused = untilWorkEnds.refusal(working); // a refusing group gave back what it took
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
            untilWorkEnds.exit(working, verdict, end - start, end);
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
            pipeline.finishHeld(held, EventType.SUCCESS, events, executionNanos, executionNanos, end);
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
    <T> CompletableFuture<T> runToFuture(GuardedCall<T> call, Fallback<T> fallback, CallTrace trace) {
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
