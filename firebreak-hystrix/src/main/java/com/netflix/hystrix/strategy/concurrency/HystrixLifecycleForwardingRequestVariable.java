package com.netflix.hystrix.strategy.concurrency;

/** A {@link HystrixRequestVariableDefault} whose initial value and shutdown come from a lifecycle object. */
public class HystrixLifecycleForwardingRequestVariable<T> extends HystrixRequestVariableDefault<T> {

    private final HystrixRequestVariableLifecycle<T> lifecycle;

    /** A variable made and shut down by {@code lifecycle}. */
    public HystrixLifecycleForwardingRequestVariable(HystrixRequestVariableLifecycle<T> lifecycle) {
        if (lifecycle == null) {
            throw new IllegalArgumentException("HystrixLifecycleForwardingRequestVariable: the lifecycle must not be null");
        }
        this.lifecycle = lifecycle;
    }

    @Override
    public T initialValue() {
        return lifecycle.initialValue();
    }

    @Override
    public void shutdown(T value) {
        lifecycle.shutdown(value);
    }
}
