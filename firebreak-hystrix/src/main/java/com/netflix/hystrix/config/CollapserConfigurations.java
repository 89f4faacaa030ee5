package com.netflix.hystrix.config;

import com.netflix.hystrix.HystrixCollapserKey;
import java.util.Map;

/* The collapsers' part of a configuration sample. */
final class CollapserConfigurations {

    private CollapserConfigurations() {
    }

    static Map<HystrixCollapserKey, HystrixCollapserConfiguration> sampleNow() {
        // The bridge lists its collapsers through HystrixCollapserMetrics, which comes with the
        // collapser metrics; until then a sample has none.
        return Map.of();
    }
}
