package com.netflix.hystrix.contrib.javanica.command;

/**
 * Work an asynchronous command runs on its own thread.
 *
 * @param <T> the result type
 */
public interface ClosureCommand<T> {

    /** Does the work and returns its result. */
    T invoke();
}
