package com.netflix.hystrix.contrib.javanica.exception;

/** A property in an annotation has an unknown name or a value of the wrong type; raised when the application starts. */
public class HystrixPropertyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Without message. */
    public HystrixPropertyException() {
    }

    /** With a message. */
    public HystrixPropertyException(String message) {
        super(message);
    }

    /** With a message and the cause. */
    public HystrixPropertyException(String message, Throwable cause) {
        super(message, cause);
    }

    /** With the cause. */
    public HystrixPropertyException(Throwable cause) {
        super(cause);
    }
}
