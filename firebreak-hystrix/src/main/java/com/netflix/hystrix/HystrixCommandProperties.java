package com.netflix.hystrix;

import com.netflix.hystrix.strategy.properties.HystrixProperty;
import dev.firebreak.GuardConfig;
import dev.firebreak.isolation.IsolationStrategy;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A command's properties, read live from its Firebreak guard's configuration (Hystrix's defaults,
 * overridden by the command's {@link Setter}, then by {@code hystrix.command.default.*} and
 * {@code hystrix.command.<key>.*} in Archaius, with Hystrix's precedence).
 */
public class HystrixCommandProperties {

    /** How a command is isolated: on a thread pool (default for HystrixCommand) or under a semaphore. */
    public enum ExecutionIsolationStrategy {
        THREAD, SEMAPHORE;

        IsolationStrategy toFirebreak() {
            return this == THREAD ? IsolationStrategy.THREAD : IsolationStrategy.SEMAPHORE;
        }

        static ExecutionIsolationStrategy from(IsolationStrategy strategy) {
            return strategy == IsolationStrategy.SEMAPHORE ? SEMAPHORE : THREAD;
        }
    }

    private final Supplier<GuardConfig> config;

    HystrixCommandProperties(Supplier<GuardConfig> config) {
        this.config = config;
    }

    /** A builder of instance defaults from code, for {@code HystrixCommand.Setter.andCommandPropertiesDefaults}. */
    public static Setter Setter() {
        return new Setter();
    }

    private <T> HystrixProperty<T> live(Function<GuardConfig, T> read) {
        return () -> read.apply(config.get());
    }

    public HystrixProperty<ExecutionIsolationStrategy> executionIsolationStrategy() {
        return live(c -> ExecutionIsolationStrategy.from(c.isolationStrategy()));
    }

    public HystrixProperty<Integer> executionTimeoutInMilliseconds() {
        return live(GuardConfig::timeoutInMilliseconds);
    }

    public HystrixProperty<Boolean> executionTimeoutEnabled() {
        return live(GuardConfig::timeoutEnabled);
    }

    public HystrixProperty<Boolean> executionIsolationThreadInterruptOnTimeout() {
        return live(GuardConfig::interruptOnTimeout);
    }

    public HystrixProperty<Boolean> executionIsolationThreadInterruptOnFutureCancel() {
        return live(GuardConfig::interruptOnCancel);
    }

    public HystrixProperty<Integer> executionIsolationSemaphoreMaxConcurrentRequests() {
        return live(GuardConfig::semaphoreMaxConcurrentRequests);
    }

    public HystrixProperty<Integer> fallbackIsolationSemaphoreMaxConcurrentRequests() {
        return live(GuardConfig::fallbackMaxConcurrentRequests);
    }

    public HystrixProperty<Boolean> fallbackEnabled() {
        return live(GuardConfig::fallbackEnabled);
    }

    public HystrixProperty<Boolean> circuitBreakerEnabled() {
        return live(GuardConfig::circuitBreakerEnabled);
    }

    public HystrixProperty<Integer> circuitBreakerRequestVolumeThreshold() {
        return live(GuardConfig::circuitBreakerRequestVolumeThreshold);
    }

    public HystrixProperty<Integer> circuitBreakerSleepWindowInMilliseconds() {
        return live(GuardConfig::circuitBreakerSleepWindowInMilliseconds);
    }

    public HystrixProperty<Integer> circuitBreakerErrorThresholdPercentage() {
        return live(GuardConfig::circuitBreakerErrorThresholdPercentage);
    }

    public HystrixProperty<Boolean> circuitBreakerForceOpen() {
        return live(GuardConfig::circuitBreakerForceOpen);
    }

    public HystrixProperty<Boolean> circuitBreakerForceClosed() {
        return live(GuardConfig::circuitBreakerForceClosed);
    }

    public HystrixProperty<Integer> metricsRollingStatisticalWindowInMilliseconds() {
        return live(GuardConfig::metricsRollingStatsTimeInMilliseconds);
    }

    public HystrixProperty<Integer> metricsRollingStatisticalWindowBuckets() {
        return live(GuardConfig::metricsRollingStatsNumBuckets);
    }

    public HystrixProperty<Boolean> metricsRollingPercentileEnabled() {
        return live(GuardConfig::metricsRollingPercentileEnabled);
    }

    public HystrixProperty<Integer> metricsRollingPercentileWindowInMilliseconds() {
        return live(GuardConfig::metricsRollingPercentileTimeInMilliseconds);
    }

    public HystrixProperty<Integer> metricsRollingPercentileWindowBuckets() {
        return live(GuardConfig::metricsRollingPercentileNumBuckets);
    }

    public HystrixProperty<Integer> metricsRollingPercentileBucketSize() {
        return live(GuardConfig::metricsRollingPercentileBucketSize);
    }

    public HystrixProperty<Integer> metricsHealthSnapshotIntervalInMilliseconds() {
        return live(GuardConfig::metricsHealthSnapshotIntervalInMilliseconds);
    }

    public HystrixProperty<Boolean> requestCacheEnabled() {
        return live(GuardConfig::requestCacheEnabled);
    }

    public HystrixProperty<Boolean> requestLogEnabled() {
        return live(GuardConfig::requestLogEnabled);
    }

    /**
     * Instance defaults from code: each {@code with...} value becomes the guard's code configuration
     * (Hystrix's "instance default from code" layer); values left unset keep the global defaults.
     * Values are checked when the command's guard is built: a bad one throws an
     * {@code InvalidConfigException} naming the property, the value and the rule.
     */
    public static class Setter {
        private final java.util.List<java.util.function.Consumer<GuardConfig.Builder>> changes = new java.util.ArrayList<>();

        protected Setter() {
        }

        private Setter with(java.util.function.Consumer<GuardConfig.Builder> change) {
            changes.add(change);
            return this;
        }

        /** Applies the values set here to {@code builder}. */
        void applyTo(GuardConfig.Builder builder) {
            changes.forEach(change -> change.accept(builder));
        }

        public Setter withExecutionIsolationStrategy(ExecutionIsolationStrategy value) {
            return with(b -> b.isolationStrategy(value.toFirebreak()));
        }

        public Setter withExecutionTimeoutInMilliseconds(int value) {
            return with(b -> b.timeoutInMilliseconds(value));
        }

        /** The old name of {@link #withExecutionTimeoutInMilliseconds}. */
        @Deprecated
        public Setter withExecutionIsolationThreadTimeoutInMilliseconds(int value) {
            return withExecutionTimeoutInMilliseconds(value);
        }

        public Setter withExecutionTimeoutEnabled(boolean value) {
            return with(b -> b.timeoutEnabled(value));
        }

        public Setter withExecutionIsolationThreadInterruptOnTimeout(boolean value) {
            return with(b -> b.interruptOnTimeout(value));
        }

        public Setter withExecutionIsolationThreadInterruptOnFutureCancel(boolean value) {
            return with(b -> b.interruptOnCancel(value));
        }

        public Setter withExecutionIsolationSemaphoreMaxConcurrentRequests(int value) {
            return with(b -> b.semaphoreMaxConcurrentRequests(value));
        }

        public Setter withFallbackIsolationSemaphoreMaxConcurrentRequests(int value) {
            return with(b -> b.fallbackMaxConcurrentRequests(value));
        }

        public Setter withFallbackEnabled(boolean value) {
            return with(b -> b.fallbackEnabled(value));
        }

        public Setter withCircuitBreakerEnabled(boolean value) {
            return with(b -> b.circuitBreakerEnabled(value));
        }

        public Setter withCircuitBreakerRequestVolumeThreshold(int value) {
            return with(b -> b.circuitBreakerRequestVolumeThreshold(value));
        }

        public Setter withCircuitBreakerSleepWindowInMilliseconds(int value) {
            return with(b -> b.circuitBreakerSleepWindowInMilliseconds(value));
        }

        public Setter withCircuitBreakerErrorThresholdPercentage(int value) {
            return with(b -> b.circuitBreakerErrorThresholdPercentage(value));
        }

        public Setter withCircuitBreakerForceOpen(boolean value) {
            return with(b -> b.circuitBreakerForceOpen(value));
        }

        public Setter withCircuitBreakerForceClosed(boolean value) {
            return with(b -> b.circuitBreakerForceClosed(value));
        }

        public Setter withMetricsRollingStatisticalWindowInMilliseconds(int value) {
            return with(b -> b.metricsRollingStatsTimeInMilliseconds(value));
        }

        public Setter withMetricsRollingStatisticalWindowBuckets(int value) {
            return with(b -> b.metricsRollingStatsNumBuckets(value));
        }

        public Setter withMetricsRollingPercentileEnabled(boolean value) {
            return with(b -> b.metricsRollingPercentileEnabled(value));
        }

        public Setter withMetricsRollingPercentileWindowInMilliseconds(int value) {
            return with(b -> b.metricsRollingPercentileTimeInMilliseconds(value));
        }

        public Setter withMetricsRollingPercentileWindowBuckets(int value) {
            return with(b -> b.metricsRollingPercentileNumBuckets(value));
        }

        public Setter withMetricsRollingPercentileBucketSize(int value) {
            return with(b -> b.metricsRollingPercentileBucketSize(value));
        }

        public Setter withMetricsHealthSnapshotIntervalInMilliseconds(int value) {
            return with(b -> b.metricsHealthSnapshotIntervalInMilliseconds(value));
        }

        public Setter withRequestCacheEnabled(boolean value) {
            return with(b -> b.requestCacheEnabled(value));
        }

        public Setter withRequestLogEnabled(boolean value) {
            return with(b -> b.requestLogEnabled(value));
        }
    }
}
