package com.netflix.hystrix;

import com.netflix.hystrix.strategy.properties.HystrixProperty;
import dev.firebreak.GuardConfig;
import dev.firebreak.isolation.IsolationStrategy;
import java.time.Duration;
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
        return live(c -> ExecutionIsolationStrategy.from(c.isolation().strategy()));
    }

    public HystrixProperty<Integer> executionTimeoutInMilliseconds() {
        return live(c -> (int) c.timeout().timeout().toMillis());
    }

    public HystrixProperty<Boolean> executionTimeoutEnabled() {
        return live(c -> c.timeout().enabled());
    }

    public HystrixProperty<Boolean> executionIsolationThreadInterruptOnTimeout() {
        return live(c -> c.timeout().interruptOnTimeout());
    }

    public HystrixProperty<Boolean> executionIsolationThreadInterruptOnFutureCancel() {
        return live(c -> c.isolation().interruptOnCancel());
    }

    public HystrixProperty<Integer> executionIsolationSemaphoreMaxConcurrentRequests() {
        return live(c -> c.isolation().semaphoreMaxConcurrentRequests());
    }

    public HystrixProperty<Integer> fallbackIsolationSemaphoreMaxConcurrentRequests() {
        return live(c -> c.fallback().maxConcurrentRequests());
    }

    public HystrixProperty<Boolean> fallbackEnabled() {
        return live(c -> c.fallback().enabled());
    }

    public HystrixProperty<Boolean> circuitBreakerEnabled() {
        return live(c -> c.breaker().enabled());
    }

    public HystrixProperty<Integer> circuitBreakerRequestVolumeThreshold() {
        return live(c -> c.breaker().requestVolumeThreshold());
    }

    public HystrixProperty<Integer> circuitBreakerSleepWindowInMilliseconds() {
        return live(c -> (int) c.breaker().sleepWindow().toMillis());
    }

    public HystrixProperty<Integer> circuitBreakerErrorThresholdPercentage() {
        return live(c -> c.breaker().errorThresholdPercentage());
    }

    public HystrixProperty<Boolean> circuitBreakerForceOpen() {
        return live(c -> c.breaker().forceOpen());
    }

    public HystrixProperty<Boolean> circuitBreakerForceClosed() {
        return live(c -> c.breaker().forceClosed());
    }

    public HystrixProperty<Integer> metricsRollingStatisticalWindowInMilliseconds() {
        return live(c -> (int) c.metrics().rollingStatsWindow().toMillis());
    }

    public HystrixProperty<Integer> metricsRollingStatisticalWindowBuckets() {
        return live(c -> c.metrics().rollingStatsBuckets());
    }

    public HystrixProperty<Boolean> metricsRollingPercentileEnabled() {
        return live(c -> c.metrics().percentilesEnabled());
    }

    public HystrixProperty<Integer> metricsRollingPercentileWindowInMilliseconds() {
        return live(c -> (int) c.metrics().percentileWindow().toMillis());
    }

    public HystrixProperty<Integer> metricsRollingPercentileWindowBuckets() {
        return live(c -> c.metrics().percentileBuckets());
    }

    public HystrixProperty<Integer> metricsRollingPercentileBucketSize() {
        return live(c -> c.metrics().percentileBucketSize());
    }

    public HystrixProperty<Integer> metricsHealthSnapshotIntervalInMilliseconds() {
        return live(c -> (int) c.metrics().healthInterval().toMillis());
    }

    public HystrixProperty<Boolean> requestCacheEnabled() {
        return live(c -> c.request().cacheEnabled());
    }

    public HystrixProperty<Boolean> requestLogEnabled() {
        return live(c -> c.request().logEnabled());
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
            return with(b -> b.isolation(iso -> iso.strategy(value.toFirebreak())));
        }

        public Setter withExecutionTimeoutInMilliseconds(int value) {
            return with(b -> b.timeout(to -> to.timeout(Duration.ofMillis(value))));
        }

        /** The old name of {@link #withExecutionTimeoutInMilliseconds}. */
        @Deprecated
        public Setter withExecutionIsolationThreadTimeoutInMilliseconds(int value) {
            return withExecutionTimeoutInMilliseconds(value);
        }

        public Setter withExecutionTimeoutEnabled(boolean value) {
            return with(b -> b.timeout(to -> to.enabled(value)));
        }

        public Setter withExecutionIsolationThreadInterruptOnTimeout(boolean value) {
            return with(b -> b.timeout(to -> to.interruptOnTimeout(value)));
        }

        public Setter withExecutionIsolationThreadInterruptOnFutureCancel(boolean value) {
            return with(b -> b.isolation(iso -> iso.interruptOnCancel(value)));
        }

        public Setter withExecutionIsolationSemaphoreMaxConcurrentRequests(int value) {
            return with(b -> b.isolation(iso -> iso.semaphoreMaxConcurrentRequests(value)));
        }

        public Setter withFallbackIsolationSemaphoreMaxConcurrentRequests(int value) {
            return with(b -> b.fallback(fb -> fb.maxConcurrentRequests(value)));
        }

        public Setter withFallbackEnabled(boolean value) {
            return with(b -> b.fallback(fb -> fb.enabled(value)));
        }

        public Setter withCircuitBreakerEnabled(boolean value) {
            return with(b -> b.breaker(cb -> cb.enabled(value)));
        }

        public Setter withCircuitBreakerRequestVolumeThreshold(int value) {
            return with(b -> b.breaker(cb -> cb.requestVolumeThreshold(value)));
        }

        public Setter withCircuitBreakerSleepWindowInMilliseconds(int value) {
            return with(b -> b.breaker(cb -> cb.sleepWindow(Duration.ofMillis(value))));
        }

        public Setter withCircuitBreakerErrorThresholdPercentage(int value) {
            return with(b -> b.breaker(cb -> cb.errorThresholdPercentage(value)));
        }

        public Setter withCircuitBreakerForceOpen(boolean value) {
            return with(b -> b.breaker(cb -> cb.forceOpen(value)));
        }

        public Setter withCircuitBreakerForceClosed(boolean value) {
            return with(b -> b.breaker(cb -> cb.forceClosed(value)));
        }

        public Setter withMetricsRollingStatisticalWindowInMilliseconds(int value) {
            return with(b -> b.metrics(mt -> mt.rollingStatsWindow(Duration.ofMillis(value))));
        }

        public Setter withMetricsRollingStatisticalWindowBuckets(int value) {
            return with(b -> b.metrics(mt -> mt.rollingStatsBuckets(value)));
        }

        public Setter withMetricsRollingPercentileEnabled(boolean value) {
            return with(b -> b.metrics(mt -> mt.percentilesEnabled(value)));
        }

        public Setter withMetricsRollingPercentileWindowInMilliseconds(int value) {
            return with(b -> b.metrics(mt -> mt.percentileWindow(Duration.ofMillis(value))));
        }

        public Setter withMetricsRollingPercentileWindowBuckets(int value) {
            return with(b -> b.metrics(mt -> mt.percentileBuckets(value)));
        }

        public Setter withMetricsRollingPercentileBucketSize(int value) {
            return with(b -> b.metrics(mt -> mt.percentileBucketSize(value)));
        }

        public Setter withMetricsHealthSnapshotIntervalInMilliseconds(int value) {
            return with(b -> b.metrics(mt -> mt.healthInterval(Duration.ofMillis(value))));
        }

        public Setter withRequestCacheEnabled(boolean value) {
            return with(b -> b.request(rq -> rq.cacheEnabled(value)));
        }

        public Setter withRequestLogEnabled(boolean value) {
            return with(b -> b.request(rq -> rq.logEnabled(value)));
        }
    }
}
