package dev.firebreak.collapse;

import static dev.firebreak.config.Check.notNegative;
import static dev.firebreak.config.Check.positive;
import static dev.firebreak.config.Check.present;
import static dev.firebreak.config.Check.window;

import dev.firebreak.config.ConfigScope;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The immutable configuration of one collapser: Hystrix's collapser properties with Hystrix's
 * defaults plus Firebreak's dispatch strategy, relative to {@code firebreak.collapser.<name>.} (or
 * {@code hystrix.collapser.<name>.}).
 *
 * @param maxRequestsInBatch {@code maxRequestsInBatch}, default Integer.MAX_VALUE; a full batch leaves at once
 * @param timerDelayInMilliseconds {@code timerDelayInMilliseconds}, default 10: the TIMER window. Never
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
 * @param metricsRollingStatsTimeInMilliseconds {@code metrics.rollingStats.timeInMilliseconds}, default 10000
 * @param metricsRollingStatsNumBuckets {@code metrics.rollingStats.numBuckets}, default 10
 * @param metricsRollingPercentileEnabled {@code metrics.rollingPercentile.enabled}, default true
 * @param metricsRollingPercentileTimeInMilliseconds {@code metrics.rollingPercentile.timeInMilliseconds}, default 60000
 * @param metricsRollingPercentileNumBuckets {@code metrics.rollingPercentile.numBuckets}, default 6
 * @param metricsRollingPercentileBucketSize {@code metrics.rollingPercentile.bucketSize}, default 100
 * @param setInCode the property names set explicitly through the builder
 */
public record CollapserConfig(
        int maxRequestsInBatch,
        int timerDelayInMilliseconds,
        boolean requestCacheEnabled,
        DispatchStrategy dispatchStrategy,
        int loadAwareMaxBatchesInFlight,
        int loadAwareLingerInMicroseconds,
        int loadAwareLingerGapInMicroseconds,
        int metricsRollingStatsTimeInMilliseconds,
        int metricsRollingStatsNumBuckets,
        boolean metricsRollingPercentileEnabled,
        int metricsRollingPercentileTimeInMilliseconds,
        int metricsRollingPercentileNumBuckets,
        int metricsRollingPercentileBucketSize,
        Set<String> setInCode) {

    /** Validates every value. */
    public CollapserConfig {
        positive("maxRequestsInBatch", maxRequestsInBatch);
        notNegative("timerDelayInMilliseconds", timerDelayInMilliseconds);
        present("dispatch.strategy", dispatchStrategy);
        notNegative("loadAware.maxBatchesInFlight", loadAwareMaxBatchesInFlight);
        notNegative("loadAware.lingerInMicroseconds", loadAwareLingerInMicroseconds);
        notNegative("loadAware.lingerGapInMicroseconds", loadAwareLingerGapInMicroseconds);
        window("metrics.rollingStats.timeInMilliseconds", metricsRollingStatsTimeInMilliseconds,
                "metrics.rollingStats.numBuckets", metricsRollingStatsNumBuckets);
        window("metrics.rollingPercentile.timeInMilliseconds", metricsRollingPercentileTimeInMilliseconds,
                "metrics.rollingPercentile.numBuckets", metricsRollingPercentileNumBuckets);
        positive("metrics.rollingPercentile.bucketSize", metricsRollingPercentileBucketSize);
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

    private static final String TIMER_DELAY = "timerDelayInMilliseconds";
    private static final String DISPATCH_STRATEGY = "dispatch.strategy";

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
    public static final class Builder {
        private int maxRequestsInBatch = Integer.MAX_VALUE;
        private int timerDelayInMilliseconds = 10;
        private boolean requestCacheEnabled = true;
        private DispatchStrategy dispatchStrategy = DispatchStrategy.LOAD_AWARE;
        private int loadAwareMaxBatchesInFlight = 0;
        private int loadAwareLingerInMicroseconds = 20_000; // chosen from the model and the lab: see docs/collapsing.md
        private int loadAwareLingerGapInMicroseconds = 3_000;
        private int metricsRollingStatsTimeInMilliseconds = 10_000;
        private int metricsRollingStatsNumBuckets = 10;
        private boolean metricsRollingPercentileEnabled = true;
        private int metricsRollingPercentileTimeInMilliseconds = 60_000;
        private int metricsRollingPercentileNumBuckets = 6;
        private int metricsRollingPercentileBucketSize = 100;
        private final Set<String> setInCode = new LinkedHashSet<>();
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
            timerDelayInMilliseconds = c.timerDelayInMilliseconds;
            requestCacheEnabled = c.requestCacheEnabled;
            dispatchStrategy = c.dispatchStrategy;
            loadAwareMaxBatchesInFlight = c.loadAwareMaxBatchesInFlight;
            loadAwareLingerInMicroseconds = c.loadAwareLingerInMicroseconds;
            loadAwareLingerGapInMicroseconds = c.loadAwareLingerGapInMicroseconds;
            metricsRollingStatsTimeInMilliseconds = c.metricsRollingStatsTimeInMilliseconds;
            metricsRollingStatsNumBuckets = c.metricsRollingStatsNumBuckets;
            metricsRollingPercentileEnabled = c.metricsRollingPercentileEnabled;
            metricsRollingPercentileTimeInMilliseconds = c.metricsRollingPercentileTimeInMilliseconds;
            metricsRollingPercentileNumBuckets = c.metricsRollingPercentileNumBuckets;
            metricsRollingPercentileBucketSize = c.metricsRollingPercentileBucketSize;
            setInCode.addAll(c.setInCode);
            dispatchDecided = c.setInCode.contains(TIMER_DELAY);
        }

        /**
         * Replaces the names recorded as set in code. Dynamic configuration uses it so that a record
         * resolved from several layers still names only what the code set.
         */
        public Builder setInCode(Set<String> names) {
            setInCode.clear();
            setInCode.addAll(names);
            return this;
        }

        private Builder mark(String key) {
            setInCode.add(key);
            return this;
        }

        /** {@code maxRequestsInBatch}. */
        public Builder maxRequestsInBatch(int v) { maxRequestsInBatch = v; return mark("maxRequestsInBatch"); }
        /**
         * {@code timerDelayInMilliseconds}. Unless {@link #dispatchStrategy} is set too (before or after),
         * this selects {@link DispatchStrategy#TIMER}: a delay chosen as in Hystrix gets Hystrix's window.
         */
        public Builder timerDelayInMilliseconds(int v) { timerDelayInMilliseconds = v; return mark(TIMER_DELAY); }
        /** {@code requestCache.enabled}. */
        public Builder requestCacheEnabled(boolean v) { requestCacheEnabled = v; return mark("requestCache.enabled"); }
        /** {@code dispatch.strategy}. */
        public Builder dispatchStrategy(DispatchStrategy v) {
            dispatchStrategy = v;
            dispatchDecided = true;
            return mark(DISPATCH_STRATEGY);
        }
        /** {@code loadAware.maxBatchesInFlight}. */
        public Builder loadAwareMaxBatchesInFlight(int v) { loadAwareMaxBatchesInFlight = v; return mark("loadAware.maxBatchesInFlight"); }
        /** {@code loadAware.lingerInMicroseconds}. */
        public Builder loadAwareLingerInMicroseconds(int v) { loadAwareLingerInMicroseconds = v; return mark("loadAware.lingerInMicroseconds"); }
        /** {@code loadAware.lingerGapInMicroseconds}. */
        public Builder loadAwareLingerGapInMicroseconds(int v) { loadAwareLingerGapInMicroseconds = v; return mark("loadAware.lingerGapInMicroseconds"); }
        /** {@code metrics.rollingStats.timeInMilliseconds}. */
        public Builder metricsRollingStatsTimeInMilliseconds(int v) { metricsRollingStatsTimeInMilliseconds = v; return mark("metrics.rollingStats.timeInMilliseconds"); }
        /** {@code metrics.rollingStats.numBuckets}. */
        public Builder metricsRollingStatsNumBuckets(int v) { metricsRollingStatsNumBuckets = v; return mark("metrics.rollingStats.numBuckets"); }
        /** {@code metrics.rollingPercentile.enabled}. */
        public Builder metricsRollingPercentileEnabled(boolean v) { metricsRollingPercentileEnabled = v; return mark("metrics.rollingPercentile.enabled"); }
        /** {@code metrics.rollingPercentile.timeInMilliseconds}. */
        public Builder metricsRollingPercentileTimeInMilliseconds(int v) { metricsRollingPercentileTimeInMilliseconds = v; return mark("metrics.rollingPercentile.timeInMilliseconds"); }
        /** {@code metrics.rollingPercentile.numBuckets}. */
        public Builder metricsRollingPercentileNumBuckets(int v) { metricsRollingPercentileNumBuckets = v; return mark("metrics.rollingPercentile.numBuckets"); }
        /** {@code metrics.rollingPercentile.bucketSize}. */
        public Builder metricsRollingPercentileBucketSize(int v) { metricsRollingPercentileBucketSize = v; return mark("metrics.rollingPercentile.bucketSize"); }

        /** Validates and builds. */
        public CollapserConfig build() {
            DispatchStrategy dispatch = !dispatchDecided && setInCode.contains(TIMER_DELAY)
                    && !setInCode.contains(DISPATCH_STRATEGY) ? DispatchStrategy.TIMER : dispatchStrategy;
            return new CollapserConfig(maxRequestsInBatch, timerDelayInMilliseconds, requestCacheEnabled,
                    dispatch, loadAwareMaxBatchesInFlight, loadAwareLingerInMicroseconds, loadAwareLingerGapInMicroseconds,
                    metricsRollingStatsTimeInMilliseconds, metricsRollingStatsNumBuckets,
                    metricsRollingPercentileEnabled, metricsRollingPercentileTimeInMilliseconds,
                    metricsRollingPercentileNumBuckets, metricsRollingPercentileBucketSize, setInCode);
        }
    }
}
