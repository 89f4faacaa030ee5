package com.netflix.hystrix.metric.sample;

import com.netflix.hystrix.HystrixCommandMetrics;

/** How busy a command key is at the sample's instant. */
public class HystrixCommandUtilization {

    private final int concurrentCommandCount;

    public HystrixCommandUtilization(int concurrentCommandCount) {
        this.concurrentCommandCount = concurrentCommandCount;
    }

    /** A sample of {@code metrics} now. */
    public static HystrixCommandUtilization sample(HystrixCommandMetrics metrics) {
        return new HystrixCommandUtilization(metrics.getCurrentConcurrentExecutionCount());
    }

    /** How many commands of the key run now. */
    public int getConcurrentCommandCount() {
        return concurrentCommandCount;
    }
}
