package dev.firebreak;

/**
 * Thrown by a {@link Fallback} that was refused a bound of its own (a semaphore of fallbacks it keeps
 * itself, beside the guard's {@code fallback.isolation.semaphore.maxConcurrentRequests}): the call
 * ends as if the guard's own fallback bound had refused it (FALLBACK_REJECTION, reported as such to
 * metrics, listeners and the request log), not as a fallback that failed (FALLBACK_FAILURE). The
 * caller's {@link GuardException} holds this exception as its
 * {@link GuardException#fallbackFailure() fallback failure}.
 */
public class FallbackRejectedException extends RuntimeException {

    /** A fallback refused, for the reason {@code message}. */
    public FallbackRejectedException(String message) {
        super(message);
    }
}
