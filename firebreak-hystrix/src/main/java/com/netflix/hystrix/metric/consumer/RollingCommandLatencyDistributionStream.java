package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.metric.HystrixCommandCompletion;
import com.netflix.hystrix.metric.HystrixCommandCompletionStream;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rolling distribution of a command key's execution times in milliseconds (the run or construct
 * alone; commands that did not run record nothing), over the percentile window. One stream per key:
 * the first {@code getInstance} of a key fixes its buckets.
 */
public class RollingCommandLatencyDistributionStream extends RollingDistributionStream<HystrixCommandCompletion> {

    private static final ConcurrentHashMap<String, RollingCommandLatencyDistributionStream> STREAMS = new ConcurrentHashMap<>();

    private RollingCommandLatencyDistributionStream(HystrixCommandKey key, int numBuckets, int bucketSizeInMs) {
        super(HystrixCommandCompletionStream.getInstance(key).observe(), numBuckets, bucketSizeInMs, (histogram, completion) -> {
            if (completion.getExecutionLatency() > -1) {
                histogram.recordValue(completion.getExecutionLatency());
            }
            return histogram;
        });
    }

    /** The stream of {@code key}, with the percentile window and buckets of {@code properties}. */
    public static RollingCommandLatencyDistributionStream getInstance(HystrixCommandKey key, HystrixCommandProperties properties) {
        int window = properties.metricsRollingPercentileWindowInMilliseconds().get();
        int buckets = properties.metricsRollingPercentileWindowBuckets().get();
        return getInstance(key, buckets, window / buckets);
    }

    /** The stream of {@code key}; made with these buckets unless the key has one. */
    public static RollingCommandLatencyDistributionStream getInstance(HystrixCommandKey key, int numBuckets, int bucketSizeInMs) {
        return STREAMS.computeIfAbsent(key.name(), k -> new RollingCommandLatencyDistributionStream(key, numBuckets, bucketSizeInMs));
    }

    /** Stops and forgets every stream of this kind. */
    public static void reset() {
        STREAMS.values().forEach(RollingDistributionStream::unsubscribe);
        STREAMS.clear();
    }
}
