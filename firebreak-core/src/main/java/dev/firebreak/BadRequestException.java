package dev.firebreak;

/**
 * Thrown by a guarded call (or used as a cause) when the caller's input was wrong rather than the
 * dependency unhealthy (Hystrix's HystrixBadRequestException). It reaches the caller unchanged,
 * emits BAD_REQUEST, counts as no failure for the breaker, and never triggers the fallback.
 * Subclass it, or wrap the real cause in it.
 */
public class BadRequestException extends RuntimeException {

    /** A bad request described by {@code message}. */
    public BadRequestException(String message) {
        super(message);
    }

    /** A bad request described by {@code message}, caused by {@code cause}. */
    public BadRequestException(String message, Throwable cause) {
        super(message, cause);
    }
}
