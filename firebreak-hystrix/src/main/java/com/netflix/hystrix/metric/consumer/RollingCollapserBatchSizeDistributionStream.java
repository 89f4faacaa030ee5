package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCollapserProperties;
import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.metric.HystrixCollapserEvent;
import com.netflix.hystrix.metric.HystrixCollapserEventStream;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rolling distribution of a collapser key's batch sizes (requests per batch sent), over the
 * percentile window. One stream per key: the first {@code getInstance} of a key fixes its buckets.
 */
public class RollingCollapserBatchSizeDistributionStream extends RollingDistributionStream<HystrixCollapserEvent> {

    private static final ConcurrentHashMap<String, RollingCollapserBatchSizeDistributionStream> STREAMS = new ConcurrentHashMap<>();

    private RollingCollapserBatchSizeDistributionStream(HystrixCollapserKey key, int numBuckets, int bucketSizeInMs) {
        super(HystrixCollapserEventStream.getInstance(key).observe(), numBuckets, bucketSizeInMs, (histogram, event) -> {
            // A batch's ADDED_TO_BATCH event carries its size: one value per batch.
            if (event.getEventType() == HystrixEventType.Collapser.ADDED_TO_BATCH) {
                histogram.recordValue(event.getCount());
            }
            return histogram;
        });
    }

    /** The stream of {@code key}, with the percentile window and buckets of {@code properties}. */
    public static RollingCollapserBatchSizeDistributionStream getInstance(HystrixCollapserKey key, HystrixCollapserProperties properties) {
        int window = properties.metricsRollingPercentileWindowInMilliseconds().get();
        int buckets = properties.metricsRollingPercentileWindowBuckets().get();
        return getInstance(key, buckets, window / buckets);
    }

    /** The stream of {@code key}; made with these buckets unless the key has one. */
    public static RollingCollapserBatchSizeDistributionStream getInstance(HystrixCollapserKey key, int numBuckets, int bucketSizeInMs) {
        return STREAMS.computeIfAbsent(key.name(), k -> new RollingCollapserBatchSizeDistributionStream(key, numBuckets, bucketSizeInMs));
    }

    /** Stops and forgets every stream of this kind. */
    public static void reset() {
        STREAMS.values().forEach(RollingDistributionStream::unsubscribe);
        STREAMS.clear();
    }
}
