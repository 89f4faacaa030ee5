package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.metric.HystrixCommandExecutionStarted;
import com.netflix.hystrix.metric.HystrixCommandStartStream;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The most commands of a key that ran at once in the last window (as each run started), emitted once per bucket; commands that did not run (cache hits, short-circuits, rejections) do not count.
 * One stream per key: the first {@code getInstance} of a key fixes its buckets.
 */
public class RollingCommandMaxConcurrencyStream extends BucketedStream<HystrixCommandExecutionStarted, Integer> {

    private static final ConcurrentHashMap<String, RollingCommandMaxConcurrencyStream> STREAMS = new ConcurrentHashMap<>();

    private RollingCommandMaxConcurrencyStream(HystrixCommandKey key, int numBuckets, int bucketSizeInMs) {
        super(HystrixCommandStartStream.getInstance(key).observe(), key.name(), numBuckets, bucketSizeInMs,
                CommandEventCounts.MAX_CONCURRENCY, max -> (int) max[0]);
    }

    /** The stream of {@code key}, with the statistical window and buckets of {@code properties}. */
    public static RollingCommandMaxConcurrencyStream getInstance(HystrixCommandKey key, HystrixCommandProperties properties) {
        int window = properties.metricsRollingStatisticalWindowInMilliseconds().get();
        int buckets = properties.metricsRollingStatisticalWindowBuckets().get();
        return getInstance(key, buckets, window / buckets);
    }

    /** The stream of {@code key}; made with these buckets unless the key has one. */
    public static RollingCommandMaxConcurrencyStream getInstance(HystrixCommandKey key, int numBuckets, int bucketSizeInMs) {
        return STREAMS.computeIfAbsent(key.name(), k -> new RollingCommandMaxConcurrencyStream(key, numBuckets, bucketSizeInMs));
    }

    /** Stops and forgets every stream of this kind. */
    public static void reset() {
        STREAMS.values().forEach(BucketedStream::unsubscribe);
        STREAMS.clear();
    }

    /** The highest concurrency in the latest window. */
    public long getLatestRollingMax() {
        return getLatest();
    }
}
