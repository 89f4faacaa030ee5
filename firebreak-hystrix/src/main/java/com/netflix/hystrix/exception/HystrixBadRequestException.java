package com.netflix.hystrix.exception;

/**
 * Thrown by a command's {@code run()} when the caller's arguments are wrong: passed to the caller as
 * is, without fallback, and not counted as a failure by the circuit breaker (Firebreak's BAD_REQUEST).
 */
public class HystrixBadRequestException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** A bad request described by {@code message}. */
    public HystrixBadRequestException(String message) {
        super(message);
    }

    /** A bad request described by {@code message}, caused by {@code cause}. */
    public HystrixBadRequestException(String message, Throwable cause) {
        super(message, cause);
    }
}
