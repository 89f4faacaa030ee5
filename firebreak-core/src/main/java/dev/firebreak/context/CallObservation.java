package dev.firebreak.context;

/**
 * One guarded call as a {@link CallTracer} observes it, from its start on the caller's thread to its
 * {@link #stop}. Firebreak calls it as {@link CallTracer} describes; every method may be called on any
 * thread and must not block.
 */
public interface CallObservation {

    /** What a call waited for before its code ran. */
    enum Wait {
        /** Entering the guard: a rate limiter's wait for a permit, or a full isolation's wait (on the caller's thread). */
        ADMISSION,
        /** From entering the guard until its code started on the isolation's thread (queue and hand-off). */
        QUEUE
    }

    /**
     * Makes this call current on the calling thread (the one about to run the user's code or its
     * fallback), so that what the user's code observes becomes this call's child; the scope's
     * {@code close()} on the same thread puts back what the thread had.
     */
    ContextCarrier.Scope openScope();

    /**
     * Makes the context that was current on the caller's thread when the call started current on the
     * calling thread (where Firebreak completes the caller's future, runs a timeout's handling or a
     * refusal off the timer); the scope's {@code close()} puts back what the thread had.
     */
    ContextCarrier.Scope restoreCaller();

    /** The call waited {@code nanos} for {@code what} (told at most once per kind, only when above zero). */
    void waited(Wait what, long nanos);

    /**
     * The call ended, exactly once, before its caller receives the outcome.
     *
     * @param events the call's events as a mask ({@code dev.firebreak.event.Events}): the execution
     *     event, the fallback's event if one ran, EXCEPTION_THROWN when the caller receives an exception
     * @param cause what the user's code threw (or the failing result's exception), else null; also
     *     given when a fallback answered
     * @param failure the exception the caller receives, else null (a value, or a fallback's value)
     * @param executionNanos how long the user's code ran (0 if it never ran)
     * @param totalNanos from entry to the outcome, fallback included
     */
    void stop(long events, Throwable cause, Throwable failure, long executionNanos, long totalNanos);
}
