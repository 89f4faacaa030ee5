package com.netflix.hystrix.metric.sample;

import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixThreadPoolKey;
import java.util.Map;

/** One sample: the utilization of every command key and of every thread pool of the bridge. */
public class HystrixUtilization {

    private final Map<HystrixCommandKey, HystrixCommandUtilization> commandUtilizationMap;
    private final Map<HystrixThreadPoolKey, HystrixThreadPoolUtilization> threadPoolUtilizationMap;

    /** A sample of these maps (copied). */
    public HystrixUtilization(Map<HystrixCommandKey, HystrixCommandUtilization> commandUtilizationMap,
            Map<HystrixThreadPoolKey, HystrixThreadPoolUtilization> threadPoolUtilizationMap) {
        this.commandUtilizationMap = Map.copyOf(commandUtilizationMap);
        this.threadPoolUtilizationMap = Map.copyOf(threadPoolUtilizationMap);
    }

    /** Same as the constructor. */
    public static HystrixUtilization from(Map<HystrixCommandKey, HystrixCommandUtilization> commandUtilizationMap,
            Map<HystrixThreadPoolKey, HystrixThreadPoolUtilization> threadPoolUtilizationMap) {
        return new HystrixUtilization(commandUtilizationMap, threadPoolUtilizationMap);
    }

    /** Each command key's utilization (unmodifiable). */
    public Map<HystrixCommandKey, HystrixCommandUtilization> getCommandUtilizationMap() {
        return commandUtilizationMap;
    }

    /** Each thread pool's utilization (unmodifiable). */
    public Map<HystrixThreadPoolKey, HystrixThreadPoolUtilization> getThreadPoolUtilizationMap() {
        return threadPoolUtilizationMap;
    }
}
