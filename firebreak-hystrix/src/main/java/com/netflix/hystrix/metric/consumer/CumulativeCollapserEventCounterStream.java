package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCollapserProperties;
import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.metric.HystrixCollapserEvent;
import com.netflix.hystrix.metric.HystrixCollapserEventStream;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many batches a collapser sent, requests it batched and responses it served from the request
 * cache since the stream started ({@link HystrixEventType.Collapser}, by ordinal), emitted once per bucket.
 * One stream per key: the first {@code getInstance} of a key fixes its buckets.
 */
public class CumulativeCollapserEventCounterStream extends BucketedStream<HystrixCollapserEvent, long[]> {

    private static final ConcurrentHashMap<String, CumulativeCollapserEventCounterStream> STREAMS = new ConcurrentHashMap<>();

    private CumulativeCollapserEventCounterStream(HystrixCollapserKey key, int numBuckets, int bucketSizeInMs) {
        super(HystrixCollapserEventStream.getInstance(key).observe(), key.name(), numBuckets, bucketSizeInMs,
                CollapserEventCounts.CUMULATIVE, counts -> counts);
    }

    /** The stream of {@code key}, with the statistical window and buckets of {@code properties}. */
    public static CumulativeCollapserEventCounterStream getInstance(HystrixCollapserKey key, HystrixCollapserProperties properties) {
        int window = properties.metricsRollingStatisticalWindowInMilliseconds().get();
        int buckets = properties.metricsRollingStatisticalWindowBuckets().get();
        return getInstance(key, buckets, window / buckets);
    }

    /** The stream of {@code key}; made with these buckets unless the key has one. */
    public static CumulativeCollapserEventCounterStream getInstance(HystrixCollapserKey key, int numBuckets, int bucketSizeInMs) {
        return STREAMS.computeIfAbsent(key.name(), k -> new CumulativeCollapserEventCounterStream(key, numBuckets, bucketSizeInMs));
    }

    /** Stops and forgets every stream of this kind. */
    public static void reset() {
        STREAMS.values().forEach(BucketedStream::unsubscribe);
        STREAMS.clear();
    }

    /** The latest count of {@code eventType}. */
    public long getLatest(HystrixEventType.Collapser eventType) {
        return getLatest()[eventType.ordinal()];
    }
}
