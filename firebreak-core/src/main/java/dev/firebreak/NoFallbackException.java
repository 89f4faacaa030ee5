package dev.firebreak;

/**
 * Thrown by a {@link Fallback} that has no value to give for this failure: the call then ends as if
 * the guard had no fallback (FALLBACK_MISSING, reported as such to metrics, listeners and the request
 * log), not as a fallback that failed (FALLBACK_FAILURE). The caller's {@link GuardException} holds
 * this exception as its {@link GuardException#fallbackFailure() fallback failure}; put the reason in
 * its message or cause.
 */
public class NoFallbackException extends RuntimeException {

    /** No fallback, for the reason {@code message}. */
    public NoFallbackException(String message) {
        super(message);
    }

    /** No fallback, for the reason {@code message}, caused by {@code cause}. */
    public NoFallbackException(String message, Throwable cause) {
        super(message, cause);
    }
}
