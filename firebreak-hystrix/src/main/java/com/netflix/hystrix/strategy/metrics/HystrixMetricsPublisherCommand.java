package com.netflix.hystrix.strategy.metrics;

/** Publishes one command key's figures. */
public interface HystrixMetricsPublisherCommand {

    /** Starts publishing; called once per command key. */
    void initialize();
}
