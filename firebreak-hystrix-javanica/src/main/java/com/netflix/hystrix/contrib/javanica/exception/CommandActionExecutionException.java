package com.netflix.hystrix.contrib.javanica.exception;

/** Carries an exception of a command method that is neither an {@code Exception} nor an {@code Error} through the command; unwrapped before the caller sees it. */
public class CommandActionExecutionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Without message. */
    public CommandActionExecutionException() {
    }

    /** With a message. */
    public CommandActionExecutionException(String message) {
        super(message);
    }

    /** With a message and the cause. */
    public CommandActionExecutionException(String message, Throwable cause) {
        super(message, cause);
    }

    /** With the cause. */
    public CommandActionExecutionException(Throwable cause) {
        super(cause);
    }
}
