package com.netflix.hystrix.strategy.concurrency;

/** A value per request: each {@link HystrixRequestContext} holds its own. */
public interface HystrixRequestVariable<T> extends HystrixRequestVariableLifecycle<T> {

    /** This request's value, made by {@link #initialValue()} on the first read. */
    T get();
}
