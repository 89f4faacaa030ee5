package com.netflix.hystrix;

import com.netflix.hystrix.util.HystrixRollingNumberEvent;
import dev.firebreak.hystrix.HystrixBridge;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.metrics.ThreadPoolMetricsSnapshot;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ThreadPoolExecutor;

/** A thread-pool key's figures, read from its Firebreak pool. */
public class HystrixThreadPoolMetrics {

    private final GuardThreadPool pool;
    private final HystrixThreadPoolKey key;

    private HystrixThreadPoolMetrics(GuardThreadPool pool) {
        this.pool = pool;
        this.key = HystrixThreadPoolKey.Factory.asKey(pool.name());
    }

    /** The metrics of {@code key}'s pool, or null if no command made that pool. */
    public static HystrixThreadPoolMetrics getInstance(HystrixThreadPoolKey key) {
        return HystrixBridge.registry().findPool(key.name()).map(HystrixThreadPoolMetrics::new).orElse(null);
    }

    /** The metrics of every thread pool that a command key of the bridge uses now. */
    public static Collection<HystrixThreadPoolMetrics> getInstances() {
        List<HystrixThreadPoolMetrics> all = new ArrayList<>();
        for (GuardThreadPool pool : HystrixBridge.registry().pools()) {
            all.add(new HystrixThreadPoolMetrics(pool));
        }
        return all;
    }

    /**
     * Forgets every command key (as {@link Hystrix#reset()} does): the pools are listed by
     * {@link #getInstances()} while a command key uses them, so none is listed until a command runs on
     * it again.
     */
    public static void reset() {
        HystrixBridge.reset();
    }

    private ThreadPoolMetricsSnapshot snapshot() {
        return pool.metricsSnapshot();
    }

    /** The pool as a {@link ThreadPoolExecutor}: the same object the key's {@link HystrixThreadPool} hands out. */
    public ThreadPoolExecutor getThreadPool() {
        return PoolExecutor.of(key, null);
    }

    public HystrixThreadPoolKey getThreadPoolKey() {
        return key;
    }

    public HystrixThreadPoolProperties getProperties() {
        return new HystrixThreadPoolProperties(pool::config);
    }

    public Number getCurrentActiveCount() {
        return snapshot().activeCount();
    }

    public Number getCurrentQueueSize() {
        return snapshot().queueSize();
    }

    public Number getCurrentPoolSize() {
        return snapshot().poolSize();
    }

    public Number getCurrentLargestPoolSize() {
        return snapshot().largestPoolSize();
    }

    public Number getCurrentCorePoolSize() {
        return snapshot().corePoolSize();
    }

    public Number getCurrentMaximumPoolSize() {
        return snapshot().maximumPoolSize();
    }

    public Number getCurrentCompletedTaskCount() {
        return snapshot().completedTaskCount();
    }

    public Number getCurrentTaskCount() {
        return snapshot().taskCount();
    }

    /** Tasks run over the rolling window. */
    public long getRollingCountThreadsExecuted() {
        return snapshot().rollingExecuted();
    }

    /** Tasks rejected over the rolling window. */
    public long getRollingCountThreadsRejected() {
        return snapshot().rollingRejected();
    }

    /** The most tasks active at once over the rolling window. */
    public long getRollingMaxActiveThreads() {
        return snapshot().rollingMaxActive();
    }

    /** Tasks the pool has completed since it was made (the executor's count; the bridge keeps no cumulative rejections). */
    public long getCumulativeCountThreadsExecuted() {
        return snapshot().completedTaskCount();
    }

    /** Tasks run or rejected over the rolling window. */
    public long getRollingCount(HystrixEventType.ThreadPool event) {
        return event == HystrixEventType.ThreadPool.EXECUTED ? getRollingCountThreadsExecuted() : getRollingCountThreadsRejected();
    }

    /**
     * A rolling-number event over the rolling window, as 1.5.18's {@code HystrixMetrics} gave it
     * ({@code THREAD_MAX_ACTIVE}: the rolling maximum).
     *
     * @throws IllegalArgumentException for an event that is not a thread pool's
     */
    public long getRollingCount(HystrixRollingNumberEvent event) {
        return event == HystrixRollingNumberEvent.THREAD_MAX_ACTIVE ? getRollingMaxActiveThreads()
                : getRollingCount(HystrixEventType.ThreadPool.from(event));
    }
}
