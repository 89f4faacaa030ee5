package dev.firebreak.internal;

import dev.firebreak.Fallback;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardedCall;
import dev.firebreak.classify.FailedResultException;
import dev.firebreak.event.EventType;
import java.util.concurrent.CompletableFuture;

/**
 * The pipeline's caller-thread path (SEMAPHORE isolation's {@code execute}): the call runs on the
 * caller's thread through the {@link Pipeline}'s steps. On the success path it takes no lock and
 * allocates only the call's permit slots (the admissions and the metrics are lock-free).
 */
final class CallerThreadExecution {

    private CallerThreadExecution() {
    }

    static <T> T run(Pipeline pipeline, GuardedCall<T> call, Fallback<T> fallback) {
        long start = pipeline.ticker().read();
        GuardConfig config = pipeline.config();
        Object[] permits = pipeline.newPermits();
        EventType refused = pipeline.admit(start, permits);
        if (refused != null) {
            return recover(pipeline, permits, refused, null, fallback, 0L, start);
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
            end = pipeline.ticker().read(); // one reading serves the work-held exits and the outcome
            verdict = pipeline.verdict(value, thrown);
            pipeline.workEnded(permits, verdict, end - start, end);
            pipeline.metrics().executionEnded();
        }
        long executionNanos = end - start;
        if (thrown == null) {
            if (config.timeout().enabled() && executionNanos > config.timeout().timeoutNanos()) {
                return recover(pipeline, permits, EventType.TIMEOUT, null, fallback, executionNanos, start);
            }
            if (verdict == EventType.FAILURE) { // a result classified as failing
                return recover(pipeline, permits, EventType.FAILURE, new FailedResultException(value), fallback,
                        executionNanos, start);
            }
            long events = EventType.SUCCESS.bit() | pipeline.slowMarker(config, executionNanos);
            pipeline.finish(permits, EventType.SUCCESS, events, executionNanos, executionNanos, end);
            return value;
        }
        if (thrown instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        if (verdict == EventType.BAD_REQUEST) { // a bad request or an exception the classification ignores
            long events = EventType.BAD_REQUEST.bit() | EventType.EXCEPTION_THROWN.bit();
            long now = pipeline.ticker().read();
            pipeline.finish(permits, EventType.BAD_REQUEST, events, executionNanos, now - start, now);
            throw BadRequests.passThrough(thrown);
        }
        return recover(pipeline, permits, EventType.FAILURE, thrown, fallback, executionNanos, start);
    }

    /** {@link #run} as a completed future, for {@code submit} under SEMAPHORE isolation. */
    static <T> CompletableFuture<T> runToFuture(Pipeline pipeline, GuardedCall<T> call, Fallback<T> fallback) {
        try {
            return CompletableFuture.completedFuture(run(pipeline, call, fallback));
        } catch (RuntimeException failure) {
            return CompletableFuture.failedFuture(failure);
        }
    }

    private static <T> T recover(Pipeline pipeline, Object[] permits, EventType event, Throwable cause,
            Fallback<T> fallback, long executionNanos, long start) {
        FallbackResult<T> result = pipeline.fallback(fallback, event, cause);
        long now = pipeline.ticker().read();
        long total = now - start;
        pipeline.finish(permits, event, event.bit() | result.events(), executionNanos, total, now);
        if (result.exception() != null) {
            throw pipeline.atCallerSite(result.exception()); // on the caller's thread: its site
        }
        return result.value();
    }
}
