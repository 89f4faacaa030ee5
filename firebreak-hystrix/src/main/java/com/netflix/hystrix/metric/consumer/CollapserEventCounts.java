package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.metric.HystrixCollapserEvent;

/* How the collapser counters count: each event adds its count to its type's slot. */
final class CollapserEventCounts {

    static final int WIDTH = HystrixEventType.Collapser.values().length;

    static final BucketedStream.Counting<HystrixCollapserEvent> ROLLING =
            new BucketedStream.Counting<>(WIDTH, false, Long::sum, CollapserEventCounts::add);
    static final BucketedStream.Counting<HystrixCollapserEvent> CUMULATIVE =
            new BucketedStream.Counting<>(WIDTH, true, Long::sum, CollapserEventCounts::add);

    private CollapserEventCounts() {
    }

    static void add(long[] bucket, HystrixCollapserEvent event) {
        bucket[event.getEventType().ordinal()] += event.getCount();
    }
}
