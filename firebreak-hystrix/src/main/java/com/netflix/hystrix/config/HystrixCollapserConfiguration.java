package com.netflix.hystrix.config;

import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCollapserProperties;

/** A collapser's configuration at one moment, read from its properties. */
public class HystrixCollapserConfiguration {

    private final HystrixCollapserKey collapserKey;
    private final int maxRequestsInBatch;
    private final int timerDelayInMilliseconds;
    private final boolean requestCacheEnabled;
    private final CollapserMetricsConfig collapserMetricsConfig;

    public HystrixCollapserConfiguration(HystrixCollapserKey collapserKey, int maxRequestsInBatch, int timerDelayInMilliseconds,
            boolean requestCacheEnabled, CollapserMetricsConfig collapserMetricsConfig) {
        this.collapserKey = collapserKey;
        this.maxRequestsInBatch = maxRequestsInBatch;
        this.timerDelayInMilliseconds = timerDelayInMilliseconds;
        this.requestCacheEnabled = requestCacheEnabled;
        this.collapserMetricsConfig = collapserMetricsConfig;
    }

    /** The configuration {@code collapserProperties} give now. */
    public static HystrixCollapserConfiguration sample(HystrixCollapserKey collapserKey, HystrixCollapserProperties collapserProperties) {
        // The "bucket size" fields carry the whole windows, as in 1.5.18.
        CollapserMetricsConfig metrics = new CollapserMetricsConfig(
                collapserProperties.metricsRollingPercentileWindowBuckets().get(),
                collapserProperties.metricsRollingPercentileWindowInMilliseconds().get(),
                collapserProperties.metricsRollingPercentileEnabled().get(),
                collapserProperties.metricsRollingStatisticalWindowBuckets().get(),
                collapserProperties.metricsRollingStatisticalWindowInMilliseconds().get());
        return new HystrixCollapserConfiguration(collapserKey, collapserProperties.maxRequestsInBatch().get(),
                collapserProperties.timerDelayInMilliseconds().get(), collapserProperties.requestCacheEnabled().get(), metrics);
    }

    public HystrixCollapserKey getCollapserKey() {
        return collapserKey;
    }

    public int getMaxRequestsInBatch() {
        return maxRequestsInBatch;
    }

    public int getTimerDelayInMilliseconds() {
        return timerDelayInMilliseconds;
    }

    public boolean isRequestCacheEnabled() {
        return requestCacheEnabled;
    }

    public CollapserMetricsConfig getCollapserMetricsConfig() {
        return collapserMetricsConfig;
    }

    /** How a collapser's metrics roll. */
    public static class CollapserMetricsConfig {
        private final int rollingPercentileNumberOfBuckets;
        private final int rollingPercentileBucketSizeInMilliseconds;
        private final boolean rollingPercentileEnabled;
        private final int rollingCounterNumberOfBuckets;
        private final int rollingCounterBucketSizeInMilliseconds;

        public CollapserMetricsConfig(int rollingPercentileNumberOfBuckets, int rollingPercentileBucketSizeInMilliseconds,
                boolean rollingPercentileEnabled, int rollingCounterNumberOfBuckets, int rollingCounterBucketSizeInMilliseconds) {
            this.rollingPercentileNumberOfBuckets = rollingPercentileNumberOfBuckets;
            this.rollingPercentileBucketSizeInMilliseconds = rollingPercentileBucketSizeInMilliseconds;
            this.rollingPercentileEnabled = rollingPercentileEnabled;
            this.rollingCounterNumberOfBuckets = rollingCounterNumberOfBuckets;
            this.rollingCounterBucketSizeInMilliseconds = rollingCounterBucketSizeInMilliseconds;
        }

        public int getRollingPercentileNumberOfBuckets() {
            return rollingPercentileNumberOfBuckets;
        }

        public int getRollingPercentileBucketSizeInMilliseconds() {
            return rollingPercentileBucketSizeInMilliseconds;
        }

        public boolean isRollingPercentileEnabled() {
            return rollingPercentileEnabled;
        }

        public int getRollingCounterNumberOfBuckets() {
            return rollingCounterNumberOfBuckets;
        }

        public int getRollingCounterBucketSizeInMilliseconds() {
            return rollingCounterBucketSizeInMilliseconds;
        }
    }
}
