package com.netflix.hystrix;

import com.netflix.hystrix.metric.HystrixCollapserEvent;
import com.netflix.hystrix.metric.HystrixCollapserEventStream;
import com.netflix.hystrix.metric.consumer.CumulativeCollapserEventCounterStream;
import com.netflix.hystrix.metric.consumer.RollingCollapserBatchSizeDistributionStream;
import com.netflix.hystrix.metric.consumer.RollingCollapserEventCounterStream;
import com.netflix.hystrix.util.HystrixRollingNumberEvent;
import java.util.Collection;
import java.util.Collections;
import java.util.concurrent.ConcurrentHashMap;
import rx.functions.Func2;

/**
 * A collapser key's figures: batches sent, requests batched and responses from the request cache
 * (rolling and cumulative, {@link HystrixEventType.Collapser}), and the batch-size distribution. One
 * instance per key, made by the key's first collapser instance (or {@link #getInstance}); the figures
 * come from the key's {@link HystrixCollapserEventStream}, which the bridge feeds from what the key's
 * Firebreak collapser does: each batch it dispatches, and each request it answers from the request
 * cache.
 */
public class HystrixCollapserMetrics {

    // Keyed by HystrixCollapserKey.name(): a user's key type need not implement equals/hashCode.
    private static final ConcurrentHashMap<String, HystrixCollapserMetrics> METRICS = new ConcurrentHashMap<>();
    private static final HystrixEventType.Collapser[] TYPES = HystrixEventType.Collapser.values();

    /** Adds an event's count to its type's slot of a bucket (by {@link HystrixEventType.Collapser} ordinal). */
    public static final Func2<long[], HystrixCollapserEvent, long[]> appendEventToBucket = (bucket, event) -> {
        bucket[event.getEventType().ordinal()] += event.getCount();
        return bucket;
    };

    /** Adds a bucket's counts to the running totals. */
    public static final Func2<long[], long[], long[]> bucketAggregator = (totals, bucket) -> {
        for (HystrixEventType.Collapser type : TYPES) {
            totals[type.ordinal()] += bucket[type.ordinal()];
        }
        return totals;
    };

    private final HystrixCollapserKey collapserKey;
    private final HystrixCollapserProperties properties;
    private final RollingCollapserEventCounterStream rolling;
    private final CumulativeCollapserEventCounterStream cumulative;
    private final RollingCollapserBatchSizeDistributionStream batchSizes;

    HystrixCollapserMetrics(HystrixCollapserKey key, HystrixCollapserProperties properties) {
        this.collapserKey = key;
        this.properties = properties;
        this.rolling = RollingCollapserEventCounterStream.getInstance(key, properties);
        this.cumulative = CumulativeCollapserEventCounterStream.getInstance(key, properties);
        this.batchSizes = RollingCollapserBatchSizeDistributionStream.getInstance(key, properties);
    }

    /**
     * The metrics of {@code key}, made with {@code properties} (their windows fix the streams' buckets)
     * unless the key has them already.
     */
    public static HystrixCollapserMetrics getInstance(HystrixCollapserKey key, HystrixCollapserProperties properties) {
        HystrixCollapserMetrics found = METRICS.get(key.name());
        return found != null ? found : METRICS.computeIfAbsent(key.name(), k -> new HystrixCollapserMetrics(key, properties));
    }

    /** The metrics of every collapser key made since the last {@link #reset()}. */
    public static Collection<HystrixCollapserMetrics> getInstances() {
        return Collections.unmodifiableCollection(METRICS.values());
    }

    /** Forgets every instance; a key's next collapser (or {@code getInstance}) makes a new one. */
    public static void reset() {
        METRICS.clear();
    }

    public HystrixCollapserKey getCollapserKey() {
        return collapserKey;
    }

    public HystrixCollapserProperties getProperties() {
        return properties;
    }

    /** The count of {@code eventType} over the rolling statistical window. */
    public long getRollingCount(HystrixEventType.Collapser eventType) {
        return rolling.getLatest(eventType);
    }

    /** The count of {@code eventType} since the key's stream started. */
    public long getCumulativeCount(HystrixEventType.Collapser eventType) {
        return cumulative.getLatest(eventType);
    }

    /**
     * As {@link #getRollingCount(HystrixEventType.Collapser)} for the collapser's rolling-number events.
     *
     * @throws IllegalArgumentException for an event that is not a collapser's
     */
    public long getRollingCount(HystrixRollingNumberEvent event) {
        return getRollingCount(HystrixEventType.Collapser.from(event));
    }

    /**
     * As {@link #getCumulativeCount(HystrixEventType.Collapser)} for the collapser's rolling-number events.
     *
     * @throws IllegalArgumentException for an event that is not a collapser's
     */
    public long getCumulativeCount(HystrixRollingNumberEvent event) {
        return getCumulativeCount(HystrixEventType.Collapser.from(event));
    }

    /** The batch size (requests) at {@code percentile} over the rolling percentile window. */
    public int getBatchSizePercentile(double percentile) {
        return batchSizes.getLatestPercentile(percentile);
    }

    /** The mean batch size over the rolling percentile window. */
    public int getBatchSizeMean() {
        return batchSizes.getLatestMean();
    }

    /** Always 0, as in Hystrix 1.5.18, which stopped recording shard sizes. */
    public int getShardSizePercentile(double percentile) {
        return 0;
    }

    /** Always 0, as in Hystrix 1.5.18, which stopped recording shard sizes. */
    public int getShardSizeMean() {
        return 0;
    }

    /** Does nothing, as in 1.5.18: a batch's requests are counted by {@link #markBatch(int)}. */
    public void markRequestBatched() {
    }

    /** Records a request answered from the request cache. */
    public void markResponseFromCache() {
        responsesFromCache(collapserKey, 1);
    }

    /* What the bridge writes when the key's Firebreak collapser answers requests from the request cache. */
    static void responsesFromCache(HystrixCollapserKey key, int count) {
        HystrixCollapserEventStream.getInstance(key)
                .write(HystrixCollapserEvent.from(key, HystrixEventType.Collapser.RESPONSE_FROM_CACHE, count));
    }

    /** Records a batch of {@code batchSize} requests sent. */
    public void markBatch(int batchSize) {
        batchSent(collapserKey, batchSize);
    }

    /* What the bridge writes for each batch the key's Firebreak collapser dispatches. */
    static void batchSent(HystrixCollapserKey key, int batchSize) {
        HystrixCollapserEventStream stream = HystrixCollapserEventStream.getInstance(key);
        stream.write(HystrixCollapserEvent.from(key, HystrixEventType.Collapser.BATCH_EXECUTED, 1));
        stream.write(HystrixCollapserEvent.from(key, HystrixEventType.Collapser.ADDED_TO_BATCH, batchSize));
    }

    /** Does nothing, as in 1.5.18. */
    public void markShards(int numShards) {
    }
}
