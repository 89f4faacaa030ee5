package com.netflix.hystrix.strategy.metrics;

/** Publishes one collapser's figures. */
public interface HystrixMetricsPublisherCollapser {

    /** Starts publishing; called once per collapser key. */
    void initialize();
}
