package com.netflix.hystrix.strategy.concurrency;

import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolProperties;
import com.netflix.hystrix.strategy.properties.HystrixProperty;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The concurrency hooks user code overrides; register a subclass with
 * {@code HystrixPlugins.getInstance().registerConcurrencyStrategy(...)}.
 *
 * <ul>
 * <li>{@link #wrapCallable(Callable)} is called on the thread that starts a command, for the command's
 * run and for its fallback, so a strategy that copies thread-locals (an MDC, a security context) sees
 * them wherever Firebreak runs the work: on the pool thread, on the thread that handles a timeout, or
 * on the caller's thread under SEMAPHORE isolation.
 * <li>{@link #getRequestVariable} makes the request variables of {@link HystrixRequestVariableHolder}.
 * <li>{@link #getThreadPool} and {@link #getBlockingQueue} are offered for code that calls them; the
 * bridge runs commands on Firebreak's own pools, sized by the {@code hystrix.threadpool.*} properties,
 * and does not call them.
 * </ul>
 */
public abstract class HystrixConcurrencyStrategy {

    /**
     * A thread pool as Hystrix made one: {@code corePoolSize} to {@code maximumPoolSize} threads named
     * after the key, idle threads kept {@code keepAliveTime}, tasks waiting in {@code workQueue}.
     */
    public ThreadPoolExecutor getThreadPool(HystrixThreadPoolKey threadPoolKey, HystrixProperty<Integer> corePoolSize,
            HystrixProperty<Integer> maximumPoolSize, HystrixProperty<Integer> keepAliveTime, TimeUnit unit,
            BlockingQueue<Runnable> workQueue) {
        int core = corePoolSize.get();
        int maximum = Math.max(core, maximumPoolSize.get());
        return new ThreadPoolExecutor(core, maximum, keepAliveTime.get(), unit, workQueue, threads(threadPoolKey));
    }

    /**
     * A thread pool for {@code threadPoolProperties}: {@code coreSize} threads, up to {@code maximumSize}
     * when it may diverge, idle threads kept {@code keepAliveTimeMinutes}, and the queue of
     * {@link #getBlockingQueue(int)} for {@code maxQueueSize}.
     */
    public ThreadPoolExecutor getThreadPool(HystrixThreadPoolKey threadPoolKey, HystrixThreadPoolProperties threadPoolProperties) {
        int core = threadPoolProperties.coreSize().get();
        int maximum = threadPoolProperties.getAllowMaximumSizeToDivergeFromCoreSize().get()
                ? Math.max(core, threadPoolProperties.maximumSize().get()) : core;
        return new ThreadPoolExecutor(core, maximum, threadPoolProperties.keepAliveTimeMinutes().get(), TimeUnit.MINUTES,
                getBlockingQueue(threadPoolProperties.maxQueueSize().get()), threads(threadPoolKey));
    }

    private static ThreadFactory threads(HystrixThreadPoolKey key) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, "hystrix-" + key.name() + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Hystrix's queue: a SynchronousQueue when {@code maxQueueSize <= 0}, else a bounded LinkedBlockingQueue. */
    public BlockingQueue<Runnable> getBlockingQueue(int maxQueueSize) {
        return maxQueueSize <= 0 ? new SynchronousQueue<>() : new LinkedBlockingQueue<>(maxQueueSize);
    }

    /**
     * Wraps work before it leaves the starting thread (see the class comment); the default returns it
     * unchanged. The returned Callable is called once, on the thread that runs the work.
     */
    public <T> Callable<T> wrapCallable(Callable<T> callable) {
        return callable;
    }

    /** The request variable for {@code rv}'s lifecycle; the default keeps its value in the current request context. */
    public <T> HystrixRequestVariable<T> getRequestVariable(HystrixRequestVariableLifecycle<T> rv) {
        return new HystrixLifecycleForwardingRequestVariable<>(rv);
    }
}
