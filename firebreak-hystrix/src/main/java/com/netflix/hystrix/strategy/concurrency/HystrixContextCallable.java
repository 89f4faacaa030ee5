package com.netflix.hystrix.strategy.concurrency;

import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.context.RequestContext;
import java.util.concurrent.Callable;

/**
 * A Callable that runs in the request context that was current when it was made, on whatever thread
 * calls it, restoring that thread's own context afterwards.
 */
public class HystrixContextCallable<K> implements Callable<K> {

    private final Callable<K> actual;
    private final RequestContext context;

    /** Wraps {@code actual}, after the registered strategy's wrapping, in the context current now. */
    public HystrixContextCallable(Callable<K> actual) {
        this(HystrixPlugins.getInstance().getConcurrencyStrategy(), actual);
    }

    /** Wraps {@code actual}, after the strategy's own wrapping, in the context current now. */
    public HystrixContextCallable(HystrixConcurrencyStrategy concurrencyStrategy, Callable<K> actual) {
        this.actual = concurrencyStrategy == null ? actual : concurrencyStrategy.wrapCallable(actual);
        this.context = RequestContext.currentOrNull();
    }

    @Override
    public K call() throws Exception {
        RequestContext before = RequestContext.swap(context);
        try {
            return actual.call();
        } finally {
            RequestContext.swap(before);
        }
    }
}
