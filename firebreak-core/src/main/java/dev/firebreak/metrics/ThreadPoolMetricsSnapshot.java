package dev.firebreak.metrics;

/**
 * One thread pool's figures at one moment, immutable: what the hystrix.stream
 * {@code HystrixThreadPool} event, the dashboard and Micrometer read.
 *
 * @param name the pool key
 * @param atNanos the ticker reading the snapshot was taken at
 * @param activeCount threads running a task ({@code currentActiveCount})
 * @param queueSize tasks waiting for a thread ({@code currentQueueSize})
 * @param poolSize threads in the pool ({@code currentPoolSize})
 * @param largestPoolSize the most threads the pool has had ({@code currentLargestPoolSize})
 * @param corePoolSize {@code currentCorePoolSize}
 * @param maximumPoolSize {@code currentMaximumPoolSize}
 * @param completedTaskCount tasks completed since creation ({@code currentCompletedTaskCount})
 * @param taskCount tasks ever scheduled, approximately ({@code currentTaskCount})
 * @param rollingExecuted tasks finished in the rolling window ({@code rollingCountThreadsExecuted})
 * @param rollingRejected calls rejected in the rolling window ({@code rollingCountCommandRejections})
 * @param rollingMaxActive the most threads active at once in the window, now included ({@code rollingMaxActiveThreads})
 * @param queueSizeRejectionThreshold {@code propertyValue_queueSizeRejectionThreshold}
 * @param rollingWindowMillis {@code propertyValue_metricsRollingStatisticalWindowInMilliseconds}
 */
public record ThreadPoolMetricsSnapshot(
        String name,
        long atNanos,
        int activeCount,
        int queueSize,
        int poolSize,
        int largestPoolSize,
        int corePoolSize,
        int maximumPoolSize,
        long completedTaskCount,
        long taskCount,
        long rollingExecuted,
        long rollingRejected,
        long rollingMaxActive,
        int queueSizeRejectionThreshold,
        int rollingWindowMillis) {
}
