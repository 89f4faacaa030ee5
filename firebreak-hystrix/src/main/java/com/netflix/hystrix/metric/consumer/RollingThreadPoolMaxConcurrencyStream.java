package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolProperties;
import com.netflix.hystrix.metric.HystrixCommandExecutionStarted;
import com.netflix.hystrix.metric.HystrixThreadPoolStartStream;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The highest concurrency of the THREAD-isolated commands of a thread pool in the last window: as in 1.5.18, each start reports how many commands of its own key run, emitted once per bucket.
 * One stream per key: the first {@code getInstance} of a key fixes its buckets.
 */
public class RollingThreadPoolMaxConcurrencyStream extends BucketedStream<HystrixCommandExecutionStarted, Integer> {

    private static final ConcurrentHashMap<String, RollingThreadPoolMaxConcurrencyStream> STREAMS = new ConcurrentHashMap<>();

    private RollingThreadPoolMaxConcurrencyStream(HystrixThreadPoolKey key, int numBuckets, int bucketSizeInMs) {
        super(HystrixThreadPoolStartStream.getInstance(key).observe(), key.name(), numBuckets, bucketSizeInMs,
                CommandEventCounts.MAX_CONCURRENCY, max -> (int) max[0]);
    }

    /** The stream of {@code key}, with the statistical window and buckets of {@code properties}. */
    public static RollingThreadPoolMaxConcurrencyStream getInstance(HystrixThreadPoolKey key, HystrixThreadPoolProperties properties) {
        int window = properties.metricsRollingStatisticalWindowInMilliseconds().get();
        int buckets = properties.metricsRollingStatisticalWindowBuckets().get();
        return getInstance(key, buckets, window / buckets);
    }

    /** The stream of {@code key}; made with these buckets unless the key has one. */
    public static RollingThreadPoolMaxConcurrencyStream getInstance(HystrixThreadPoolKey key, int numBuckets, int bucketSizeInMs) {
        return STREAMS.computeIfAbsent(key.name(), k -> new RollingThreadPoolMaxConcurrencyStream(key, numBuckets, bucketSizeInMs));
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
