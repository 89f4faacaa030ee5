package com.netflix.hystrix.strategy.metrics;

/** Publishes one thread pool's figures. */
public interface HystrixMetricsPublisherThreadPool {

    /** Starts publishing; called once per thread-pool key. */
    void initialize();
}
