package com.netflix.hystrix.strategy.concurrency;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Holds a request variable made by the concurrency strategy in force: {@link #get(HystrixConcurrencyStrategy)}
 * asks {@code strategy.getRequestVariable(lifecycle)} once per strategy and reads that variable in the
 * current request.
 */
public class HystrixRequestVariableHolder<T> {

    // One variable per (lifecycle, strategy), process-wide: the same holder always reads the same variable.
    private static final ConcurrentHashMap<List<Object>, HystrixRequestVariable<?>> VARIABLES = new ConcurrentHashMap<>();

    private final HystrixRequestVariableLifecycle<T> lifecycle;

    /** A holder of the variable with {@code lifeCycleMethods}. */
    public HystrixRequestVariableHolder(HystrixRequestVariableLifecycle<T> lifeCycleMethods) {
        if (lifeCycleMethods == null) {
            throw new IllegalArgumentException("HystrixRequestVariableHolder: the lifecycle must not be null");
        }
        this.lifecycle = lifeCycleMethods;
    }

    /**
     * This request's value of the variable {@code concurrencyStrategy} makes for this holder.
     *
     * @throws IllegalStateException if no request context is current
     */
    @SuppressWarnings("unchecked")
    public T get(HystrixConcurrencyStrategy concurrencyStrategy) {
        if (concurrencyStrategy == null) {
            throw new IllegalArgumentException("HystrixRequestVariableHolder.get: the concurrency strategy must not be null"
                    + " (pass HystrixPlugins.getInstance().getConcurrencyStrategy())");
        }
        if (!HystrixRequestContext.isCurrentThreadInitialized()) {
            throw new IllegalStateException("HystrixRequestContext.initializeContext() must be called at the beginning of each request"
                    + " before a request variable can be read (no request context is current on thread "
                    + Thread.currentThread().getName() + ")");
        }
        HystrixRequestVariable<?> variable = VARIABLES.computeIfAbsent(List.of(lifecycle, concurrencyStrategy),
                key -> concurrencyStrategy.getRequestVariable(lifecycle));
        return (T) variable.get();
    }
}
