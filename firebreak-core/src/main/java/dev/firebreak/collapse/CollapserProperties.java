package dev.firebreak.collapse;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.Flags.FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofInt;

import dev.firebreak.collapse.CollapserConfig.Builder;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.Implication;
import java.util.List;

/** The property table of collapsers ({@code firebreak.collapser.<name>.*}): one row per {@link CollapserConfig} component. */
final class CollapserProperties {

    static final ConfigScope<CollapserConfig, Builder> SCOPE = new ConfigScope<>("collapser", CollapserConfig.class,
            List.of(
                    ofInt("maxRequestsInBatch", "maxRequestsInBatch", LIVE, "a batch this full leaves at once",
                            CollapserConfig::maxRequestsInBatch, Builder::maxRequestsInBatch),
                    ofInt("timerDelayInMilliseconds", "timerDelayInMilliseconds", LIVE,
                            "how long a TIMER batch gathers requests; set explicitly, it selects TIMER unless "
                                    + "dispatch.strategy is set as explicitly", CollapserConfig::timerDelayInMilliseconds,
                            Builder::timerDelayInMilliseconds),
                    ofBoolean("requestCache.enabled", "requestCacheEnabled", LIVE,
                            "serve repeated requests of one request context from the request cache",
                            CollapserConfig::requestCacheEnabled, Builder::requestCacheEnabled),
                    ofEnum("dispatch.strategy", "dispatchStrategy", FIREBREAK_LIVE,
                            "TIMER (Hystrix's window) or LOAD_AWARE (leave at once when idle, paced batches under load)",
                            DispatchStrategy.class, CollapserConfig::dispatchStrategy, Builder::dispatchStrategy),
                    ofInt("loadAware.maxBatchesInFlight", "loadAwareMaxBatchesInFlight", FIREBREAK_LIVE,
                            "LOAD_AWARE batches in flight at once; 0 = 8, or the batch guard's bound if lower",
                            CollapserConfig::loadAwareMaxBatchesInFlight, Builder::loadAwareMaxBatchesInFlight),
                    ofInt("loadAware.lingerInMicroseconds", "loadAwareLingerInMicroseconds", FIREBREAK_LIVE,
                            "the longest a LOAD_AWARE batch lingers for companions while other batches are in flight",
                            CollapserConfig::loadAwareLingerInMicroseconds, Builder::loadAwareLingerInMicroseconds),
                    ofInt("loadAware.lingerGapInMicroseconds", "loadAwareLingerGapInMicroseconds", FIREBREAK_LIVE,
                            "a LOAD_AWARE linger ends once no request arrived for this long; 0 lingers in full",
                            CollapserConfig::loadAwareLingerGapInMicroseconds, Builder::loadAwareLingerGapInMicroseconds),
                    ofInt("metrics.rollingStats.timeInMilliseconds", "metricsRollingStatsTimeInMilliseconds", FIXED,
                            "length of the rolling statistics window",
                            CollapserConfig::metricsRollingStatsTimeInMilliseconds,
                            Builder::metricsRollingStatsTimeInMilliseconds),
                    ofInt("metrics.rollingStats.numBuckets", "metricsRollingStatsNumBuckets", FIXED,
                            "buckets of the rolling statistics window (must divide its length)",
                            CollapserConfig::metricsRollingStatsNumBuckets, Builder::metricsRollingStatsNumBuckets),
                    ofBoolean("metrics.rollingPercentile.enabled", "metricsRollingPercentileEnabled", LIVE,
                            "track batch size percentiles", CollapserConfig::metricsRollingPercentileEnabled,
                            Builder::metricsRollingPercentileEnabled),
                    ofInt("metrics.rollingPercentile.timeInMilliseconds", "metricsRollingPercentileTimeInMilliseconds",
                            FIXED, "length of the percentile window",
                            CollapserConfig::metricsRollingPercentileTimeInMilliseconds,
                            Builder::metricsRollingPercentileTimeInMilliseconds),
                    ofInt("metrics.rollingPercentile.numBuckets", "metricsRollingPercentileNumBuckets", FIXED,
                            "buckets of the percentile window (must divide its length)",
                            CollapserConfig::metricsRollingPercentileNumBuckets,
                            Builder::metricsRollingPercentileNumBuckets),
                    ofInt("metrics.rollingPercentile.bucketSize", "metricsRollingPercentileBucketSize", FIXED,
                            "values kept per percentile bucket", CollapserConfig::metricsRollingPercentileBucketSize,
                            Builder::metricsRollingPercentileBucketSize)),
            CollapserConfig::builder, Builder::build, CollapserConfig::setInCode, Builder::setInCode,
            // A Hystrix user who tunes the window expects the window: never ignore it under LOAD_AWARE.
            List.of(new Implication("timerDelayInMilliseconds", "dispatch.strategy", DispatchStrategy.TIMER)));

    private CollapserProperties() {
    }
}
