package com.netflix.hystrix.config;

import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixThreadPoolKey;
import java.util.Map;

/** One sample: the configuration of every command key, thread pool and collapser of the bridge. */
public class HystrixConfiguration {

    private final Map<HystrixCommandKey, HystrixCommandConfiguration> commandConfig;
    private final Map<HystrixThreadPoolKey, HystrixThreadPoolConfiguration> threadPoolConfig;
    private final Map<HystrixCollapserKey, HystrixCollapserConfiguration> collapserConfig;

    /** A sample of these maps (copied). */
    public HystrixConfiguration(Map<HystrixCommandKey, HystrixCommandConfiguration> commandConfig,
            Map<HystrixThreadPoolKey, HystrixThreadPoolConfiguration> threadPoolConfig,
            Map<HystrixCollapserKey, HystrixCollapserConfiguration> collapserConfig) {
        this.commandConfig = Map.copyOf(commandConfig);
        this.threadPoolConfig = Map.copyOf(threadPoolConfig);
        this.collapserConfig = Map.copyOf(collapserConfig);
    }

    /** Same as the constructor. */
    public static HystrixConfiguration from(Map<HystrixCommandKey, HystrixCommandConfiguration> commandConfig,
            Map<HystrixThreadPoolKey, HystrixThreadPoolConfiguration> threadPoolConfig,
            Map<HystrixCollapserKey, HystrixCollapserConfiguration> collapserConfig) {
        return new HystrixConfiguration(commandConfig, threadPoolConfig, collapserConfig);
    }

    /** Each command key's configuration (unmodifiable). */
    public Map<HystrixCommandKey, HystrixCommandConfiguration> getCommandConfig() {
        return commandConfig;
    }

    /** Each thread pool's configuration (unmodifiable). */
    public Map<HystrixThreadPoolKey, HystrixThreadPoolConfiguration> getThreadPoolConfig() {
        return threadPoolConfig;
    }

    /** Each collapser's configuration (unmodifiable). */
    public Map<HystrixCollapserKey, HystrixCollapserConfiguration> getCollapserConfig() {
        return collapserConfig;
    }
}
