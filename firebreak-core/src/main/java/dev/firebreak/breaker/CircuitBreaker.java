package dev.firebreak.breaker;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;

/**
 * Decides, on the calling thread, whether a call may run, and learns from each outcome.
 *
 * <p>Contract with the guard: every permit other than {@link BreakerPermit#DENIED} is reported back
 * exactly once through {@link #onOutcome}, whatever happens to the call (success, failure, timeout,
 * rejection by isolation, cancellation, bad request), so a half-open trial can never be lost.
 *
 * <p>In the guard's pipeline the breaker is an {@link Admission} held until the outcome (the guard
 * puts it first): {@link #enter} is {@link #tryAcquire} (DENIED refuses with SHORT_CIRCUITED) and
 * {@link #exit} is {@link #onOutcome}.
 *
 * <p>This is the pipeline's side of the breaker; users see a {@link CircuitBreakerView} (its state on
 * the registry's clock, its listeners), which offers nothing that takes or gives a permit.
 */
public interface CircuitBreaker extends Admission {

    @Override
    default Object enter(long nowNanos) {
        BreakerPermit permit = tryAcquire(nowNanos);
        return permit == BreakerPermit.DENIED ? null : permit;
    }

    @Override
    default EventType refusal() {
        return EventType.SHORT_CIRCUITED;
    }

    @Override
    default void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
        onOutcome((BreakerPermit) permit, event, executionNanos, nowNanos);
    }

    /** True: the breaker's buckets are hundreds of milliseconds wide and its slow-call threshold is set in milliseconds. */
    @Override
    default boolean coarseTimeSuffices() {
        return true;
    }

    /** Asks to run a call at {@code nowNanos} (a {@link dev.firebreak.time.Ticker} reading). */
    BreakerPermit tryAcquire(long nowNanos);

    /**
     * Reports how a permitted call ended.
     *
     * @param permit what {@link #tryAcquire} returned for this call (never DENIED)
     * @param executionEvent the call's execution event (SUCCESS, FAILURE, TIMEOUT, BAD_REQUEST,
     *     THREAD_POOL_REJECTED, SEMAPHORE_REJECTED, LIMIT_REJECTED or CANCELLED)
     * @param executionNanos how long the call ran
     * @param nowNanos when it ended
     */
    void onOutcome(BreakerPermit permit, EventType executionEvent, long executionNanos, long nowNanos);

    /** Subscribes to state transitions (see {@link CircuitStateListener}). */
    void addStateListener(CircuitStateListener listener);

    /** Unsubscribes a listener added with {@link #addStateListener}. */
    void removeStateListener(CircuitStateListener listener);

    /** A breaker that always permits and never opens (so never tells its listeners anything). */
    static CircuitBreaker alwaysClosed() {
        return AlwaysClosed.INSTANCE;
    }
}
