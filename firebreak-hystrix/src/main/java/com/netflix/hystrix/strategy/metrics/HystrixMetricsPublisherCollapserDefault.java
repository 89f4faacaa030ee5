package com.netflix.hystrix.strategy.metrics;

import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCollapserMetrics;
import com.netflix.hystrix.HystrixCollapserProperties;

/** A collapser publisher that publishes nothing. */
public class HystrixMetricsPublisherCollapserDefault implements HystrixMetricsPublisherCollapser {

    /** Takes the collapser's parts and keeps none of them. */
    public HystrixMetricsPublisherCollapserDefault(HystrixCollapserKey collapserKey, HystrixCollapserMetrics metrics,
            HystrixCollapserProperties properties) {
    }

    @Override
    public void initialize() {
    }
}
