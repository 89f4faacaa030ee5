package dev.firebreak.collapse;

import static dev.firebreak.config.Check.notNegative;
import static dev.firebreak.config.Check.positive;
import static dev.firebreak.config.Check.present;
import static dev.firebreak.config.Check.window;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.ConfigScope;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The immutable configuration of one collapser: Hystrix's collapser properties with Hystrix's
 * defaults plus Firebreak's dispatch strategy, relative to {@code firebreak.collapser.<name>.} (or
 * {@code hystrix.collapser.<name>.}).
 *
 * @param maxRequestsInBatch {@code maxRequestsInBatch}, default Integer.MAX_VALUE; a full batch leaves at once
 * @param timerDelay {@code timerDelayInMilliseconds}, default 10 ms: the TIMER window. Never
 *     silently ignored: set explicitly (in code, or by a dynamic key on a layer stronger than the one
 *     {@code dispatch.strategy} comes from) it selects TIMER, unless {@code dispatch.strategy} is set
 *     explicitly too
 * @param requestCacheEnabled {@code requestCache.enabled}, default true
 * @param dispatchStrategy {@code dispatch.strategy}, TIMER or LOAD_AWARE (Firebreak), default LOAD_AWARE
 *     (provisional, see {@code docs/collapsing.md}; TIMER is Hystrix's behaviour), or TIMER when
 *     {@code timerDelayInMilliseconds} is set explicitly and this is not
 * @param loadAwareMaxBatchesInFlight {@code loadAware.maxBatchesInFlight}: batches in flight at once
 *     under LOAD_AWARE; default 0 = {@value #DEFAULT_BATCHES_IN_FLIGHT}, or the batch guard's concurrency
 *     bound if lower, read live (Firebreak)
 * @param loadAwareLingerInMicroseconds {@code loadAware.lingerInMicroseconds}: the longest a LOAD_AWARE
 *     batch lingers for companions while other batches are in flight, default 20000, never more than
 *     the pacing interval (an idle collapser never lingers; see {@code docs/collapsing.md}) (Firebreak)
 * @param loadAwareLingerGapInMicroseconds {@code loadAware.lingerGapInMicroseconds}: the linger ends
 *     earlier once no request has arrived for this long, default 3000; 0 lingers the whole
 *     {@code loadAware.lingerInMicroseconds} (Firebreak)
 * @param rollingStatsWindow {@code metrics.rollingStats.timeInMilliseconds}, default 10 s
 * @param metricsRollingStatsNumBuckets {@code metrics.rollingStats.numBuckets}, default 10
 * @param metricsRollingPercentileEnabled {@code metrics.rollingPercentile.enabled}, default true
 * @param rollingPercentileWindow {@code metrics.rollingPercentile.timeInMilliseconds}, default 60 s
 * @param metricsRollingPercentileNumBuckets {@code metrics.rollingPercentile.numBuckets}, default 6
 * @param metricsRollingPercentileBucketSize {@code metrics.rollingPercentile.bucketSize}, default 100
 * @param setInCode the property names set explicitly through the builder
 */
public record CollapserConfig(
        int maxRequestsInBatch,
        Duration timerDelay,
        boolean requestCacheEnabled,
        DispatchStrategy dispatchStrategy,
        int loadAwareMaxBatchesInFlight,
        int loadAwareLingerInMicroseconds,
        int loadAwareLingerGapInMicroseconds,
        Duration rollingStatsWindow,
        int metricsRollingStatsNumBuckets,
        boolean metricsRollingPercentileEnabled,
        Duration rollingPercentileWindow,
        int metricsRollingPercentileNumBuckets,
        int metricsRollingPercentileBucketSize,
        Set<String> setInCode) {

    /** Validates every value. */
    public CollapserConfig {
        positive(CollapserProperties.MAX_REQUESTS_IN_BATCH.name(), maxRequestsInBatch);
        notNegative(CollapserProperties.TIMER_DELAY.name(), timerDelay);
        present(CollapserProperties.DISPATCH_STRATEGY.name(), dispatchStrategy);
        notNegative(CollapserProperties.LOAD_AWARE_MAX_BATCHES_IN_FLIGHT.name(), loadAwareMaxBatchesInFlight);
        notNegative(CollapserProperties.LOAD_AWARE_LINGER.name(), loadAwareLingerInMicroseconds);
        notNegative(CollapserProperties.LOAD_AWARE_LINGER_GAP.name(), loadAwareLingerGapInMicroseconds);
        window(CollapserProperties.ROLLING_STATS_WINDOW.name(), rollingStatsWindow,
                CollapserProperties.ROLLING_STATS_BUCKETS.name(), metricsRollingStatsNumBuckets);
        window(CollapserProperties.PERCENTILE_WINDOW.name(), rollingPercentileWindow,
                CollapserProperties.PERCENTILE_BUCKETS.name(), metricsRollingPercentileNumBuckets);
        positive(CollapserProperties.PERCENTILE_BUCKET_SIZE.name(), metricsRollingPercentileBucketSize);
        setInCode = setInCode == null ? Set.of() : Collections.unmodifiableSet(new LinkedHashSet<>(setInCode));
    }

    /**
     * LOAD_AWARE's k when {@code loadAware.maxBatchesInFlight} is 0 (capped by the batch guard's bound):
     * chosen from the lab's measurements, see {@code docs/collapsing.md}.
     */
    public static final int DEFAULT_BATCHES_IN_FLIGHT = 8;

    /**
     * This record's property table ({@code firebreak.collapser.<name>.*}): the only place its Hystrix key names live, with
     * each property's type, rules and live/fixed flag.
     */
    public static ConfigScope<CollapserConfig, Builder> scope() {
        return CollapserProperties.SCOPE;
    }

    /** The defaults. */
    public static CollapserConfig defaults() {
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

    /** Builds a {@link CollapserConfig}; each setter records its property as set in code. */
    public static final class Builder extends ConfigBuilder<Builder> {
        int maxRequestsInBatch = Integer.MAX_VALUE;
        Duration timerDelay = Duration.ofMillis(10);
        boolean requestCacheEnabled = true;
        DispatchStrategy dispatchStrategy = DispatchStrategy.LOAD_AWARE;
        int loadAwareMaxBatchesInFlight = 0;
        int loadAwareLingerInMicroseconds = 20_000; // chosen from the model and the lab: see docs/collapsing.md
        int loadAwareLingerGapInMicroseconds = 3_000;
        Duration rollingStatsWindow = Duration.ofMillis(10_000);
        int metricsRollingStatsNumBuckets = 10;
        boolean metricsRollingPercentileEnabled = true;
        Duration rollingPercentileWindow = Duration.ofMillis(60_000);
        int metricsRollingPercentileNumBuckets = 6;
        int metricsRollingPercentileBucketSize = 100;
        /**
         * True once this builder's dispatch strategy is decided: set through its setter, or copied from
         * a configuration whose timer delay was already set (so its strategy already took the delay into
         * account). While false, a timer delay set in code selects TIMER at build.
         */
        private boolean dispatchDecided;

        private Builder() {
        }

        private Builder(CollapserConfig c) {
            maxRequestsInBatch = c.maxRequestsInBatch;
            timerDelay = c.timerDelay;
            requestCacheEnabled = c.requestCacheEnabled;
            dispatchStrategy = c.dispatchStrategy;
            loadAwareMaxBatchesInFlight = c.loadAwareMaxBatchesInFlight;
            loadAwareLingerInMicroseconds = c.loadAwareLingerInMicroseconds;
            loadAwareLingerGapInMicroseconds = c.loadAwareLingerGapInMicroseconds;
            rollingStatsWindow = c.rollingStatsWindow;
            metricsRollingStatsNumBuckets = c.metricsRollingStatsNumBuckets;
            metricsRollingPercentileEnabled = c.metricsRollingPercentileEnabled;
            rollingPercentileWindow = c.rollingPercentileWindow;
            metricsRollingPercentileNumBuckets = c.metricsRollingPercentileNumBuckets;
            metricsRollingPercentileBucketSize = c.metricsRollingPercentileBucketSize;
            setInCode(c.setInCode);
            dispatchDecided = c.setInCode.contains(CollapserProperties.TIMER_DELAY.name());
        }

        /** {@code maxRequestsInBatch}. */
        public Builder maxRequestsInBatch(int v) { return set(CollapserProperties.MAX_REQUESTS_IN_BATCH, v); }
        /**
         * {@code timerDelayInMilliseconds}. Unless {@link #dispatchStrategy} is set too (before or after),
         * this selects {@link DispatchStrategy#TIMER}: a delay chosen as in Hystrix gets Hystrix's window.
         */
        public Builder timerDelay(Duration v) { return set(CollapserProperties.TIMER_DELAY, v); }
        /** {@code requestCache.enabled}. */
        public Builder requestCacheEnabled(boolean v) { return set(CollapserProperties.REQUEST_CACHE_ENABLED, v); }
        /** {@code dispatch.strategy}. */
        public Builder dispatchStrategy(DispatchStrategy v) {
            return set(CollapserProperties.DISPATCH_STRATEGY, v);
        }

        /** The table's setter of {@code dispatch.strategy}: the strategy is decided, a timer delay no longer picks it. */
        void decideDispatch(DispatchStrategy v) {
            dispatchStrategy = v;
            dispatchDecided = true;
        }
        /** {@code loadAware.maxBatchesInFlight}. */
        public Builder loadAwareMaxBatchesInFlight(int v) { return set(CollapserProperties.LOAD_AWARE_MAX_BATCHES_IN_FLIGHT, v); }
        /** {@code loadAware.lingerInMicroseconds}. */
        public Builder loadAwareLingerInMicroseconds(int v) { return set(CollapserProperties.LOAD_AWARE_LINGER, v); }
        /** {@code loadAware.lingerGapInMicroseconds}. */
        public Builder loadAwareLingerGapInMicroseconds(int v) { return set(CollapserProperties.LOAD_AWARE_LINGER_GAP, v); }
        /** {@code metrics.rollingStats.timeInMilliseconds}. */
        public Builder rollingStatsWindow(Duration v) { return set(CollapserProperties.ROLLING_STATS_WINDOW, v); }
        /** {@code metrics.rollingStats.numBuckets}. */
        public Builder metricsRollingStatsNumBuckets(int v) { return set(CollapserProperties.ROLLING_STATS_BUCKETS, v); }
        /** {@code metrics.rollingPercentile.enabled}. */
        public Builder metricsRollingPercentileEnabled(boolean v) { return set(CollapserProperties.PERCENTILE_ENABLED, v); }
        /** {@code metrics.rollingPercentile.timeInMilliseconds}. */
        public Builder rollingPercentileWindow(Duration v) { return set(CollapserProperties.PERCENTILE_WINDOW, v); }
        /** {@code metrics.rollingPercentile.numBuckets}. */
        public Builder metricsRollingPercentileNumBuckets(int v) { return set(CollapserProperties.PERCENTILE_BUCKETS, v); }
        /** {@code metrics.rollingPercentile.bucketSize}. */
        public Builder metricsRollingPercentileBucketSize(int v) { return set(CollapserProperties.PERCENTILE_BUCKET_SIZE, v); }

        /** Validates and builds. */
        public CollapserConfig build() {
            Set<String> names = setInCodeNames();
            DispatchStrategy dispatch = !dispatchDecided && names.contains(CollapserProperties.TIMER_DELAY.name())
                    && !names.contains(CollapserProperties.DISPATCH_STRATEGY.name()) ? DispatchStrategy.TIMER : dispatchStrategy;
            return new CollapserConfig(maxRequestsInBatch, timerDelay, requestCacheEnabled,
                    dispatch, loadAwareMaxBatchesInFlight, loadAwareLingerInMicroseconds, loadAwareLingerGapInMicroseconds,
                    rollingStatsWindow, metricsRollingStatsNumBuckets,
                    metricsRollingPercentileEnabled, rollingPercentileWindow,
                    metricsRollingPercentileNumBuckets, metricsRollingPercentileBucketSize, names);
        }
    }
}
