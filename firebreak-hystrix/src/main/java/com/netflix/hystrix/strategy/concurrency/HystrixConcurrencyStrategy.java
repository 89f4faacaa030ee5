package com.netflix.hystrix.strategy.concurrency;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;

/**
 * The concurrency hooks user code overrides. The bridge honours {@link #wrapCallable(Callable)}: every
 * command's {@code run()} and {@code construct()} is wrapped on the caller's thread, so a strategy that
 * copies thread-locals (an MDC, a security context) onto pool threads keeps working. Threads and
 * queues come from Firebreak's pools ({@code hystrix.threadpool.*} properties), so
 * {@link #getBlockingQueue(int)} is offered for code that calls it but is not used by the bridge.
 */
public abstract class HystrixConcurrencyStrategy {

    /** Hystrix's queue: a SynchronousQueue when {@code maxQueueSize <= 0}, else a bounded LinkedBlockingQueue. */
    public BlockingQueue<Runnable> getBlockingQueue(int maxQueueSize) {
        return maxQueueSize <= 0 ? new SynchronousQueue<>() : new LinkedBlockingQueue<>(maxQueueSize);
    }

    /** Wraps a command's work before it leaves the caller's thread; the default returns it unchanged. */
    public <T> Callable<T> wrapCallable(Callable<T> callable) {
        return callable;
    }
}
