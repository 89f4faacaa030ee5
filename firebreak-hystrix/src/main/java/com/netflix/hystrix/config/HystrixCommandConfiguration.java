package com.netflix.hystrix.config;

import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixThreadPoolKey;

/** A command key's configuration at one moment, read from its properties. */
public class HystrixCommandConfiguration {

    private final HystrixCommandKey commandKey;
    private final HystrixThreadPoolKey threadPoolKey;
    private final HystrixCommandGroupKey groupKey;
    private final HystrixCommandExecutionConfig executionConfig;
    private final HystrixCommandCircuitBreakerConfig circuitBreakerConfig;
    private final HystrixCommandMetricsConfig metricsConfig;

    public HystrixCommandConfiguration(HystrixCommandKey commandKey, HystrixThreadPoolKey threadPoolKey, HystrixCommandGroupKey groupKey,
            HystrixCommandExecutionConfig executionConfig, HystrixCommandCircuitBreakerConfig circuitBreakerConfig,
            HystrixCommandMetricsConfig metricsConfig) {
        this.commandKey = commandKey;
        this.threadPoolKey = threadPoolKey;
        this.groupKey = groupKey;
        this.executionConfig = executionConfig;
        this.circuitBreakerConfig = circuitBreakerConfig;
        this.metricsConfig = metricsConfig;
    }

    /** The configuration {@code p} gives now. */
    public static HystrixCommandConfiguration sample(HystrixCommandKey commandKey, HystrixThreadPoolKey threadPoolKey,
            HystrixCommandGroupKey groupKey, HystrixCommandProperties p) {
        HystrixCommandExecutionConfig execution = new HystrixCommandExecutionConfig(
                p.executionIsolationSemaphoreMaxConcurrentRequests().get(), p.executionIsolationStrategy().get(),
                p.executionIsolationThreadInterruptOnTimeout().get(), p.executionIsolationThreadPoolKeyOverride().get(),
                p.executionTimeoutEnabled().get(), p.executionTimeoutInMilliseconds().get(), p.fallbackEnabled().get(),
                p.fallbackIsolationSemaphoreMaxConcurrentRequests().get(), p.requestCacheEnabled().get(), p.requestLogEnabled().get());
        HystrixCommandCircuitBreakerConfig breaker = new HystrixCommandCircuitBreakerConfig(
                p.circuitBreakerEnabled().get(), p.circuitBreakerErrorThresholdPercentage().get(), p.circuitBreakerForceClosed().get(),
                p.circuitBreakerForceOpen().get(), p.circuitBreakerRequestVolumeThreshold().get(),
                p.circuitBreakerSleepWindowInMilliseconds().get());
        // The "bucket size" fields carry the whole windows, as in 1.5.18.
        HystrixCommandMetricsConfig metrics = new HystrixCommandMetricsConfig(
                p.metricsHealthSnapshotIntervalInMilliseconds().get(), p.metricsRollingPercentileEnabled().get(),
                p.metricsRollingPercentileWindowBuckets().get(), p.metricsRollingPercentileWindowInMilliseconds().get(),
                p.metricsRollingStatisticalWindowBuckets().get(), p.metricsRollingStatisticalWindowInMilliseconds().get());
        return new HystrixCommandConfiguration(commandKey, threadPoolKey, groupKey, execution, breaker, metrics);
    }

    public HystrixCommandKey getCommandKey() {
        return commandKey;
    }

    public HystrixThreadPoolKey getThreadPoolKey() {
        return threadPoolKey;
    }

    public HystrixCommandGroupKey getGroupKey() {
        return groupKey;
    }

    public HystrixCommandExecutionConfig getExecutionConfig() {
        return executionConfig;
    }

    public HystrixCommandCircuitBreakerConfig getCircuitBreakerConfig() {
        return circuitBreakerConfig;
    }

    public HystrixCommandMetricsConfig getMetricsConfig() {
        return metricsConfig;
    }

    /** The circuit breaker's settings. */
    public static class HystrixCommandCircuitBreakerConfig {
        private final boolean enabled;
        private final int errorThresholdPercentage;
        private final boolean forceClosed;
        private final boolean forceOpen;
        private final int requestVolumeThreshold;
        private final int sleepWindowInMilliseconds;

        public HystrixCommandCircuitBreakerConfig(boolean enabled, int errorThresholdPercentage, boolean forceClosed,
                boolean forceOpen, int requestVolumeThreshold, int sleepWindowInMilliseconds) {
            this.enabled = enabled;
            this.errorThresholdPercentage = errorThresholdPercentage;
            this.forceClosed = forceClosed;
            this.forceOpen = forceOpen;
            this.requestVolumeThreshold = requestVolumeThreshold;
            this.sleepWindowInMilliseconds = sleepWindowInMilliseconds;
        }

        public boolean isEnabled() {
            return enabled;
        }

        public int getErrorThresholdPercentage() {
            return errorThresholdPercentage;
        }

        public boolean isForceClosed() {
            return forceClosed;
        }

        public boolean isForceOpen() {
            return forceOpen;
        }

        public int getRequestVolumeThreshold() {
            return requestVolumeThreshold;
        }

        public int getSleepWindowInMilliseconds() {
            return sleepWindowInMilliseconds;
        }
    }

    /** Isolation, timeout, fallback, request cache and request log settings. */
    public static class HystrixCommandExecutionConfig {
        private final int semaphoreMaxConcurrentRequests;
        private final HystrixCommandProperties.ExecutionIsolationStrategy isolationStrategy;
        private final boolean threadInterruptOnTimeout;
        private final String threadPoolKeyOverride;
        private final boolean timeoutEnabled;
        private final int timeoutInMilliseconds;
        private final boolean fallbackEnabled;
        private final int fallbackMaxConcurrentRequest;
        private final boolean requestCacheEnabled;
        private final boolean requestLogEnabled;

        public HystrixCommandExecutionConfig(int semaphoreMaxConcurrentRequests,
                HystrixCommandProperties.ExecutionIsolationStrategy isolationStrategy, boolean threadInterruptOnTimeout,
                String threadPoolKeyOverride, boolean timeoutEnabled, int timeoutInMilliseconds, boolean fallbackEnabled,
                int fallbackMaxConcurrentRequests, boolean requestCacheEnabled, boolean requestLogEnabled) {
            this.semaphoreMaxConcurrentRequests = semaphoreMaxConcurrentRequests;
            this.isolationStrategy = isolationStrategy;
            this.threadInterruptOnTimeout = threadInterruptOnTimeout;
            this.threadPoolKeyOverride = threadPoolKeyOverride;
            this.timeoutEnabled = timeoutEnabled;
            this.timeoutInMilliseconds = timeoutInMilliseconds;
            this.fallbackEnabled = fallbackEnabled;
            this.fallbackMaxConcurrentRequest = fallbackMaxConcurrentRequests;
            this.requestCacheEnabled = requestCacheEnabled;
            this.requestLogEnabled = requestLogEnabled;
        }

        public int getSemaphoreMaxConcurrentRequests() {
            return semaphoreMaxConcurrentRequests;
        }

        public HystrixCommandProperties.ExecutionIsolationStrategy getIsolationStrategy() {
            return isolationStrategy;
        }

        public boolean isThreadInterruptOnTimeout() {
            return threadInterruptOnTimeout;
        }

        public String getThreadPoolKeyOverride() {
            return threadPoolKeyOverride;
        }

        public boolean isTimeoutEnabled() {
            return timeoutEnabled;
        }

        public int getTimeoutInMilliseconds() {
            return timeoutInMilliseconds;
        }

        public boolean isFallbackEnabled() {
            return fallbackEnabled;
        }

        public int getFallbackMaxConcurrentRequest() {
            return fallbackMaxConcurrentRequest;
        }

        public boolean isRequestCacheEnabled() {
            return requestCacheEnabled;
        }

        public boolean isRequestLogEnabled() {
            return requestLogEnabled;
        }
    }

    /** How the command's metrics roll. */
    public static class HystrixCommandMetricsConfig {
        private final int healthIntervalInMilliseconds;
        private final boolean rollingPercentileEnabled;
        private final int rollingPercentileNumberOfBuckets;
        private final int rollingPercentileBucketSizeInMilliseconds;
        private final int rollingCounterNumberOfBuckets;
        private final int rollingCounterBucketSizeInMilliseconds;

        public HystrixCommandMetricsConfig(int healthIntervalInMilliseconds, boolean rollingPercentileEnabled,
                int rollingPercentileNumberOfBuckets, int rollingPercentileBucketSizeInMilliseconds,
                int rollingCounterNumberOfBuckets, int rollingCounterBucketSizeInMilliseconds) {
            this.healthIntervalInMilliseconds = healthIntervalInMilliseconds;
            this.rollingPercentileEnabled = rollingPercentileEnabled;
            this.rollingPercentileNumberOfBuckets = rollingPercentileNumberOfBuckets;
            this.rollingPercentileBucketSizeInMilliseconds = rollingPercentileBucketSizeInMilliseconds;
            this.rollingCounterNumberOfBuckets = rollingCounterNumberOfBuckets;
            this.rollingCounterBucketSizeInMilliseconds = rollingCounterBucketSizeInMilliseconds;
        }

        public int getHealthIntervalInMilliseconds() {
            return healthIntervalInMilliseconds;
        }

        public boolean isRollingPercentileEnabled() {
            return rollingPercentileEnabled;
        }

        public int getRollingPercentileNumberOfBuckets() {
            return rollingPercentileNumberOfBuckets;
        }

        public int getRollingPercentileBucketSizeInMilliseconds() {
            return rollingPercentileBucketSizeInMilliseconds;
        }

        public int getRollingCounterNumberOfBuckets() {
            return rollingCounterNumberOfBuckets;
        }

        public int getRollingCounterBucketSizeInMilliseconds() {
            return rollingCounterBucketSizeInMilliseconds;
        }
    }
}
