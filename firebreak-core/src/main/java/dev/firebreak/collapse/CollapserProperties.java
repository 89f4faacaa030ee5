package dev.firebreak.collapse;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.Flags.FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofInt;
import static dev.firebreak.config.PropertyDefinition.ofMillis;

import dev.firebreak.collapse.CollapserConfig.Builder;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.config.Implication;
import java.util.List;

/** The property table of collapsers ({@code firebreak.collapser.<name>.*}): one row per {@link CollapserConfig} component. */
final class CollapserProperties {

    static final PropertyDefinition<CollapserConfig, Builder> MAX_REQUESTS_IN_BATCH = ofInt("maxRequestsInBatch",
            "maxRequestsInBatch", LIVE, "a batch this full leaves at once", CollapserConfig::maxRequestsInBatch,
            (b, v) -> b.maxRequestsInBatch = v);
    static final PropertyDefinition<CollapserConfig, Builder> TIMER_DELAY = ofMillis("timerDelayInMilliseconds",
            "timerDelay", LIVE, "how long a TIMER batch gathers requests; set explicitly, it selects TIMER unless "
                    + "dispatch.strategy is set as explicitly", CollapserConfig::timerDelay, (b, v) -> b.timerDelay = v);
    static final PropertyDefinition<CollapserConfig, Builder> REQUEST_CACHE_ENABLED = ofBoolean("requestCache.enabled",
            "requestCacheEnabled", LIVE, "serve repeated requests of one request context from the request cache",
            CollapserConfig::requestCacheEnabled, (b, v) -> b.requestCacheEnabled = v);
    static final PropertyDefinition<CollapserConfig, Builder> DISPATCH_STRATEGY = ofEnum("dispatch.strategy",
            "dispatchStrategy", FIREBREAK_LIVE,
            "TIMER (Hystrix's window) or LOAD_AWARE (leave at once when idle, paced batches under load)",
            DispatchStrategy.class, CollapserConfig::dispatchStrategy, Builder::decideDispatch);
    static final PropertyDefinition<CollapserConfig, Builder> LOAD_AWARE_MAX_BATCHES_IN_FLIGHT = ofInt(
            "loadAware.maxBatchesInFlight", "loadAwareMaxBatchesInFlight", FIREBREAK_LIVE,
            "LOAD_AWARE batches in flight at once; 0 = 8, or the batch guard's bound if lower",
            CollapserConfig::loadAwareMaxBatchesInFlight, (b, v) -> b.loadAwareMaxBatchesInFlight = v);
    static final PropertyDefinition<CollapserConfig, Builder> LOAD_AWARE_LINGER = ofInt("loadAware.lingerInMicroseconds",
            "loadAwareLingerInMicroseconds", FIREBREAK_LIVE,
            "the longest a LOAD_AWARE batch lingers for companions while other batches are in flight",
            CollapserConfig::loadAwareLingerInMicroseconds, (b, v) -> b.loadAwareLingerInMicroseconds = v);
    static final PropertyDefinition<CollapserConfig, Builder> LOAD_AWARE_LINGER_GAP = ofInt(
            "loadAware.lingerGapInMicroseconds", "loadAwareLingerGapInMicroseconds", FIREBREAK_LIVE,
            "a LOAD_AWARE linger ends once no request arrived for this long; 0 lingers in full",
            CollapserConfig::loadAwareLingerGapInMicroseconds, (b, v) -> b.loadAwareLingerGapInMicroseconds = v);
    static final PropertyDefinition<CollapserConfig, Builder> ROLLING_STATS_WINDOW = ofMillis(
            "metrics.rollingStats.timeInMilliseconds", "rollingStatsWindow", FIXED,
            "length of the rolling statistics window", CollapserConfig::rollingStatsWindow,
            (b, v) -> b.rollingStatsWindow = v);
    static final PropertyDefinition<CollapserConfig, Builder> ROLLING_STATS_BUCKETS = ofInt(
            "metrics.rollingStats.numBuckets", "metricsRollingStatsNumBuckets", FIXED,
            "buckets of the rolling statistics window (must divide its length)",
            CollapserConfig::metricsRollingStatsNumBuckets, (b, v) -> b.metricsRollingStatsNumBuckets = v);
    static final PropertyDefinition<CollapserConfig, Builder> PERCENTILE_ENABLED = ofBoolean(
            "metrics.rollingPercentile.enabled", "metricsRollingPercentileEnabled", LIVE,
            "track batch size percentiles", CollapserConfig::metricsRollingPercentileEnabled,
            (b, v) -> b.metricsRollingPercentileEnabled = v);
    static final PropertyDefinition<CollapserConfig, Builder> PERCENTILE_WINDOW = ofMillis(
            "metrics.rollingPercentile.timeInMilliseconds", "rollingPercentileWindow", FIXED,
            "length of the percentile window", CollapserConfig::rollingPercentileWindow,
            (b, v) -> b.rollingPercentileWindow = v);
    static final PropertyDefinition<CollapserConfig, Builder> PERCENTILE_BUCKETS = ofInt(
            "metrics.rollingPercentile.numBuckets", "metricsRollingPercentileNumBuckets", FIXED,
            "buckets of the percentile window (must divide its length)",
            CollapserConfig::metricsRollingPercentileNumBuckets, (b, v) -> b.metricsRollingPercentileNumBuckets = v);
    static final PropertyDefinition<CollapserConfig, Builder> PERCENTILE_BUCKET_SIZE = ofInt(
            "metrics.rollingPercentile.bucketSize", "metricsRollingPercentileBucketSize", FIXED,
            "values kept per percentile bucket", CollapserConfig::metricsRollingPercentileBucketSize,
            (b, v) -> b.metricsRollingPercentileBucketSize = v);

    static final ConfigScope<CollapserConfig, Builder> SCOPE = new ConfigScope<>(ConfigScope.FIREBREAK_AND_HYSTRIX, "collapser",
            CollapserConfig.class,
            List.of(MAX_REQUESTS_IN_BATCH, TIMER_DELAY, REQUEST_CACHE_ENABLED, DISPATCH_STRATEGY,
                    LOAD_AWARE_MAX_BATCHES_IN_FLIGHT, LOAD_AWARE_LINGER, LOAD_AWARE_LINGER_GAP, ROLLING_STATS_WINDOW,
                    ROLLING_STATS_BUCKETS, PERCENTILE_ENABLED, PERCENTILE_WINDOW, PERCENTILE_BUCKETS,
                    PERCENTILE_BUCKET_SIZE),
            CollapserConfig::builder, Builder::build, CollapserConfig::setInCode, Builder::setInCode,
            // A Hystrix user who tunes the window expects the window: never ignore it under LOAD_AWARE.
            List.of(new Implication(TIMER_DELAY.name(), DISPATCH_STRATEGY.name(), DispatchStrategy.TIMER)));

    private CollapserProperties() {
    }
}
