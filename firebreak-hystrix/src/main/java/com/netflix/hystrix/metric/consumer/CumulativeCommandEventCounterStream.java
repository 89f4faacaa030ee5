package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.metric.HystrixCommandCompletionStream;
import com.netflix.hystrix.metric.HystrixCommandCompletion;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How often each {@link HystrixEventType} happened to a command key since the stream started, indexed by ordinal, emitted once per bucket.
 * One stream per key: the first {@code getInstance} of a key fixes its buckets.
 */
public class CumulativeCommandEventCounterStream extends BucketedStream<HystrixCommandCompletion, long[]> {

    private static final ConcurrentHashMap<String, CumulativeCommandEventCounterStream> STREAMS = new ConcurrentHashMap<>();

    private CumulativeCommandEventCounterStream(HystrixCommandKey key, int numBuckets, int bucketSizeInMs) {
        super(HystrixCommandCompletionStream.getInstance(key).observe(), key.name(), numBuckets, bucketSizeInMs,
                CommandEventCounts.CUMULATIVE_COMMAND, counts -> counts);
    }

    /** The stream of {@code key}, with the statistical window and buckets of {@code properties}. */
    public static CumulativeCommandEventCounterStream getInstance(HystrixCommandKey key, HystrixCommandProperties properties) {
        int window = properties.metricsRollingStatisticalWindowInMilliseconds().get();
        int buckets = properties.metricsRollingStatisticalWindowBuckets().get();
        return getInstance(key, buckets, window / buckets);
    }

    /** The stream of {@code key}; made with these buckets unless the key has one. */
    public static CumulativeCommandEventCounterStream getInstance(HystrixCommandKey key, int numBuckets, int bucketSizeInMs) {
        return STREAMS.computeIfAbsent(key.name(), k -> new CumulativeCommandEventCounterStream(key, numBuckets, bucketSizeInMs));
    }

    /** Stops and forgets every stream of this kind. */
    public static void reset() {
        STREAMS.values().forEach(BucketedStream::unsubscribe);
        STREAMS.clear();
    }

    /** The latest count of {@code eventType}. */
    public long getLatest(HystrixEventType eventType) {
        return getLatest()[eventType.ordinal()];
    }
}
