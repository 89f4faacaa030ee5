package com.netflix.hystrix.strategy.concurrency;

/** How a request variable's value begins and ends. */
public interface HystrixRequestVariableLifecycle<T> {

    /** The value a request starts with, made the first time the variable is read in the request. */
    T initialValue();

    /** Called with the value when the request context shuts down (or the value is removed). */
    void shutdown(T value);
}
