package dev.firebreak.breaker;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;

/**
 * Decides, on the calling thread, whether a call may run, and learns from each outcome: an
 * {@link Admission} held until the outcome, whose refusal is SHORT_CIRCUITED (the guard puts it first
 * among its admissions).
 *
 * <p>Contract with the guard: every permit {@link #enter} gave is given back exactly once through
 * {@link #exit}, whatever happens to the call (success, failure, timeout, rejection by isolation,
 * cancellation, bad request), so a half-open trial can never be lost. The event given back is the
 * call's execution event (SUCCESS, FAILURE, TIMEOUT, BAD_REQUEST, THREAD_POOL_REJECTED,
 * SEMAPHORE_REJECTED, LIMIT_REJECTED or CANCELLED).
 *
 * <p>This is the pipeline's side of the breaker; users see a {@link CircuitBreakerView} (its state on
 * the registry's clock, its listeners), which offers nothing that takes or gives a permit.
 */
public sealed interface CircuitBreaker extends Admission permits RollingCircuitBreaker, AlwaysClosed {

    @Override
    default EventType refusal() {
        return EventType.SHORT_CIRCUITED;
    }

    /** True: the breaker's buckets are hundreds of milliseconds wide and its slow-call threshold is set in milliseconds. */
    @Override
    default boolean coarseTimeSuffices() {
        return true;
    }

    /** Subscribes to state transitions (see {@link CircuitStateListener}). */
    void addStateListener(CircuitStateListener listener);

    /** Unsubscribes a listener added with {@link #addStateListener}. */
    void removeStateListener(CircuitStateListener listener);

    /** A breaker that always permits and never opens (so never tells its listeners anything). */
    static CircuitBreaker alwaysClosed() {
        return AlwaysClosed.INSTANCE;
    }
}
