package dev.firebreak.metrics;

import static dev.firebreak.config.PropertyDefinition.Flags.FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofInt;
import static dev.firebreak.config.PropertyDefinition.ofMillis;

import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.metrics.MetricsConfig.Builder;
import java.util.List;

/** The metrics' property table ({@code metrics.*} under a guard): one row per {@link MetricsConfig} component. */
final class MetricsProperties {

    static final PropertyDefinition<MetricsConfig, Builder> ROLLING_STATS_WINDOW = ofMillis("metrics.rollingStats.timeInMilliseconds", "rollingStatsWindow", FIXED,
            "length of the rolling statistics window", MetricsConfig::rollingStatsWindow, (b, v) -> b.rollingStatsWindow = v);
    static final PropertyDefinition<MetricsConfig, Builder> ROLLING_STATS_BUCKETS = ofInt("metrics.rollingStats.numBuckets", "rollingStatsBuckets", FIXED,
            "buckets of the rolling statistics window (must divide its length)", MetricsConfig::rollingStatsBuckets, (b, v) -> b.rollingStatsBuckets = v);
    static final PropertyDefinition<MetricsConfig, Builder> PERCENTILES_ENABLED = ofBoolean("metrics.rollingPercentile.enabled", "percentilesEnabled", LIVE,
            "track latency percentiles", MetricsConfig::percentilesEnabled, (b, v) -> b.percentilesEnabled = v);
    static final PropertyDefinition<MetricsConfig, Builder> PERCENTILE_WINDOW = ofMillis("metrics.rollingPercentile.timeInMilliseconds", "percentileWindow", FIXED,
            "length of the latency percentile window", MetricsConfig::percentileWindow, (b, v) -> b.percentileWindow = v);
    static final PropertyDefinition<MetricsConfig, Builder> PERCENTILE_BUCKETS = ofInt("metrics.rollingPercentile.numBuckets", "percentileBuckets", FIXED,
            "buckets of the latency percentile window (must divide its length)", MetricsConfig::percentileBuckets, (b, v) -> b.percentileBuckets = v);
    static final PropertyDefinition<MetricsConfig, Builder> PERCENTILE_BUCKET_SIZE = ofInt("metrics.rollingPercentile.bucketSize", "percentileBucketSize", FIXED,
            "Hystrix's cap on samples per percentile bucket; accepted, no effect (Firebreak's histograms count every sample)", MetricsConfig::percentileBucketSize, (b, v) -> b.percentileBucketSize = v);
    static final PropertyDefinition<MetricsConfig, Builder> HEALTH_INTERVAL = ofMillis("metrics.healthSnapshot.intervalInMilliseconds", "healthInterval", LIVE,
            "how often the health figures (error percentage) are published", MetricsConfig::healthInterval, (b, v) -> b.healthInterval = v);

    static final List<PropertyDefinition<MetricsConfig, Builder>> ROWS = List.of(ROLLING_STATS_WINDOW, ROLLING_STATS_BUCKETS, PERCENTILES_ENABLED, PERCENTILE_WINDOW, PERCENTILE_BUCKETS, PERCENTILE_BUCKET_SIZE, HEALTH_INTERVAL);

    private MetricsProperties() {
    }
}
