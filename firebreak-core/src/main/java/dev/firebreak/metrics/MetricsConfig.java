package dev.firebreak.metrics;

import static dev.firebreak.config.Check.positive;
import static dev.firebreak.config.Check.window;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.PropertyDefinition;
import java.time.Duration;
import java.util.List;

/**
 * The rolling metrics' immutable configuration: window geometry (fixed at creation), the percentile
 * switch and the health interval (live). Its keys and rules live in {@link MetricsProperties}; the
 * guard's configuration holds one ({@code config.metrics()}).
 *
 * @param rollingStatsWindow {@code metrics.rollingStats.timeInMilliseconds}, default 10 s
 * @param rollingStatsBuckets {@code metrics.rollingStats.numBuckets}, default 10
 * @param percentilesEnabled {@code metrics.rollingPercentile.enabled}, default true
 * @param percentileWindow {@code metrics.rollingPercentile.timeInMilliseconds}, default 60 s
 * @param percentileBuckets {@code metrics.rollingPercentile.numBuckets}, default 6
 * @param percentileBucketSize {@code metrics.rollingPercentile.bucketSize}, default 100
 * @param healthInterval {@code metrics.healthSnapshot.intervalInMilliseconds}, default 500 ms
 */
public record MetricsConfig(
        Duration rollingStatsWindow,
        int rollingStatsBuckets,
        boolean percentilesEnabled,
        Duration percentileWindow,
        int percentileBuckets,
        int percentileBucketSize,
        Duration healthInterval) {

    /** Validates every value, naming key, value and rule. */
    public MetricsConfig {
        window(MetricsProperties.ROLLING_STATS_WINDOW.name(), rollingStatsWindow, MetricsProperties.ROLLING_STATS_BUCKETS.name(),
        rollingStatsBuckets);
        window(MetricsProperties.PERCENTILE_WINDOW.name(), percentileWindow, MetricsProperties.PERCENTILE_BUCKETS.name(),
        percentileBuckets);
        positive(MetricsProperties.PERCENTILE_BUCKET_SIZE.name(), percentileBucketSize);
        positive(MetricsProperties.HEALTH_INTERVAL.name(), healthInterval);
    }

    /** This record's property table, one row per component: the only place its keys live. */
    public static List<PropertyDefinition<MetricsConfig, Builder>> properties() {
        return MetricsProperties.ROWS;
    }

    /** The defaults. */
    public static MetricsConfig defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds a {@link MetricsConfig}; each setter records its property as set in code. */
    public static final class Builder extends ConfigBuilder<Builder> {
        Duration rollingStatsWindow = Duration.ofMillis(10_000);
        int rollingStatsBuckets = 10;
        boolean percentilesEnabled = true;
        Duration percentileWindow = Duration.ofMillis(60_000);
        int percentileBuckets = 6;
        int percentileBucketSize = 100;
        Duration healthInterval = Duration.ofMillis(500);

        private Builder() {
        }

        private Builder(MetricsConfig c) {
            rollingStatsWindow = c.rollingStatsWindow;
            rollingStatsBuckets = c.rollingStatsBuckets;
            percentilesEnabled = c.percentilesEnabled;
            percentileWindow = c.percentileWindow;
            percentileBuckets = c.percentileBuckets;
            percentileBucketSize = c.percentileBucketSize;
            healthInterval = c.healthInterval;
        }

        /** {@code metrics.rollingStats.timeInMilliseconds}. */
        public Builder rollingStatsWindow(Duration v) { return set(MetricsProperties.ROLLING_STATS_WINDOW, v); }
        /** {@code metrics.rollingStats.numBuckets}. */
        public Builder rollingStatsBuckets(int v) { return set(MetricsProperties.ROLLING_STATS_BUCKETS, v); }
        /** {@code metrics.rollingPercentile.enabled}. */
        public Builder percentilesEnabled(boolean v) { return set(MetricsProperties.PERCENTILES_ENABLED, v); }
        /** {@code metrics.rollingPercentile.timeInMilliseconds}. */
        public Builder percentileWindow(Duration v) { return set(MetricsProperties.PERCENTILE_WINDOW, v); }
        /** {@code metrics.rollingPercentile.numBuckets}. */
        public Builder percentileBuckets(int v) { return set(MetricsProperties.PERCENTILE_BUCKETS, v); }
        /** {@code metrics.rollingPercentile.bucketSize}. */
        public Builder percentileBucketSize(int v) { return set(MetricsProperties.PERCENTILE_BUCKET_SIZE, v); }
        /** {@code metrics.healthSnapshot.intervalInMilliseconds}. */
        public Builder healthInterval(Duration v) { return set(MetricsProperties.HEALTH_INTERVAL, v); }

        /** Validates and builds. */
        public MetricsConfig build() {
            return new MetricsConfig(rollingStatsWindow, rollingStatsBuckets, percentilesEnabled, percentileWindow, percentileBuckets, percentileBucketSize, healthInterval);
        }
    }
}
