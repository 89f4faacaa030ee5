package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.HystrixCollapserProperties;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixCommandProperties.ExecutionIsolationStrategy;
import com.netflix.hystrix.HystrixThreadPoolProperties;
import com.netflix.hystrix.contrib.javanica.exception.HystrixPropertyException;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * The property names javanica accepts in {@code commandProperties}, {@code threadPoolProperties} and
 * {@code collapserProperties}, each applied to the bridge's matching {@code Setter} (Hystrix's
 * "instance default from code" layer, so {@code hystrix.*} keys in the environment still win). An
 * unknown name or a value of the wrong type is refused with a {@link HystrixPropertyException} naming
 * where it was declared, the key, the value and the rule.
 */
final class PropertyTables {

    private static final Map<String, BiConsumer<HystrixCommandProperties.Setter, Parsed>> COMMAND = new TreeMap<>();
    private static final Map<String, BiConsumer<HystrixThreadPoolProperties.Setter, Parsed>> POOL = new TreeMap<>();
    private static final Map<String, BiConsumer<HystrixCollapserProperties.Setter, Parsed>> COLLAPSER = new TreeMap<>();

    static {
        COMMAND.put("execution.isolation.strategy", (s, v) -> s.withExecutionIsolationStrategy(v.isolation()));
        COMMAND.put("execution.isolation.thread.timeoutInMilliseconds", (s, v) -> s.withExecutionTimeoutInMilliseconds(v.integer()));
        COMMAND.put("execution.timeout.enabled", (s, v) -> s.withExecutionTimeoutEnabled(v.bool()));
        COMMAND.put("execution.isolation.thread.interruptOnTimeout", (s, v) -> s.withExecutionIsolationThreadInterruptOnTimeout(v.bool()));
        COMMAND.put("execution.isolation.thread.interruptOnFutureCancel", (s, v) -> s.withExecutionIsolationThreadInterruptOnFutureCancel(v.bool()));
        COMMAND.put("execution.isolation.semaphore.maxConcurrentRequests", (s, v) -> s.withExecutionIsolationSemaphoreMaxConcurrentRequests(v.integer()));
        COMMAND.put("fallback.isolation.semaphore.maxConcurrentRequests", (s, v) -> s.withFallbackIsolationSemaphoreMaxConcurrentRequests(v.integer()));
        COMMAND.put("fallback.enabled", (s, v) -> s.withFallbackEnabled(v.bool()));
        COMMAND.put("circuitBreaker.enabled", (s, v) -> s.withCircuitBreakerEnabled(v.bool()));
        COMMAND.put("circuitBreaker.requestVolumeThreshold", (s, v) -> s.withCircuitBreakerRequestVolumeThreshold(v.integer()));
        COMMAND.put("circuitBreaker.sleepWindowInMilliseconds", (s, v) -> s.withCircuitBreakerSleepWindowInMilliseconds(v.integer()));
        COMMAND.put("circuitBreaker.errorThresholdPercentage", (s, v) -> s.withCircuitBreakerErrorThresholdPercentage(v.integer()));
        COMMAND.put("circuitBreaker.forceOpen", (s, v) -> s.withCircuitBreakerForceOpen(v.bool()));
        COMMAND.put("circuitBreaker.forceClosed", (s, v) -> s.withCircuitBreakerForceClosed(v.bool()));
        COMMAND.put("metrics.rollingStats.timeInMilliseconds", (s, v) -> s.withMetricsRollingStatisticalWindowInMilliseconds(v.integer()));
        COMMAND.put("metrics.rollingStats.numBuckets", (s, v) -> s.withMetricsRollingStatisticalWindowBuckets(v.integer()));
        COMMAND.put("metrics.rollingPercentile.enabled", (s, v) -> s.withMetricsRollingPercentileEnabled(v.bool()));
        COMMAND.put("metrics.rollingPercentile.timeInMilliseconds", (s, v) -> s.withMetricsRollingPercentileWindowInMilliseconds(v.integer()));
        COMMAND.put("metrics.rollingPercentile.numBuckets", (s, v) -> s.withMetricsRollingPercentileWindowBuckets(v.integer()));
        COMMAND.put("metrics.rollingPercentile.bucketSize", (s, v) -> s.withMetricsRollingPercentileBucketSize(v.integer()));
        COMMAND.put("metrics.healthSnapshot.intervalInMilliseconds", (s, v) -> s.withMetricsHealthSnapshotIntervalInMilliseconds(v.integer()));
        COMMAND.put("requestCache.enabled", (s, v) -> s.withRequestCacheEnabled(v.bool()));
        COMMAND.put("requestLog.enabled", (s, v) -> s.withRequestLogEnabled(v.bool()));

        POOL.put("coreSize", (s, v) -> s.withCoreSize(v.integer()));
        POOL.put("maximumSize", (s, v) -> s.withMaximumSize(v.integer()));
        POOL.put("allowMaximumSizeToDivergeFromCoreSize", (s, v) -> s.withAllowMaximumSizeToDivergeFromCoreSize(v.bool()));
        POOL.put("maxQueueSize", (s, v) -> s.withMaxQueueSize(v.integer()));
        POOL.put("queueSizeRejectionThreshold", (s, v) -> s.withQueueSizeRejectionThreshold(v.integer()));
        POOL.put("keepAliveTimeMinutes", (s, v) -> s.withKeepAliveTimeMinutes(v.integer()));
        POOL.put("metrics.rollingStats.timeInMilliseconds", (s, v) -> s.withMetricsRollingStatisticalWindowInMilliseconds(v.integer()));
        POOL.put("metrics.rollingStats.numBuckets", (s, v) -> s.withMetricsRollingStatisticalWindowBuckets(v.integer()));

        COLLAPSER.put("maxRequestsInBatch", (s, v) -> s.withMaxRequestsInBatch(v.integer()));
        COLLAPSER.put("timerDelayInMilliseconds", (s, v) -> s.withTimerDelayInMilliseconds(v.integer()));
        COLLAPSER.put("requestCache.enabled", (s, v) -> s.withRequestCacheEnabled(v.bool()));
        COLLAPSER.put("metrics.rollingStats.timeInMilliseconds", (s, v) -> s.withMetricsRollingStatisticalWindowInMilliseconds(v.integer()));
        COLLAPSER.put("metrics.rollingStats.numBuckets", (s, v) -> s.withMetricsRollingStatisticalWindowBuckets(v.integer()));
        COLLAPSER.put("metrics.rollingPercentile.enabled", (s, v) -> s.withMetricsRollingPercentileEnabled(v.bool()));
        COLLAPSER.put("metrics.rollingPercentile.timeInMilliseconds", (s, v) -> s.withMetricsRollingPercentileWindowInMilliseconds(v.integer()));
        COLLAPSER.put("metrics.rollingPercentile.numBuckets", (s, v) -> s.withMetricsRollingPercentileWindowBuckets(v.integer()));
        COLLAPSER.put("metrics.rollingPercentile.bucketSize", (s, v) -> s.withMetricsRollingPercentileBucketSize(v.integer()));
    }

    private PropertyTables() {
    }

    /** Command properties as the bridge's Setter; {@code where} names the declaration in errors. */
    static HystrixCommandProperties.Setter command(Map<String, String> properties, String where) {
        return apply(HystrixCommandProperties.Setter(), COMMAND, properties, where, "commandProperties");
    }

    static HystrixThreadPoolProperties.Setter threadPool(Map<String, String> properties, String where) {
        return apply(HystrixThreadPoolProperties.Setter(), POOL, properties, where, "threadPoolProperties");
    }

    static HystrixCollapserProperties.Setter collapser(Map<String, String> properties, String where) {
        return apply(HystrixCollapserProperties.Setter(), COLLAPSER, properties, where, "collapserProperties");
    }

    private static <S> S apply(S setter, Map<String, BiConsumer<S, Parsed>> table, Map<String, String> properties,
                               String where, String attribute) {
        properties.forEach((name, value) -> {
            BiConsumer<S, Parsed> property = table.get(name);
            if (property == null) {
                throw new HystrixPropertyException(where + ": " + attribute + " has an unknown property '" + name
                        + "' (value '" + value + "'); known properties: " + table.keySet());
            }
            property.accept(setter, new Parsed(where, attribute, name, value));
        });
        return setter;
    }

    /** One declared value, read as the type its property has. */
    private record Parsed(String where, String attribute, String name, String value) {

        int integer() {
            try {
                return Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw refused("must be an integer");
            }
        }

        boolean bool() {
            String v = value.trim();
            if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
                return Boolean.parseBoolean(v);
            }
            throw refused("must be true or false");
        }

        ExecutionIsolationStrategy isolation() {
            try {
                return ExecutionIsolationStrategy.valueOf(value.trim());
            } catch (IllegalArgumentException e) {
                throw refused("must be THREAD or SEMAPHORE");
            }
        }

        private HystrixPropertyException refused(String rule) {
            return new HystrixPropertyException(where + ": " + attribute + " property '" + name + "' has value '"
                    + value + "', which " + rule);
        }
    }
}
