package com.netflix.hystrix.contrib.javanica.exception;

/** A request-cache annotation cannot be applied (a missing key method, an unreadable key property). */
public class HystrixCachingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Without message. */
    public HystrixCachingException() {
    }

    /** With a message. */
    public HystrixCachingException(String message) {
        super(message);
    }

    /** With a message and the cause. */
    public HystrixCachingException(String message, Throwable cause) {
        super(message, cause);
    }

    /** With the cause. */
    public HystrixCachingException(Throwable cause) {
        super(cause);
    }
}
