package com.netflix.hystrix;

import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesFactory;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesStrategyDefault;
import com.netflix.hystrix.strategy.properties.HystrixProperty;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * What a registered {@code HystrixPropertiesStrategy} contributes to a command's guard or a pool: the
 * Setter's values, plus each value of the strategy's properties that differs from what the Setter alone
 * gives. Only differences are taken, so the global defaults in Archaius ({@code hystrix.command.default.*})
 * keep applying to every value the strategy left alone.
 */
final class StrategyProperties {

    private StrategyProperties() {
    }

    /** One property (named as in Hystrix's property keys): how to read it, and how to set it in a Setter. */
    private record Prop<P, S>(String name, Function<P, HystrixProperty<?>> read, BiConsumer<S, Object> write) {
    }

    private static <T> Prop<HystrixCommandProperties, HystrixCommandProperties.Setter> command(String name,
            Function<HystrixCommandProperties, HystrixProperty<T>> read, BiConsumer<HystrixCommandProperties.Setter, T> write) {
        @SuppressWarnings("unchecked")
        BiConsumer<HystrixCommandProperties.Setter, Object> untyped = (setter, value) -> write.accept(setter, (T) value);
        return new Prop<>(name, read::apply, untyped);
    }

    private static <T> Prop<HystrixThreadPoolProperties, HystrixThreadPoolProperties.Setter> pool(String name,
            Function<HystrixThreadPoolProperties, HystrixProperty<T>> read, BiConsumer<HystrixThreadPoolProperties.Setter, T> write) {
        @SuppressWarnings("unchecked")
        BiConsumer<HystrixThreadPoolProperties.Setter, Object> untyped = (setter, value) -> write.accept(setter, (T) value);
        return new Prop<>(name, read::apply, untyped);
    }

    private static final List<Prop<HystrixCommandProperties, HystrixCommandProperties.Setter>> COMMAND = List.of(
            command("execution.isolation.strategy", HystrixCommandProperties::executionIsolationStrategy,
                    HystrixCommandProperties.Setter::withExecutionIsolationStrategy),
            command("execution.isolation.thread.timeoutInMilliseconds", HystrixCommandProperties::executionTimeoutInMilliseconds,
                    HystrixCommandProperties.Setter::withExecutionTimeoutInMilliseconds),
            command("execution.timeout.enabled", HystrixCommandProperties::executionTimeoutEnabled,
                    HystrixCommandProperties.Setter::withExecutionTimeoutEnabled),
            command("execution.isolation.thread.interruptOnTimeout", HystrixCommandProperties::executionIsolationThreadInterruptOnTimeout,
                    HystrixCommandProperties.Setter::withExecutionIsolationThreadInterruptOnTimeout),
            command("execution.isolation.thread.interruptOnFutureCancel",
                    HystrixCommandProperties::executionIsolationThreadInterruptOnFutureCancel,
                    HystrixCommandProperties.Setter::withExecutionIsolationThreadInterruptOnFutureCancel),
            command("execution.isolation.semaphore.maxConcurrentRequests",
                    HystrixCommandProperties::executionIsolationSemaphoreMaxConcurrentRequests,
                    HystrixCommandProperties.Setter::withExecutionIsolationSemaphoreMaxConcurrentRequests),
            command("fallback.isolation.semaphore.maxConcurrentRequests",
                    HystrixCommandProperties::fallbackIsolationSemaphoreMaxConcurrentRequests,
                    HystrixCommandProperties.Setter::withFallbackIsolationSemaphoreMaxConcurrentRequests),
            command("fallback.enabled", HystrixCommandProperties::fallbackEnabled, HystrixCommandProperties.Setter::withFallbackEnabled),
            command("circuitBreaker.enabled", HystrixCommandProperties::circuitBreakerEnabled,
                    HystrixCommandProperties.Setter::withCircuitBreakerEnabled),
            command("circuitBreaker.requestVolumeThreshold", HystrixCommandProperties::circuitBreakerRequestVolumeThreshold,
                    HystrixCommandProperties.Setter::withCircuitBreakerRequestVolumeThreshold),
            command("circuitBreaker.sleepWindowInMilliseconds", HystrixCommandProperties::circuitBreakerSleepWindowInMilliseconds,
                    HystrixCommandProperties.Setter::withCircuitBreakerSleepWindowInMilliseconds),
            command("circuitBreaker.errorThresholdPercentage", HystrixCommandProperties::circuitBreakerErrorThresholdPercentage,
                    HystrixCommandProperties.Setter::withCircuitBreakerErrorThresholdPercentage),
            command("circuitBreaker.forceOpen", HystrixCommandProperties::circuitBreakerForceOpen,
                    HystrixCommandProperties.Setter::withCircuitBreakerForceOpen),
            command("circuitBreaker.forceClosed", HystrixCommandProperties::circuitBreakerForceClosed,
                    HystrixCommandProperties.Setter::withCircuitBreakerForceClosed),
            command("metrics.rollingStats.timeInMilliseconds", HystrixCommandProperties::metricsRollingStatisticalWindowInMilliseconds,
                    HystrixCommandProperties.Setter::withMetricsRollingStatisticalWindowInMilliseconds),
            command("metrics.rollingStats.numBuckets", HystrixCommandProperties::metricsRollingStatisticalWindowBuckets,
                    HystrixCommandProperties.Setter::withMetricsRollingStatisticalWindowBuckets),
            command("metrics.rollingPercentile.enabled", HystrixCommandProperties::metricsRollingPercentileEnabled,
                    HystrixCommandProperties.Setter::withMetricsRollingPercentileEnabled),
            command("metrics.rollingPercentile.timeInMilliseconds", HystrixCommandProperties::metricsRollingPercentileWindowInMilliseconds,
                    HystrixCommandProperties.Setter::withMetricsRollingPercentileWindowInMilliseconds),
            command("metrics.rollingPercentile.numBuckets", HystrixCommandProperties::metricsRollingPercentileWindowBuckets,
                    HystrixCommandProperties.Setter::withMetricsRollingPercentileWindowBuckets),
            command("metrics.rollingPercentile.bucketSize", HystrixCommandProperties::metricsRollingPercentileBucketSize,
                    HystrixCommandProperties.Setter::withMetricsRollingPercentileBucketSize),
            command("metrics.healthSnapshot.intervalInMilliseconds", HystrixCommandProperties::metricsHealthSnapshotIntervalInMilliseconds,
                    HystrixCommandProperties.Setter::withMetricsHealthSnapshotIntervalInMilliseconds),
            command("requestCache.enabled", HystrixCommandProperties::requestCacheEnabled,
                    HystrixCommandProperties.Setter::withRequestCacheEnabled),
            command("requestLog.enabled", HystrixCommandProperties::requestLogEnabled,
                    HystrixCommandProperties.Setter::withRequestLogEnabled));

    private static final List<Prop<HystrixThreadPoolProperties, HystrixThreadPoolProperties.Setter>> POOL = List.of(
            pool("coreSize", HystrixThreadPoolProperties::coreSize, HystrixThreadPoolProperties.Setter::withCoreSize),
            pool("maximumSize", HystrixThreadPoolProperties::maximumSize, HystrixThreadPoolProperties.Setter::withMaximumSize),
            pool("allowMaximumSizeToDivergeFromCoreSize", HystrixThreadPoolProperties::getAllowMaximumSizeToDivergeFromCoreSize,
                    HystrixThreadPoolProperties.Setter::withAllowMaximumSizeToDivergeFromCoreSize),
            pool("maxQueueSize", HystrixThreadPoolProperties::maxQueueSize, HystrixThreadPoolProperties.Setter::withMaxQueueSize),
            pool("queueSizeRejectionThreshold", HystrixThreadPoolProperties::queueSizeRejectionThreshold,
                    HystrixThreadPoolProperties.Setter::withQueueSizeRejectionThreshold),
            pool("keepAliveTimeMinutes", HystrixThreadPoolProperties::keepAliveTimeMinutes,
                    HystrixThreadPoolProperties.Setter::withKeepAliveTimeMinutes),
            pool("metrics.rollingStats.timeInMilliseconds", HystrixThreadPoolProperties::metricsRollingStatisticalWindowInMilliseconds,
                    HystrixThreadPoolProperties.Setter::withMetricsRollingStatisticalWindowInMilliseconds),
            pool("metrics.rollingStats.numBuckets", HystrixThreadPoolProperties::metricsRollingStatisticalWindowBuckets,
                    HystrixThreadPoolProperties.Setter::withMetricsRollingStatisticalWindowBuckets));

    private static boolean strategyRegistered() {
        return !(HystrixPlugins.getInstance().getPropertiesStrategy() instanceof HystrixPropertiesStrategyDefault);
    }

    /** The command Setter to build {@code key}'s guard with. */
    static HystrixCommandProperties.Setter commandDefaults(HystrixCommandKey key, HystrixCommandProperties.Setter setter) {
        if (!strategyRegistered()) {
            return setter;
        }
        HystrixCommandProperties.Setter given = setter == null ? HystrixCommandProperties.Setter() : setter;
        HystrixCommandProperties fromStrategy = HystrixPropertiesFactory.getCommandProperties(key, given);
        HystrixCommandProperties fromSetter = new HystrixCommandProperties(key, given);
        HystrixCommandProperties.Setter result = HystrixCommandProperties.Setter().with(given::applyTo);
        return fromStrategy == null || differences(COMMAND, fromStrategy, fromSetter, result) == 0 ? setter : result;
    }

    /** The pool Setter to make {@code key}'s pool with; null when no Setter and no strategy says anything. */
    static HystrixThreadPoolProperties.Setter poolDefaults(HystrixThreadPoolKey key, HystrixThreadPoolProperties.Setter setter) {
        if (!strategyRegistered()) {
            return setter;
        }
        HystrixThreadPoolProperties.Setter given = setter == null ? HystrixThreadPoolProperties.Setter() : setter;
        HystrixThreadPoolProperties fromStrategy = HystrixPropertiesFactory.getThreadPoolProperties(key, given);
        HystrixThreadPoolProperties fromSetter = new HystrixThreadPoolProperties(key, given);
        HystrixThreadPoolProperties.Setter result = HystrixThreadPoolProperties.Setter();
        given.copyTo(result);
        // null stays null when the strategy changes nothing: a pool Setter would mark the command THREAD-isolated
        return fromStrategy == null || differences(POOL, fromStrategy, fromSetter, result) == 0 ? setter : result;
    }

    /** Sets in {@code result} each value of {@code fromStrategy} that differs from {@code fromSetter}'s; returns how many. */
    private static <P, S> int differences(List<Prop<P, S>> props, P fromStrategy, P fromSetter, S result) {
        int count = 0;
        for (Prop<P, S> prop : props) {
            HystrixProperty<?> property = prop.read().apply(fromStrategy);
            Object value = property == null ? null : property.get();
            if (value != null && !Objects.equals(value, prop.read().apply(fromSetter).get())) {
                prop.write().accept(result, value);
                count++;
            }
        }
        return count;
    }
}
