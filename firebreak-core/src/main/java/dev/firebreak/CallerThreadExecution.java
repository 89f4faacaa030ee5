package dev.firebreak;

import dev.firebreak.breaker.BreakerPermit;
import dev.firebreak.event.EventType;
import java.util.concurrent.CompletableFuture;

/**
 * SEMAPHORE isolation's {@code execute}: the call runs on the caller's thread. On the success path it
 * takes no lock and allocates nothing (the breaker, the semaphore and the metrics are lock-free).
 */
final class CallerThreadExecution {

    private CallerThreadExecution() {
    }

    static <T> T run(Guard guard, GuardedCall<T> call, Fallback<T> fallback) {
        long start = guard.ticker().read();
        GuardConfig config = guard.config();
        BreakerPermit permit = guard.breaker().tryAcquire(start);
        if (permit == BreakerPermit.DENIED) {
            return recover(guard, permit, EventType.SHORT_CIRCUITED, null, fallback, 0L, start);
        }
        EventType rejected = guard.tryAdmit();
        if (rejected != null) {
            return recover(guard, permit, rejected, null, fallback, 0L, start);
        }
        T value = null;
        Throwable thrown = null;
        guard.metrics().executionStarted(start);
        try {
            value = call.call();
        } catch (Throwable t) {
            thrown = t;
        } finally {
            guard.releaseAdmission();
            guard.metrics().executionEnded();
        }
        long end = guard.ticker().read();
        long executionNanos = end - start;
        if (thrown == null) {
            if (config.timeoutEnabled() && executionNanos > config.timeoutNanos()) {
                return recover(guard, permit, EventType.TIMEOUT, null, fallback, executionNanos, start);
            }
            long events = EventType.SUCCESS.bit() | guard.slowMarker(config, executionNanos);
            guard.finish(permit, EventType.SUCCESS, events, executionNanos, executionNanos, end);
            return value;
        }
        if (thrown instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        BadRequestException badRequest = BadRequests.find(thrown);
        if (badRequest != null) {
            long events = EventType.BAD_REQUEST.bit() | EventType.EXCEPTION_THROWN.bit();
            guard.finish(permit, EventType.BAD_REQUEST, events, executionNanos, guard.ticker().read() - start);
            throw badRequest;
        }
        return recover(guard, permit, EventType.FAILURE, thrown, fallback, executionNanos, start);
    }

    /** {@link #run} as a completed future, for {@code submit} under SEMAPHORE isolation. */
    static <T> CompletableFuture<T> runToFuture(Guard guard, GuardedCall<T> call, Fallback<T> fallback) {
        try {
            return CompletableFuture.completedFuture(run(guard, call, fallback));
        } catch (RuntimeException failure) {
            return CompletableFuture.failedFuture(failure);
        }
    }

    private static <T> T recover(Guard guard, BreakerPermit permit, EventType event, Throwable cause,
            Fallback<T> fallback, long executionNanos, long start) {
        FallbackResult<T> result = guard.fallback(fallback, guard.failureFor(event, cause));
        long total = guard.ticker().read() - start;
        guard.finish(permit, event, event.bit() | result.events(), executionNanos, total);
        if (result.exception() != null) {
            throw result.exception();
        }
        return result.value();
    }
}
