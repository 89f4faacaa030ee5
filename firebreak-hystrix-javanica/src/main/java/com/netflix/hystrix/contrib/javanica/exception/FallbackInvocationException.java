package com.netflix.hystrix.contrib.javanica.exception;

/** Carries what a fallback method threw through the command; the caller receives its cause. */
public class FallbackInvocationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Without message. */
    public FallbackInvocationException() {
    }

    /** With a message. */
    public FallbackInvocationException(String message) {
        super(message);
    }

    /** With a message and the cause. */
    public FallbackInvocationException(String message, Throwable cause) {
        super(message, cause);
    }

    /** With the cause. */
    public FallbackInvocationException(Throwable cause) {
        super(cause);
    }
}
