package dev.firebreak.stream;

import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.collapse.CollapserMetricsSnapshot;
import java.util.Map;

/**
 * Writes one collapser as a hystrix.stream {@code HystrixCollapser} event: the fields of Hystrix's
 * {@code writeCollapserMetrics}, in its order, integers only, then Firebreak's own figures (the
 * dispatch strategy, shards and batches in flight of LOAD_AWARE dispatch).
 */
final class CollapserEvent {

    private CollapserEvent() {
    }

    static void write(JsonWriter json, Collapser<?, ?> collapser, long currentTimeMillis) {
        CollapserMetricsSnapshot s = collapser.snapshot();
        CollapserConfig c = s.config();
        json.begin()
                .field("type", "HystrixCollapser")
                .field("name", collapser.name())
                .field("currentTime", currentTimeMillis)
                .field("rollingCountRequestsBatched", s.rollingCountRequestsBatched())
                .field("rollingCountBatches", s.rollingCountBatches())
                .field("rollingCountResponsesFromCache", s.rollingCountResponsesFromCache())
                .field("batchSize_mean", s.batchSizeMean())
                .beginObject("batchSize");
        for (Map.Entry<String, Integer> percentile : s.batchSize().entrySet()) {
            json.field(percentile.getKey(), percentile.getValue());
        }
        json.end()
                .field("propertyValue_requestCacheEnabled", c.requestCacheEnabled())
                .field("propertyValue_maxRequestsInBatch", c.maxRequestsInBatch())
                .field("propertyValue_timerDelayInMilliseconds", c.timerDelay().toMillis())
                .field("reportingHosts", 1)
                .field("firebreak_guard", collapser.guard().name())
                .field("firebreak_dispatchStrategy", c.dispatchStrategy().name())
                .field("firebreak_rollingCountShards", s.rollingCountShards())
                .field("firebreak_batchesInFlight", s.batchesInFlight())
                .field("firebreak_propertyValue_loadAwareMaxBatchesInFlight", c.loadAwareMaxBatchesInFlight())
                .field("firebreak_propertyValue_loadAwareLingerInMicroseconds", c.loadAwareLingerInMicroseconds())
                .field("firebreak_propertyValue_metricsRollingStatisticalWindowInMilliseconds",
                        c.rollingStatsWindow().toMillis())
                .end();
    }
}
