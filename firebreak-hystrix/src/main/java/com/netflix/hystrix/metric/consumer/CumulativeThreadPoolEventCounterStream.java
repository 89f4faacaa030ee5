package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolProperties;
import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.metric.HystrixThreadPoolCompletionStream;
import com.netflix.hystrix.metric.HystrixCommandCompletion;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many commands a thread pool ran and rejected since the stream started ({@link HystrixEventType.ThreadPool}, by ordinal), emitted once per bucket.
 * One stream per key: the first {@code getInstance} of a key fixes its buckets.
 */
public class CumulativeThreadPoolEventCounterStream extends BucketedStream<HystrixCommandCompletion, long[]> {

    private static final ConcurrentHashMap<String, CumulativeThreadPoolEventCounterStream> STREAMS = new ConcurrentHashMap<>();

    private CumulativeThreadPoolEventCounterStream(HystrixThreadPoolKey key, int numBuckets, int bucketSizeInMs) {
        super(HystrixThreadPoolCompletionStream.getInstance(key).observe(), key.name(), numBuckets, bucketSizeInMs,
                CommandEventCounts.CUMULATIVE_POOL, counts -> counts);
    }

    /** The stream of {@code key}, with the statistical window and buckets of {@code properties}. */
    public static CumulativeThreadPoolEventCounterStream getInstance(HystrixThreadPoolKey key, HystrixThreadPoolProperties properties) {
        int window = properties.metricsRollingStatisticalWindowInMilliseconds().get();
        int buckets = properties.metricsRollingStatisticalWindowBuckets().get();
        return getInstance(key, buckets, window / buckets);
    }

    /** The stream of {@code key}; made with these buckets unless the key has one. */
    public static CumulativeThreadPoolEventCounterStream getInstance(HystrixThreadPoolKey key, int numBuckets, int bucketSizeInMs) {
        return STREAMS.computeIfAbsent(key.name(), k -> new CumulativeThreadPoolEventCounterStream(key, numBuckets, bucketSizeInMs));
    }

    /** Stops and forgets every stream of this kind. */
    public static void reset() {
        STREAMS.values().forEach(BucketedStream::unsubscribe);
        STREAMS.clear();
    }

    /** The latest count of {@code eventType}. */
    public long getLatestCount(HystrixEventType.ThreadPool eventType) {
        return getLatest()[eventType.ordinal()];
    }
}
