package dev.firebreak.collapse;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An immutable view of one collapser's figures, what the hystrix.stream's {@code HystrixCollapser}
 * event reports ({@code rollingCountBatches}, {@code rollingCountRequestsBatched},
 * {@code rollingCountResponsesFromCache}, {@code batchSize_mean}, {@code batchSize}, the
 * {@code propertyValue_*} from {@link #config()}), plus shards and cumulative totals.
 *
 * @param name the collapser's name
 * @param rollingCountBatches batches dispatched in the rolling window (a sharded batch counts once)
 * @param rollingCountRequestsBatched requests dispatched in batches in the rolling window
 * @param rollingCountShards batch calls made in the rolling window (one per shard)
 * @param rollingCountResponsesFromCache requests answered from the request cache in the rolling window
 * @param batchSizeMean the mean batch size over the rolling percentile window, rounded down
 * @param batchSize batch-size percentiles over the rolling percentile window, keyed as the stream
 *     writes them: "25", "50", "75", "90", "95", "99", "99.5", "100"
 * @param cumulativeBatches batches since creation
 * @param cumulativeRequestsBatched requests batched since creation
 * @param cumulativeRequests requests completed since creation, by any outcome
 * @param batchesInFlight batch dispatches whose calls have not all ended yet
 * @param config the configuration in force
 */
public record CollapserMetricsSnapshot(
        String name,
        long rollingCountBatches,
        long rollingCountRequestsBatched,
        long rollingCountShards,
        long rollingCountResponsesFromCache,
        int batchSizeMean,
        Map<String, Integer> batchSize,
        long cumulativeBatches,
        long cumulativeRequestsBatched,
        long cumulativeRequests,
        int batchesInFlight,
        CollapserConfig config) {

    /** Copies the percentile map (keeping its order) so the snapshot stays immutable. */
    public CollapserMetricsSnapshot {
        batchSize = Collections.unmodifiableMap(new LinkedHashMap<>(batchSize));
    }
}
