package com.netflix.hystrix.strategy.metrics;

/** The publisher in force when none is registered: publishes nothing, and the bridge does not call it. */
public class HystrixMetricsPublisherDefault extends HystrixMetricsPublisher {

    private static final HystrixMetricsPublisherDefault INSTANCE = new HystrixMetricsPublisherDefault();

    private HystrixMetricsPublisherDefault() {
    }

    /** The shared instance. */
    public static HystrixMetricsPublisher getInstance() {
        return INSTANCE;
    }
}
