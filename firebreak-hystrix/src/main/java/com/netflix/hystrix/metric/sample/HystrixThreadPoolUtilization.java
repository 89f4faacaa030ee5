package com.netflix.hystrix.metric.sample;

import com.netflix.hystrix.HystrixThreadPoolMetrics;

/** How busy a thread pool is at the sample's instant. */
public class HystrixThreadPoolUtilization {

    private final int currentActiveCount;
    private final int currentCorePoolSize;
    private final int currentPoolSize;
    private final int currentQueueSize;

    public HystrixThreadPoolUtilization(int currentActiveCount, int currentCorePoolSize, int currentPoolSize,
            int currentQueueSize) {
        this.currentActiveCount = currentActiveCount;
        this.currentCorePoolSize = currentCorePoolSize;
        this.currentPoolSize = currentPoolSize;
        this.currentQueueSize = currentQueueSize;
    }

    /** A sample of {@code metrics} now. */
    public static HystrixThreadPoolUtilization sample(HystrixThreadPoolMetrics metrics) {
        return new HystrixThreadPoolUtilization(metrics.getCurrentActiveCount().intValue(),
                metrics.getCurrentCorePoolSize().intValue(), metrics.getCurrentPoolSize().intValue(),
                metrics.getCurrentQueueSize().intValue());
    }

    /** Threads running a command. */
    public int getCurrentActiveCount() {
        return currentActiveCount;
    }

    public int getCurrentCorePoolSize() {
        return currentCorePoolSize;
    }

    /** Threads the pool has. */
    public int getCurrentPoolSize() {
        return currentPoolSize;
    }

    /** Commands waiting in the pool's queue. */
    public int getCurrentQueueSize() {
        return currentQueueSize;
    }
}
