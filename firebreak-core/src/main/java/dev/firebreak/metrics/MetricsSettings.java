package dev.firebreak.metrics;

import java.time.Duration;

/**
 * The metrics' own configuration, made from the guard's ({@code GuardConfig.metricsSettings()}): the
 * metrics know nothing of the guard's configuration. Window geometry is fixed at creation; the
 * percentile switch and the health interval change live.
 *
 * @param rollingStatsWindow {@code metrics.rollingStats.timeInMilliseconds}
 * @param rollingStatsBuckets {@code metrics.rollingStats.numBuckets}
 * @param percentilesEnabled {@code metrics.rollingPercentile.enabled}
 * @param percentileWindow {@code metrics.rollingPercentile.timeInMilliseconds}
 * @param percentileBuckets {@code metrics.rollingPercentile.numBuckets}
 * @param healthInterval {@code metrics.healthSnapshot.intervalInMilliseconds}
 */
public record MetricsSettings(Duration rollingStatsWindow, int rollingStatsBuckets, boolean percentilesEnabled,
        Duration percentileWindow, int percentileBuckets, Duration healthInterval) {
}
