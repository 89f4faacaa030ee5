package com.netflix.hystrix.strategy.metrics;

import com.netflix.hystrix.HystrixCircuitBreaker;
import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCollapserMetrics;
import com.netflix.hystrix.HystrixCollapserProperties;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandMetrics;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolMetrics;
import com.netflix.hystrix.HystrixThreadPoolProperties;
import com.netflix.hystrix.strategy.HystrixPlugins;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One publisher per command key and per thread-pool key, made by the registered
 * {@link HystrixMetricsPublisher} and initialized once, the first time the key is asked for.
 */
public class HystrixMetricsPublisherFactory {

    private static final HystrixMetricsPublisherFactory SHARED = new HystrixMetricsPublisherFactory();

    private final ConcurrentHashMap<String, HystrixMetricsPublisherCommand> commands = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, HystrixMetricsPublisherThreadPool> pools = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, HystrixMetricsPublisherCollapser> collapsers = new ConcurrentHashMap<>();

    HystrixMetricsPublisherFactory() {
    }

    /** The publisher of {@code commandKey}, made and initialized by the first call for the key. */
    public static HystrixMetricsPublisherCommand createOrRetrievePublisherForCommand(HystrixCommandKey commandKey,
            HystrixCommandGroupKey commandOwner, HystrixCommandMetrics metrics, HystrixCircuitBreaker circuitBreaker,
            HystrixCommandProperties properties) {
        return SHARED.getPublisherForCommand(commandKey, commandOwner, metrics, circuitBreaker, properties);
    }

    /** The publisher of {@code threadPoolKey}, made and initialized by the first call for the key. */
    public static HystrixMetricsPublisherThreadPool createOrRetrievePublisherForThreadPool(HystrixThreadPoolKey threadPoolKey,
            HystrixThreadPoolMetrics metrics, HystrixThreadPoolProperties properties) {
        return SHARED.getPublisherForThreadPool(threadPoolKey, metrics, properties);
    }

    /** The publisher of {@code collapserKey}, made and initialized by the first call for the key. */
    public static HystrixMetricsPublisherCollapser createOrRetrievePublisherForCollapser(HystrixCollapserKey collapserKey,
            HystrixCollapserMetrics metrics, HystrixCollapserProperties properties) {
        return SHARED.collapsers.computeIfAbsent(collapserKey.name(), name -> {
            HystrixMetricsPublisherCollapser made = HystrixPlugins.getInstance().getMetricsPublisher()
                    .getMetricsPublisherForCollapser(collapserKey, metrics, properties);
            made.initialize();
            return made;
        });
    }

    /** Forgets every publisher, so the next command of each key asks the registered publisher again. */
    public static void reset() {
        SHARED.commands.clear();
        SHARED.pools.clear();
        SHARED.collapsers.clear();
    }

    // computeIfAbsent: made and initialized once per key, even when threads ask at once
    HystrixMetricsPublisherCommand getPublisherForCommand(HystrixCommandKey commandKey, HystrixCommandGroupKey commandOwner,
            HystrixCommandMetrics metrics, HystrixCircuitBreaker circuitBreaker, HystrixCommandProperties properties) {
        return commands.computeIfAbsent(commandKey.name(), name -> {
            HystrixMetricsPublisherCommand made = HystrixPlugins.getInstance().getMetricsPublisher()
                    .getMetricsPublisherForCommand(commandKey, commandOwner, metrics, circuitBreaker, properties);
            made.initialize();
            return made;
        });
    }

    HystrixMetricsPublisherThreadPool getPublisherForThreadPool(HystrixThreadPoolKey threadPoolKey, HystrixThreadPoolMetrics metrics,
            HystrixThreadPoolProperties properties) {
        return pools.computeIfAbsent(threadPoolKey.name(), name -> {
            HystrixMetricsPublisherThreadPool made = HystrixPlugins.getInstance().getMetricsPublisher()
                    .getMetricsPublisherForThreadPool(threadPoolKey, metrics, properties);
            made.initialize();
            return made;
        });
    }
}
