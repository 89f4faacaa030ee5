package com.netflix.hystrix.strategy.concurrency;

import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.context.RequestContext;

/**
 * A Runnable that runs in the request context that was current when it was made (or the one given),
 * on whatever thread runs it, restoring that thread's own context afterwards.
 */
public class HystrixContextRunnable implements Runnable {

    private final Runnable actual;
    private final RequestContext context;

    /** Wraps {@code actual}, after the registered strategy's wrapping, in the context current now. */
    public HystrixContextRunnable(Runnable actual) {
        this(HystrixPlugins.getInstance().getConcurrencyStrategy(), actual);
    }

    /** Wraps {@code actual}, after the strategy's own wrapping, in the context current now. */
    public HystrixContextRunnable(HystrixConcurrencyStrategy concurrencyStrategy, Runnable actual) {
        this(concurrencyStrategy, HystrixRequestContext.getContextForCurrentThread(), actual);
    }

    /** Wraps {@code actual}, after the strategy's own wrapping, in {@code hystrixRequestContext}. */
    public HystrixContextRunnable(HystrixConcurrencyStrategy concurrencyStrategy, HystrixRequestContext hystrixRequestContext,
            Runnable actual) {
        this.actual = concurrencyStrategy == null ? actual : wrapped(concurrencyStrategy, actual);
        this.context = hystrixRequestContext == null ? null : hystrixRequestContext.firebreakContext();
    }

    private static Runnable wrapped(HystrixConcurrencyStrategy strategy, Runnable actual) {
        java.util.concurrent.Callable<Void> callable = strategy.wrapCallable(() -> {
            actual.run();
            return null;
        });
        return () -> {
            try {
                callable.call();
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    @Override
    public void run() {
        RequestContext before = RequestContext.swap(context);
        try {
            actual.run();
        } finally {
            RequestContext.swap(before);
        }
    }
}
