package com.netflix.hystrix.exception;

import com.netflix.hystrix.HystrixInvokable;

/**
 * A command or collapser failed and no fallback gave a value: says why ({@link #getFailureType()}),
 * which command, the cause (the command's own exception, a {@link HystrixTimeoutException}, the
 * short-circuit or the rejection) and, if the fallback failed, its exception.
 */
public class HystrixRuntimeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Why the command failed. */
    public enum FailureType {
        BAD_REQUEST_EXCEPTION, COMMAND_EXCEPTION, TIMEOUT, SHORTCIRCUIT, REJECTED_THREAD_EXECUTION,
        REJECTED_SEMAPHORE_EXECUTION, REJECTED_SEMAPHORE_FALLBACK
    }

    private final FailureType failureType;
    @SuppressWarnings("rawtypes")
    private final transient Class<? extends HystrixInvokable> commandClass;
    private final Throwable fallbackException;

    /** A failure without a fallback exception. */
    @SuppressWarnings("rawtypes")
    public HystrixRuntimeException(FailureType failureCause, Class<? extends HystrixInvokable> commandClass,
            String message, Exception cause, Throwable fallbackException) {
        this(failureCause, commandClass, message, (Throwable) cause, fallbackException);
    }

    /** A failure with its cause and, if the fallback failed too, the fallback's exception. */
    @SuppressWarnings("rawtypes")
    public HystrixRuntimeException(FailureType failureCause, Class<? extends HystrixInvokable> commandClass,
            String message, Throwable cause, Throwable fallbackException) {
        super(message, cause);
        this.failureType = failureCause;
        this.commandClass = commandClass;
        this.fallbackException = fallbackException;
    }

    /** Why the command failed. */
    public FailureType getFailureType() {
        return failureType;
    }

    /** The class of the command that failed. */
    @SuppressWarnings("rawtypes")
    public Class<? extends HystrixInvokable> getImplementingClass() {
        return commandClass;
    }

    /** The fallback's exception, or null if there was no fallback or it was not attempted. */
    public Throwable getFallbackException() {
        return fallbackException;
    }
}
