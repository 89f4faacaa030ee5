package dev.firebreak;

import dev.firebreak.attempt.Admission;
import dev.firebreak.classify.FailedResultException;
import dev.firebreak.event.EventType;
import dev.firebreak.isolation.Isolator;
import java.util.concurrent.CompletableFuture;

/**
 * The pipeline's caller-thread path (SEMAPHORE isolation's {@code execute}): the call runs on the
 * caller's thread through the {@link Pipeline}'s steps. On the success path it takes no lock and
 * allocates nothing of its own.
 *
 * <p>Where a call's permits live: for the common shape, the breaker then the isolation
 * ({@link Pipeline#breakerThenIsolation()}), in two locals (the breaker's permit is the only one
 * {@link Pipeline#finishOne finish} needs); for a pipeline with added attempt policies, in an array
 * of one slot per admission ({@link Pipeline#newPermits()}). {@code permits} below is the one or the other.
 *
 * <p>Which clock: a call reads the ticker's coarse reading, a volatile load, instead of the precise one
 * (two to four readings a call) when nothing needs its durations finer than about a millisecond
 * ({@link Pipeline#coarseClockSuffices}, from the {@link CallerSettings} derived once per configuration); decided once per call, so all of a call's readings come from
 * the same clock and its durations are never negative.
 */
final class CallerThreadExecution {

    private CallerThreadExecution() {
    }

    static <T> T run(Pipeline pipeline, GuardedCall<T> call, Fallback<T> fallback) {
        CallerSettings settings = pipeline.callerSettings(pipeline.config());
        boolean coarse = pipeline.coarseClockSuffices(settings); // every reading of this call by the same clock
        long start = pipeline.now(coarse);
        boolean one = pipeline.breakerThenIsolation();
        Isolator isolator = pipeline.isolator();
        Object permits;
        Object isolationPermit = null;
        if (one) {
            Admission breaker = pipeline.first();
            Object breakerPermit = breaker.enter(start);
            if (breakerPermit == null) {
                return recover(pipeline, true, null, breaker.refusal(), null, fallback, 0L, start, coarse);
            }
            isolationPermit = isolator.enter(start);
            if (isolationPermit == null) { // the breaker's permit is exited with the refusal as the outcome
                return recover(pipeline, true, breakerPermit, isolator.refusal(), null, fallback, 0L, start, coarse);
            }
            permits = breakerPermit;
        } else {
            Object[] slots = pipeline.newPermits();
            EventType refused = pipeline.admit(start, slots);
            if (refused != null) {
                return recover(pipeline, false, slots, refused, null, fallback, 0L, start, coarse);
            }
            permits = slots;
        }
        T value = null;
        Throwable thrown = null;
        long end;
        EventType verdict;
        pipeline.metrics().executionStarted(start);
        try {
            value = call.call();
        } catch (Throwable t) {
            thrown = t;
        } finally {
            end = pipeline.now(coarse); // one reading serves the work-held exits and the outcome
            verdict = pipeline.verdict(value, thrown);
            if (one) {
                isolator.exit(isolationPermit, verdict, end - start, end);
            } else {
                pipeline.workEnded((Object[]) permits, verdict, end - start, end);
            }
            pipeline.metrics().executionEnded();
        }
        long executionNanos = end - start;
        if (thrown == null) {
            if (executionNanos > settings.timeoutNanos()) { // MAX_VALUE when timeouts are off
                return recover(pipeline, one, permits, EventType.TIMEOUT, null, fallback, executionNanos, start, coarse);
            }
            if (verdict == EventType.FAILURE) { // a result classified as failing
                return recover(pipeline, one, permits, EventType.FAILURE, new FailedResultException(value), fallback,
                        executionNanos, start, coarse);
            }
            long events = EventType.SUCCESS.bit() | Pipeline.slowMarker(settings.health(), executionNanos);
            if (one) { // the common shape called directly: the success path's one call out of this method
                pipeline.finishOne(permits, EventType.SUCCESS, events, executionNanos, executionNanos, end);
            } else {
                pipeline.finish((Object[]) permits, EventType.SUCCESS, events, executionNanos, executionNanos, end);
            }
            return value;
        }
        if (thrown instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        if (verdict == EventType.BAD_REQUEST) { // a bad request or an exception the classification ignores
            long events = EventType.BAD_REQUEST.bit() | EventType.EXCEPTION_THROWN.bit();
            long now = pipeline.now(coarse);
            finish(pipeline, one, permits, EventType.BAD_REQUEST, events, executionNanos, now - start, now);
            throw BadRequests.passThrough(thrown);
        }
        return recover(pipeline, one, permits, EventType.FAILURE, thrown, fallback, executionNanos, start, coarse);
    }

    /** {@link #run} as a completed future, for {@code submit} under SEMAPHORE isolation. */
    static <T> CompletableFuture<T> runToFuture(Pipeline pipeline, GuardedCall<T> call, Fallback<T> fallback) {
        try {
            return CompletableFuture.completedFuture(run(pipeline, call, fallback));
        } catch (RuntimeException failure) {
            return CompletableFuture.failedFuture(failure);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T recover(Pipeline pipeline, boolean one, Object permits, EventType event, Throwable cause,
            Fallback<T> fallback, long executionNanos, long start, boolean coarse) {
        Object recovered = pipeline.recover(fallback, event, cause); // the value itself when the fallback answered
        long now = pipeline.now(coarse);
        long total = now - start;
        if (FallbackResult.isFailure(recovered)) {
            FallbackResult<T> failed = (FallbackResult<T>) recovered;
            finish(pipeline, one, permits, event, event.bit() | failed.events(), executionNanos, total, now);
            throw pipeline.atCallerSite(failed.exception()); // on the caller's thread: its site
        }
        finish(pipeline, one, permits, event, event.bit() | EventType.FALLBACK_SUCCESS.bit(), executionNanos, total, now);
        return (T) recovered;
    }

    /** Step 9 with the permits wherever this call keeps them (see the class Javadoc). */
    private static void finish(Pipeline pipeline, boolean one, Object permits, EventType executionEvent, long events,
            long executionNanos, long totalNanos, long nowNanos) {
        if (one) {
            pipeline.finishOne(permits, executionEvent, events, executionNanos, totalNanos, nowNanos);
        } else {
            pipeline.finish((Object[]) permits, executionEvent, events, executionNanos, totalNanos, nowNanos);
        }
    }
}
