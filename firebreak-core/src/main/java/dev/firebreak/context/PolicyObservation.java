package dev.firebreak.context;

/**
 * One call of a call policy (a retry's or a hedge's call, a collapsed request, a collapser's batch) as
 * a {@link CallTracer} observes it. Its attempts are guarded calls: each is started inside
 * {@link #attempt}, so its own {@link CallObservation} is this one's child. Every method may be called
 * on any thread and must not block.
 */
public interface PolicyObservation {

    /**
     * Makes this policy call current on the calling thread while attempt {@code number} (from 1) is
     * started; closing the scope on the same thread puts back what the thread had.
     */
    ContextCarrier.Scope attempt(int number);

    /**
     * Makes the context that was current on the caller's thread when this policy call started current
     * on the calling thread, where the policy completes its caller's future (so the caller's
     * continuations see the caller's context); the scope's {@code close()} puts back what the thread had.
     */
    ContextCarrier.Scope restoreCaller();

    /**
     * Something the policy decided, named as the metric vocabulary's events: {@code "retried"} (the
     * next attempt follows a backoff of {@code nanos}), {@code "budget_exhausted"}, {@code "throttled"}
     * (the retry throttle refused; {@code "budget_exhausted"} follows), {@code "deadline_reached"},
     * {@code "server_delay"} (an answer asked to come back after {@code nanos}: a retry waits for it, a
     * hedge starts no more hedges), {@code "server_delay_too_long"} (the server's {@code nanos} end past the
     * deadline or the cap: the call ends with that answer),
     * {@code "hedged"} (a hedge started {@code nanos} after the call), {@code "loser_cancelled"};
     * {@code nanos} is 0 when no duration applies.
     */
    void event(String name, long nanos);

    /** This call was served by {@code other} (a collapsed request by its batch): a link between them. */
    void link(PolicyObservation other);

    /**
     * The policy call ended, exactly once, before its caller receives the outcome.
     *
     * @param events the policy's events as a mask (attempts' execution events, RETRIED, HEDGED, budget
     *     markers, the fallback's event)
     * @param attempts the attempts made
     * @param failure the exception its caller receives, else null
     */
    void stop(long events, int attempts, Throwable failure);
}
