package com.netflix.hystrix.contrib.javanica.command;

import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * What a {@code Future}-returning {@code @HystrixCommand} method returns: the command calls
 * {@link #invoke()} on its own thread and the caller receives the command's future. This object is only
 * a carrier; its {@code Future} methods are not meant to be called and throw
 * {@link UnsupportedOperationException}.
 *
 * @param <T> the result type
 */
public abstract class AsyncResult<T> implements Future<T>, ClosureCommand<T> {

    private static final String NOT_A_FUTURE =
            "AsyncResult only carries the work of an asynchronous @HystrixCommand; use the Future the command returns";

    /** For subclasses that implement {@link #invoke()}. */
    protected AsyncResult() {
    }

    @Override
    public abstract T invoke();

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        throw new UnsupportedOperationException(NOT_A_FUTURE);
    }

    @Override
    public boolean isCancelled() {
        throw new UnsupportedOperationException(NOT_A_FUTURE);
    }

    @Override
    public boolean isDone() {
        throw new UnsupportedOperationException(NOT_A_FUTURE);
    }

    @Override
    public T get() {
        throw new UnsupportedOperationException(NOT_A_FUTURE);
    }

    @Override
    public T get(long timeout, TimeUnit unit) {
        throw new UnsupportedOperationException(NOT_A_FUTURE);
    }
}
