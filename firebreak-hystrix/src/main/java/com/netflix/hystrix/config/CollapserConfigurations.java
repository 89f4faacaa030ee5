package com.netflix.hystrix.config;

import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCollapserMetrics;
import java.util.HashMap;
import java.util.Map;

/* The collapsers' part of a configuration sample: every collapser key the bridge keeps metrics for. */
final class CollapserConfigurations {

    private CollapserConfigurations() {
    }

    static Map<HystrixCollapserKey, HystrixCollapserConfiguration> sampleNow() {
        Map<HystrixCollapserKey, HystrixCollapserConfiguration> collapsers = new HashMap<>();
        for (HystrixCollapserMetrics metrics : HystrixCollapserMetrics.getInstances()) {
            collapsers.put(metrics.getCollapserKey(), HystrixCollapserConfiguration.sample(metrics.getCollapserKey(), metrics.getProperties()));
        }
        return collapsers;
    }
}
