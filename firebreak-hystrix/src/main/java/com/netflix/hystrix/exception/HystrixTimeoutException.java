package com.netflix.hystrix.exception;

/** The cause of a TIMEOUT failure: the command's deadline passed before {@code run()} returned. */
public class HystrixTimeoutException extends Exception {

    private static final long serialVersionUID = 1L;

    /** A timeout without a message. */
    public HystrixTimeoutException() {
        super();
    }

    /** A timeout described by {@code message}. */
    public HystrixTimeoutException(String message) {
        super(message);
    }
}
