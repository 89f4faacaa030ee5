package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandMetrics.HealthCounts;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.metric.HystrixCommandCompletionStream;
import com.netflix.hystrix.metric.HystrixCommandCompletion;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A command key's {@link HealthCounts} (requests, errors, error percentage) over the last window,
 * emitted once per bucket, counting from its first {@code getInstance}. One stream per key: the first {@code getInstance} of a key fixes its buckets.
 */
public class HealthCountsStream extends BucketedStream<HystrixCommandCompletion, HealthCounts> {

    private static final ConcurrentHashMap<String, HealthCountsStream> STREAMS = new ConcurrentHashMap<>();

    private HealthCountsStream(HystrixCommandKey key, int numBuckets, int bucketSizeInMs) {
        super(HystrixCommandCompletionStream.getInstance(key).observe(), key.name(), numBuckets, bucketSizeInMs,
                CommandEventCounts.ROLLING_COMMAND, counts -> HealthCounts.empty().plus(counts));
    }

    /**
     * The stream of {@code key}: buckets of {@code metrics.healthSnapshot.intervalInMilliseconds}
     * over the statistical window of {@code properties}.
     *
     * @throws IllegalArgumentException if the window is shorter than the snapshot interval
     */
    public static HealthCountsStream getInstance(HystrixCommandKey key, HystrixCommandProperties properties) {
        int window = properties.metricsRollingStatisticalWindowInMilliseconds().get();
        int interval = properties.metricsHealthSnapshotIntervalInMilliseconds().get();
        if (interval <= 0 || window < interval) {
            throw new IllegalArgumentException("HealthCountsStream of " + key.name()
                    + ": metrics.rollingStats.timeInMilliseconds=" + window
                    + " must be at least metrics.healthSnapshot.intervalInMilliseconds=" + interval + ", which must be positive");
        }
        return getInstance(key, window / interval, interval);
    }

    /** The stream of {@code key}; made with these buckets unless the key has one. */
    public static HealthCountsStream getInstance(HystrixCommandKey key, int numBuckets, int bucketSizeInMs) {
        HealthCountsStream stream = STREAMS.computeIfAbsent(key.name(), k -> new HealthCountsStream(key, numBuckets, bucketSizeInMs));
        stream.startCachingStreamValuesIfUnstarted(); // health is always kept: getLatest() is never a fresh run
        return stream;
    }

    /** Stops and forgets every health stream. */
    public static void reset() {
        STREAMS.values().forEach(BucketedStream::unsubscribe);
        STREAMS.clear();
    }

    /** Stops and forgets the stream of {@code key}. */
    public static void removeByKey(HystrixCommandKey key) {
        HealthCountsStream removed = STREAMS.remove(key.name());
        if (removed != null) {
            removed.unsubscribe();
        }
    }
}
