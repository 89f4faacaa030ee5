package com.netflix.hystrix;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.RejectedException;
import dev.firebreak.hystrix.HystrixBridge;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.metrics.ThreadPoolMetricsSnapshot;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A thread-pool key's Firebreak pool seen as the {@link ThreadPoolExecutor} that 1.5.18's API hands out
 * ({@link HystrixThreadPool#getExecutor()}, {@link HystrixThreadPoolMetrics#getThreadPool()}): tasks
 * run on the Firebreak pool, and shutdown and the figures are the pool's. Sizes are configured with the
 * {@code hystrix.threadpool.*} properties; the setters of {@code ThreadPoolExecutor} refuse.
 */
final class PoolExecutor extends ThreadPoolExecutor {

    /*
     * One view per pool key, for the pool the key has now: both HystrixThreadPool instances of a key and
     * its metrics hand out the same object. A view of a pool that was shut down is replaced when the key
     * gets a new pool. Bounded by the number of pool keys.
     */
    private static final ConcurrentHashMap<String, PoolExecutor> VIEWS = new ConcurrentHashMap<>();

    private final GuardThreadPool pool;
    /** The bridge's own guard on the pool: tasks enter through it, and it holds a share of the pool. */
    private final Guard entry;

    private PoolExecutor(Guard entry) {
        // The superclass's own machinery is never started: every method that would use it is overridden.
        super(1, 1, 0, TimeUnit.MILLISECONDS, new SynchronousQueue<>());
        this.entry = entry;
        this.pool = Objects.requireNonNull(entry.controls().threadPool(), "thread pool");
    }

    /** The executor of pool key {@code key}, making the pool with {@code defaults} if it does not exist. */
    static PoolExecutor of(HystrixThreadPoolKey key, HystrixThreadPoolProperties.Setter defaults) {
        String name = key.name();
        Guard entry = HystrixBridge.internalGuard("HystrixThreadPool-" + name, registry -> registry.guard("HystrixThreadPool-" + name)
                .group(name).pool(name)
                .isolation(defaults == null ? Isolation.threadPool() : Isolation.threadPool(defaults.build()))
                // A raw task has no timeout, breaker or fallback: only the pool's admission applies.
                .configure(c -> c.timeout(t -> t.enabled(false)).breaker(b -> b.enabled(false)).fallback(f -> f.enabled(false)))
                .build());
        return VIEWS.compute(name, (k, view) -> view != null && view.entry == entry ? view : new PoolExecutor(entry));
    }

    @Override
    public void execute(Runnable command) {
        Objects.requireNonNull(command, "command");
        CompletableFuture<Void> submitted = entry.submit(() -> {
            command.run();
            return null;
        });
        // The pool admits or refuses on this thread, so a refusal is known when submit returns.
        if (submitted.isCompletedExceptionally()) {
            Throwable cause = submitted.handle((v, e) -> e).join();
            Throwable root = cause instanceof CompletionException && cause.getCause() != null ? cause.getCause() : cause;
            if (root instanceof RejectedException) {
                throw new RejectedExecutionException("thread pool '" + pool.name() + "' refused the task: " + root.getMessage(), root);
            }
        }
    }

    /** True while the queue holds fewer tasks than {@code queueSizeRejectionThreshold}; always true with no queue. */
    boolean queueSpaceAvailable() {
        return pool.config().maxQueueSize() <= 0 || pool.queueSize() < pool.config().queueSizeRejectionThreshold();
    }

    @Override
    public void shutdown() {
        pool.shutdown();
    }

    /** Shuts the pool down; queued tasks still run (a Firebreak pool does not hand them back). */
    @Override
    public List<Runnable> shutdownNow() {
        pool.shutdown();
        return List.of();
    }

    @Override
    public boolean isShutdown() {
        return pool.isShutdown();
    }

    @Override
    public boolean isTerminating() {
        return pool.isShutdown() && !pool.isTerminated();
    }

    @Override
    public boolean isTerminated() {
        return pool.isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return pool.awaitTermination(Duration.ofNanos(unit.toNanos(timeout)));
    }

    private ThreadPoolMetricsSnapshot figures() {
        return pool.metricsSnapshot();
    }

    @Override
    public int getActiveCount() {
        return pool.activeCount();
    }

    @Override
    public int getPoolSize() {
        return pool.poolSize();
    }

    @Override
    public int getLargestPoolSize() {
        return pool.largestPoolSize();
    }

    @Override
    public int getCorePoolSize() {
        return figures().corePoolSize();
    }

    @Override
    public int getMaximumPoolSize() {
        return figures().maximumPoolSize();
    }

    @Override
    public long getCompletedTaskCount() {
        return pool.completedTaskCount();
    }

    @Override
    public long getTaskCount() {
        return figures().taskCount();
    }

    @Override
    public long getKeepAliveTime(TimeUnit unit) {
        return unit.convert(pool.config().keepAliveTime());
    }

    @Override
    public boolean allowsCoreThreadTimeOut() {
        return pool.config().allowCoreThreadsToTimeOut();
    }

    private UnsupportedOperationException configured(String what) {
        return new UnsupportedOperationException("thread pool '" + pool.name() + "': " + what
                + " is set with the hystrix.threadpool." + pool.name() + ".* properties, not on the executor");
    }

    @Override
    public BlockingQueue<Runnable> getQueue() {
        throw new UnsupportedOperationException("thread pool '" + pool.name()
                + "': the queue is the Firebreak pool's own; read its size with HystrixThreadPoolMetrics.getCurrentQueueSize()");
    }

    @Override
    public void setCorePoolSize(int corePoolSize) {
        throw configured("coreSize");
    }

    @Override
    public void setMaximumPoolSize(int maximumPoolSize) {
        throw configured("maximumSize");
    }

    @Override
    public void setKeepAliveTime(long time, TimeUnit unit) {
        throw configured("keepAliveTimeMinutes");
    }

    @Override
    public void allowCoreThreadTimeOut(boolean value) {
        throw configured("allowCoreThreadTimeOut");
    }

    @Override
    public void setThreadFactory(ThreadFactory threadFactory) {
        throw configured("the thread factory");
    }

    @Override
    public void setRejectedExecutionHandler(RejectedExecutionHandler handler) {
        throw configured("the rejection handler");
    }

    @Override
    public boolean prestartCoreThread() {
        return false; // the Firebreak pool starts its threads as tasks come
    }

    @Override
    public int prestartAllCoreThreads() {
        return 0;
    }

    @Override
    public boolean remove(Runnable task) {
        return false; // a task handed to the pool is not taken back
    }

    @Override
    public void purge() {
    }

    @Override
    public String toString() {
        return "PoolExecutor[" + pool.name() + (pool.isShutdown() ? ", shut down]" : "]");
    }
}
