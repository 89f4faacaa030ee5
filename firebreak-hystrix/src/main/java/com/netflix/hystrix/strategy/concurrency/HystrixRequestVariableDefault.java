package com.netflix.hystrix.strategy.concurrency;

/**
 * A request variable kept in the current {@link HystrixRequestContext}: every thread that carries the
 * context (the request's own thread, command pool threads, the context wrappers) sees one value per
 * request. The first read in a request makes the value with {@link #initialValue()}, once even when
 * threads race; {@link HystrixRequestContext#shutdown()} hands each value to {@link #shutdown(Object)}.
 *
 * <p>Subclass it and override {@code initialValue} and {@code shutdown} as needed. Reading or writing
 * it without a current context throws an {@link IllegalStateException}.
 */
public class HystrixRequestVariableDefault<T> implements HystrixRequestVariable<T> {

    /** A variable whose initial value is null. */
    public HystrixRequestVariableDefault() {
    }

    /**
     * This request's value.
     *
     * @throws IllegalStateException if no request context is current
     */
    @Override
    @SuppressWarnings("unchecked")
    public T get() {
        return (T) requireContext("read").slot(this).get();
    }

    /** The value a request starts with; null unless overridden. */
    @Override
    public T initialValue() {
        return null;
    }

    /**
     * Sets this request's value (the old one, if any, is not shut down).
     *
     * @throws IllegalStateException if no request context is current
     */
    public void set(T value) {
        requireContext("set").put(this, value);
    }

    /** Removes this request's value, handing it to {@link #shutdown(Object)}; nothing happens outside a context. */
    public void remove() {
        HystrixRequestContext context = HystrixRequestContext.getContextForCurrentThread();
        if (context != null) {
            context.remove(this);
        }
    }

    /** Called with the value when the request ends; does nothing unless overridden. */
    @Override
    public void shutdown(T value) {
    }

    private static HystrixRequestContext requireContext(String action) {
        HystrixRequestContext context = HystrixRequestContext.getContextForCurrentThread();
        if (context == null) {
            throw new IllegalStateException("HystrixRequestContext.initializeContext() must be called at the beginning of each request"
                    + " before a request variable can be " + action + " (no request context is current on thread "
                    + Thread.currentThread().getName() + ")");
        }
        return context;
    }
}
