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

/**
 * Publishes commands' and thread pools' figures to a metrics system of your own. Register one with
 * {@code HystrixPlugins.getInstance().registerMetricsPublisher(...)}.
 *
 * <p>The bridge asks it once per command key, when the first command of the key is made, and once per
 * thread-pool key, when the first THREAD-isolated command of the pool is made, and once per collapser
 * key, when the first collapser of the key is made; it then calls
 * {@code initialize()} on what it returned, once. The metrics objects read the Firebreak guard's and
 * pool's live figures, so a publisher polls them as it would Hystrix's. {@code HystrixPlugins.reset()}
 * and {@code Hystrix.reset()} let the next command of a key ask again.
 *
 * <p>Firebreak's own publishers need no plugin: point the stream server or the Micrometer binder at
 * {@code HystrixBridge.registry()}.
 */
public abstract class HystrixMetricsPublisher {

    /** The publisher of one command key; the default does nothing. */
    public HystrixMetricsPublisherCommand getMetricsPublisherForCommand(HystrixCommandKey commandKey, HystrixCommandGroupKey commandGroupKey,
            HystrixCommandMetrics metrics, HystrixCircuitBreaker circuitBreaker, HystrixCommandProperties properties) {
        return new HystrixMetricsPublisherCommandDefault(commandKey, commandGroupKey, metrics, circuitBreaker, properties);
    }

    /** The publisher of one thread-pool key; the default does nothing. */
    public HystrixMetricsPublisherThreadPool getMetricsPublisherForThreadPool(HystrixThreadPoolKey threadPoolKey,
            HystrixThreadPoolMetrics metrics, HystrixThreadPoolProperties properties) {
        return new HystrixMetricsPublisherThreadPoolDefault(threadPoolKey, metrics, properties);
    }

    /** The publisher of one collapser key; the default does nothing. */
    public HystrixMetricsPublisherCollapser getMetricsPublisherForCollapser(HystrixCollapserKey collapserKey,
            HystrixCollapserMetrics metrics, HystrixCollapserProperties properties) {
        return new HystrixMetricsPublisherCollapserDefault(collapserKey, metrics, properties);
    }
}
