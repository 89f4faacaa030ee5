package com.netflix.hystrix.strategy.properties;

import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolProperties;
import com.netflix.hystrix.strategy.HystrixPlugins;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The properties the registered {@link HystrixPropertiesStrategy} makes, kept under the strategy's
 * cache keys (a null cache key keeps nothing, so every call asks the strategy again).
 */
public class HystrixPropertiesFactory {

    private static final ConcurrentHashMap<String, HystrixCommandProperties> COMMANDS = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<String, HystrixThreadPoolProperties> POOLS = new ConcurrentHashMap<>();

    private HystrixPropertiesFactory() {
    }

    /** Forgets every kept properties object. */
    public static void reset() {
        COMMANDS.clear();
        POOLS.clear();
    }

    /** The properties of {@code key}, made by the strategy in force the first time for its cache key. */
    public static HystrixCommandProperties getCommandProperties(HystrixCommandKey key, HystrixCommandProperties.Setter builder) {
        HystrixPropertiesStrategy strategy = HystrixPlugins.getInstance().getPropertiesStrategy();
        HystrixCommandProperties.Setter values = builder == null ? HystrixCommandProperties.Setter() : builder;
        String cacheKey = strategy.getCommandPropertiesCacheKey(key, values);
        if (cacheKey == null) {
            return strategy.getCommandProperties(key, values);
        }
        return COMMANDS.computeIfAbsent(cacheKey, k -> strategy.getCommandProperties(key, values));
    }

    /** The properties of {@code key}, made by the strategy in force the first time for its cache key. */
    public static HystrixThreadPoolProperties getThreadPoolProperties(HystrixThreadPoolKey key, HystrixThreadPoolProperties.Setter builder) {
        HystrixPropertiesStrategy strategy = HystrixPlugins.getInstance().getPropertiesStrategy();
        HystrixThreadPoolProperties.Setter values = builder == null ? HystrixThreadPoolProperties.Setter() : builder;
        String cacheKey = strategy.getThreadPoolPropertiesCacheKey(key, values);
        if (cacheKey == null) {
            return strategy.getThreadPoolProperties(key, values);
        }
        return POOLS.computeIfAbsent(cacheKey, k -> strategy.getThreadPoolProperties(key, values));
    }
}
