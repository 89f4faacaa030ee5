package com.netflix.hystrix.contrib.javanica.exception;

/** A fallback method is missing or does not match its command; raised when the application starts. */
public class FallbackDefinitionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Without message. */
    public FallbackDefinitionException() {
    }

    /** With a message. */
    public FallbackDefinitionException(String message) {
        super(message);
    }

    /** With a message and the cause. */
    public FallbackDefinitionException(String message, Throwable cause) {
        super(message, cause);
    }

    /** With the cause. */
    public FallbackDefinitionException(Throwable cause) {
        super(cause);
    }
}
