package com.netflix.hystrix.config;

import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolProperties;

/** A thread pool's configuration at one moment, read from its properties. */
public class HystrixThreadPoolConfiguration {

    private final HystrixThreadPoolKey threadPoolKey;
    private final int coreSize;
    private final int maximumSize;
    private final int actualMaximumSize;
    private final int maxQueueSize;
    private final int queueRejectionThreshold;
    private final int keepAliveTimeInMinutes;
    private final boolean allowMaximumSizeToDivergeFromCoreSize;
    private final int rollingCounterNumberOfBuckets;
    private final int rollingCounterBucketSizeInMilliseconds;

    private HystrixThreadPoolConfiguration(HystrixThreadPoolKey threadPoolKey, HystrixThreadPoolProperties properties) {
        this.threadPoolKey = threadPoolKey;
        this.coreSize = properties.coreSize().get();
        this.maximumSize = properties.maximumSize().get();
        this.actualMaximumSize = properties.actualMaximumSize();
        this.maxQueueSize = properties.maxQueueSize().get();
        this.queueRejectionThreshold = properties.queueSizeRejectionThreshold().get();
        this.keepAliveTimeInMinutes = properties.keepAliveTimeMinutes().get();
        this.allowMaximumSizeToDivergeFromCoreSize = properties.getAllowMaximumSizeToDivergeFromCoreSize().get();
        this.rollingCounterNumberOfBuckets = properties.metricsRollingStatisticalWindowBuckets().get();
        // As 1.5.18 reports it: the whole rolling window, under the name of a bucket's size.
        this.rollingCounterBucketSizeInMilliseconds = properties.metricsRollingStatisticalWindowInMilliseconds().get();
    }

    /** The configuration {@code threadPoolProperties} give now. */
    public static HystrixThreadPoolConfiguration sample(HystrixThreadPoolKey threadPoolKey, HystrixThreadPoolProperties threadPoolProperties) {
        return new HystrixThreadPoolConfiguration(threadPoolKey, threadPoolProperties);
    }

    public HystrixThreadPoolKey getThreadPoolKey() {
        return threadPoolKey;
    }

    public int getCoreSize() {
        return coreSize;
    }

    /** The {@code maximumSize} property as configured. */
    public int getMaximumSize() {
        return maximumSize;
    }

    /** The maximum size the pool applies: {@code coreSize} unless the two may diverge and {@code maximumSize} is larger. */
    public int getActualMaximumSize() {
        return actualMaximumSize;
    }

    public int getMaxQueueSize() {
        return maxQueueSize;
    }

    public int getQueueRejectionThreshold() {
        return queueRejectionThreshold;
    }

    public int getKeepAliveTimeInMinutes() {
        return keepAliveTimeInMinutes;
    }

    public boolean getAllowMaximumSizeToDivergeFromCoreSize() {
        return allowMaximumSizeToDivergeFromCoreSize;
    }

    public int getRollingCounterNumberOfBuckets() {
        return rollingCounterNumberOfBuckets;
    }

    /** The rolling statistical window in milliseconds (1.5.18's name and value). */
    public int getRollingCounterBucketSizeInMilliseconds() {
        return rollingCounterBucketSizeInMilliseconds;
    }
}
