package dev.firebreak;

import static dev.firebreak.config.Check.between;
import static dev.firebreak.config.Check.atLeast;
import static dev.firebreak.config.Check.notNegative;
import static dev.firebreak.config.Check.positive;
import static dev.firebreak.config.Check.present;
import static dev.firebreak.config.Check.window;

import dev.firebreak.breaker.BreakerSettings;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.metrics.MetricsSettings;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The immutable configuration of one {@link Guard}: Hystrix's command properties with Hystrix's
 * defaults, plus Firebreak's additions (VIRTUAL isolation, half-open trial calls, the slow-call
 * breaker). Each component's Javadoc gives its property name, relative to
 * {@code firebreak.command.<name>.} (or {@code hystrix.command.<name>.}).
 *
 * <p>Every value is validated when the record is made; a bad one throws
 * {@link dev.firebreak.config.InvalidConfigException} naming the key, the value and the rule.
 *
 * @param isolationStrategy {@code execution.isolation.strategy}, default THREAD
 * @param timeoutEnabled {@code execution.timeout.enabled}, default true
 * @param timeoutInMilliseconds {@code execution.isolation.thread.timeoutInMilliseconds}, default 1000
 * @param interruptOnTimeout {@code execution.isolation.thread.interruptOnTimeout}, default true
 * @param interruptOnCancel {@code execution.isolation.thread.interruptOnCancel}, default false
 * @param semaphoreMaxConcurrentRequests {@code execution.isolation.semaphore.maxConcurrentRequests}, default 10
 * @param virtualMaxConcurrentRequests {@code execution.isolation.virtual.maxConcurrentRequests}, default 100 (Firebreak)
 * @param fallbackEnabled {@code fallback.enabled}, default true
 * @param fallbackMaxConcurrentRequests {@code fallback.isolation.semaphore.maxConcurrentRequests}, default 10
 * @param circuitBreakerEnabled {@code circuitBreaker.enabled}, default true
 * @param circuitBreakerRequestVolumeThreshold {@code circuitBreaker.requestVolumeThreshold}, default 20
 * @param circuitBreakerSleepWindowInMilliseconds {@code circuitBreaker.sleepWindowInMilliseconds}, default 5000
 * @param circuitBreakerErrorThresholdPercentage {@code circuitBreaker.errorThresholdPercentage}, default 50
 * @param circuitBreakerForceOpen {@code circuitBreaker.forceOpen}, default false (wins over forceClosed)
 * @param circuitBreakerForceClosed {@code circuitBreaker.forceClosed}, default false
 * @param circuitBreakerHalfOpenTrialCalls {@code circuitBreaker.halfOpenTrialCalls}, default 1 (Firebreak)
 * @param circuitBreakerSlowCallDurationThresholdInMilliseconds {@code circuitBreaker.slowCallDurationThresholdInMilliseconds},
 *     default 0 = slow-call tracking off (Firebreak)
 * @param circuitBreakerSlowCallThresholdPercentage {@code circuitBreaker.slowCallThresholdPercentage}, default 100 (Firebreak)
 * @param metricsRollingStatsTimeInMilliseconds {@code metrics.rollingStats.timeInMilliseconds}, default 10000
 * @param metricsRollingStatsNumBuckets {@code metrics.rollingStats.numBuckets}, default 10
 * @param metricsRollingPercentileEnabled {@code metrics.rollingPercentile.enabled}, default true
 * @param metricsRollingPercentileTimeInMilliseconds {@code metrics.rollingPercentile.timeInMilliseconds}, default 60000
 * @param metricsRollingPercentileNumBuckets {@code metrics.rollingPercentile.numBuckets}, default 6
 * @param metricsRollingPercentileBucketSize {@code metrics.rollingPercentile.bucketSize}, default 100
 * @param metricsHealthSnapshotIntervalInMilliseconds {@code metrics.healthSnapshot.intervalInMilliseconds}, default 500
 * @param requestCacheEnabled {@code requestCache.enabled}, default true
 * @param requestLogEnabled {@code requestLog.enabled}, default true
 * @param setInCode the property names set explicitly through the builder: the "instance default from
 *     code" layer of Hystrix's precedence, which a dynamic global default must not override
 */
public record GuardConfig(
        IsolationStrategy isolationStrategy,
        boolean timeoutEnabled,
        int timeoutInMilliseconds,
        boolean interruptOnTimeout,
        boolean interruptOnCancel,
        int semaphoreMaxConcurrentRequests,
        int virtualMaxConcurrentRequests,
        boolean fallbackEnabled,
        int fallbackMaxConcurrentRequests,
        boolean circuitBreakerEnabled,
        int circuitBreakerRequestVolumeThreshold,
        int circuitBreakerSleepWindowInMilliseconds,
        int circuitBreakerErrorThresholdPercentage,
        boolean circuitBreakerForceOpen,
        boolean circuitBreakerForceClosed,
        int circuitBreakerHalfOpenTrialCalls,
        int circuitBreakerSlowCallDurationThresholdInMilliseconds,
        int circuitBreakerSlowCallThresholdPercentage,
        int metricsRollingStatsTimeInMilliseconds,
        int metricsRollingStatsNumBuckets,
        boolean metricsRollingPercentileEnabled,
        int metricsRollingPercentileTimeInMilliseconds,
        int metricsRollingPercentileNumBuckets,
        int metricsRollingPercentileBucketSize,
        int metricsHealthSnapshotIntervalInMilliseconds,
        boolean requestCacheEnabled,
        boolean requestLogEnabled,
        Set<String> setInCode) {

    /** Validates every value (see the class Javadoc). */
    public GuardConfig {
        present("execution.isolation.strategy", isolationStrategy);
        positive("execution.isolation.thread.timeoutInMilliseconds", timeoutInMilliseconds);
        notNegative("execution.isolation.semaphore.maxConcurrentRequests", semaphoreMaxConcurrentRequests);
        positive("execution.isolation.virtual.maxConcurrentRequests", virtualMaxConcurrentRequests);
        notNegative("fallback.isolation.semaphore.maxConcurrentRequests", fallbackMaxConcurrentRequests);
        notNegative("circuitBreaker.requestVolumeThreshold", circuitBreakerRequestVolumeThreshold);
        positive("circuitBreaker.sleepWindowInMilliseconds", circuitBreakerSleepWindowInMilliseconds);
        between("circuitBreaker.errorThresholdPercentage", circuitBreakerErrorThresholdPercentage, 0, 100);
        atLeast("circuitBreaker.halfOpenTrialCalls", circuitBreakerHalfOpenTrialCalls, 1);
        notNegative("circuitBreaker.slowCallDurationThresholdInMilliseconds",
                circuitBreakerSlowCallDurationThresholdInMilliseconds);
        between("circuitBreaker.slowCallThresholdPercentage", circuitBreakerSlowCallThresholdPercentage, 1, 100);
        window("metrics.rollingStats.timeInMilliseconds", metricsRollingStatsTimeInMilliseconds,
                "metrics.rollingStats.numBuckets", metricsRollingStatsNumBuckets);
        window("metrics.rollingPercentile.timeInMilliseconds", metricsRollingPercentileTimeInMilliseconds,
                "metrics.rollingPercentile.numBuckets", metricsRollingPercentileNumBuckets);
        positive("metrics.rollingPercentile.bucketSize", metricsRollingPercentileBucketSize);
        positive("metrics.healthSnapshot.intervalInMilliseconds", metricsHealthSnapshotIntervalInMilliseconds);
        setInCode = setInCode == null ? Set.of() : Collections.unmodifiableSet(new LinkedHashSet<>(setInCode));
    }

    /**
     * This record's property table ({@code firebreak.command.<name>.*}): the only place its Hystrix key names live, with
     * each property's type, rules and live/fixed flag.
     */
    public static ConfigScope<GuardConfig, Builder> scope() {
        return CommandProperties.SCOPE;
    }

    /** Hystrix's defaults, with Firebreak's own for its additions. */
    public static GuardConfig defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration (its set-in-code names carried over). */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The timeout in nanoseconds. */
    public long timeoutNanos() {
        return timeoutInMilliseconds * 1_000_000L;
    }

    /** The circuit breaker's live settings, in its own terms. */
    public BreakerSettings breakerSettings() {
        return new BreakerSettings(circuitBreakerEnabled, circuitBreakerForceOpen, circuitBreakerForceClosed,
                circuitBreakerRequestVolumeThreshold, circuitBreakerErrorThresholdPercentage,
                circuitBreakerSleepWindowInMilliseconds * 1_000_000L, circuitBreakerHalfOpenTrialCalls,
                circuitBreakerSlowCallDurationThresholdInMilliseconds * 1_000_000L,
                circuitBreakerSlowCallThresholdPercentage);
    }

    /** The metrics' settings, in their own terms. */
    public MetricsSettings metricsSettings() {
        return new MetricsSettings(Duration.ofMillis(metricsRollingStatsTimeInMilliseconds), metricsRollingStatsNumBuckets,
                metricsRollingPercentileEnabled, Duration.ofMillis(metricsRollingPercentileTimeInMilliseconds),
                metricsRollingPercentileNumBuckets, Duration.ofMillis(metricsHealthSnapshotIntervalInMilliseconds));
    }

    /**
     * Builds a {@link GuardConfig}. Each setter records its property as set in code (the "instance
     * default from code" layer), so a later dynamic global default does not override it.
     */
    public static final class Builder {
        private IsolationStrategy isolationStrategy = IsolationStrategy.THREAD;
        private boolean timeoutEnabled = true;
        private int timeoutInMilliseconds = 1000;
        private boolean interruptOnTimeout = true;
        private boolean interruptOnCancel = false;
        private int semaphoreMaxConcurrentRequests = 10;
        private int virtualMaxConcurrentRequests = 100;
        private boolean fallbackEnabled = true;
        private int fallbackMaxConcurrentRequests = 10;
        private boolean circuitBreakerEnabled = true;
        private int circuitBreakerRequestVolumeThreshold = 20;
        private int circuitBreakerSleepWindowInMilliseconds = 5000;
        private int circuitBreakerErrorThresholdPercentage = 50;
        private boolean circuitBreakerForceOpen = false;
        private boolean circuitBreakerForceClosed = false;
        private int circuitBreakerHalfOpenTrialCalls = 1;
        private int circuitBreakerSlowCallDurationThresholdInMilliseconds = 0;
        private int circuitBreakerSlowCallThresholdPercentage = 100;
        private int metricsRollingStatsTimeInMilliseconds = 10_000;
        private int metricsRollingStatsNumBuckets = 10;
        private boolean metricsRollingPercentileEnabled = true;
        private int metricsRollingPercentileTimeInMilliseconds = 60_000;
        private int metricsRollingPercentileNumBuckets = 6;
        private int metricsRollingPercentileBucketSize = 100;
        private int metricsHealthSnapshotIntervalInMilliseconds = 500;
        private boolean requestCacheEnabled = true;
        private boolean requestLogEnabled = true;
        private final Set<String> setInCode = new LinkedHashSet<>();

        private Builder() {
        }

        private Builder(GuardConfig c) {
            isolationStrategy = c.isolationStrategy;
            timeoutEnabled = c.timeoutEnabled;
            timeoutInMilliseconds = c.timeoutInMilliseconds;
            interruptOnTimeout = c.interruptOnTimeout;
            interruptOnCancel = c.interruptOnCancel;
            semaphoreMaxConcurrentRequests = c.semaphoreMaxConcurrentRequests;
            virtualMaxConcurrentRequests = c.virtualMaxConcurrentRequests;
            fallbackEnabled = c.fallbackEnabled;
            fallbackMaxConcurrentRequests = c.fallbackMaxConcurrentRequests;
            circuitBreakerEnabled = c.circuitBreakerEnabled;
            circuitBreakerRequestVolumeThreshold = c.circuitBreakerRequestVolumeThreshold;
            circuitBreakerSleepWindowInMilliseconds = c.circuitBreakerSleepWindowInMilliseconds;
            circuitBreakerErrorThresholdPercentage = c.circuitBreakerErrorThresholdPercentage;
            circuitBreakerForceOpen = c.circuitBreakerForceOpen;
            circuitBreakerForceClosed = c.circuitBreakerForceClosed;
            circuitBreakerHalfOpenTrialCalls = c.circuitBreakerHalfOpenTrialCalls;
            circuitBreakerSlowCallDurationThresholdInMilliseconds = c.circuitBreakerSlowCallDurationThresholdInMilliseconds;
            circuitBreakerSlowCallThresholdPercentage = c.circuitBreakerSlowCallThresholdPercentage;
            metricsRollingStatsTimeInMilliseconds = c.metricsRollingStatsTimeInMilliseconds;
            metricsRollingStatsNumBuckets = c.metricsRollingStatsNumBuckets;
            metricsRollingPercentileEnabled = c.metricsRollingPercentileEnabled;
            metricsRollingPercentileTimeInMilliseconds = c.metricsRollingPercentileTimeInMilliseconds;
            metricsRollingPercentileNumBuckets = c.metricsRollingPercentileNumBuckets;
            metricsRollingPercentileBucketSize = c.metricsRollingPercentileBucketSize;
            metricsHealthSnapshotIntervalInMilliseconds = c.metricsHealthSnapshotIntervalInMilliseconds;
            requestCacheEnabled = c.requestCacheEnabled;
            requestLogEnabled = c.requestLogEnabled;
            setInCode.addAll(c.setInCode);
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

        /** {@code execution.isolation.strategy}. */
        public Builder isolationStrategy(IsolationStrategy v) { isolationStrategy = v; return mark("execution.isolation.strategy"); }
        /** {@code execution.timeout.enabled}. */
        public Builder timeoutEnabled(boolean v) { timeoutEnabled = v; return mark("execution.timeout.enabled"); }
        /** {@code execution.isolation.thread.timeoutInMilliseconds}. */
        public Builder timeoutInMilliseconds(int v) { timeoutInMilliseconds = v; return mark("execution.isolation.thread.timeoutInMilliseconds"); }
        /** {@code execution.isolation.thread.interruptOnTimeout}. */
        public Builder interruptOnTimeout(boolean v) { interruptOnTimeout = v; return mark("execution.isolation.thread.interruptOnTimeout"); }
        /** {@code execution.isolation.thread.interruptOnCancel}. */
        public Builder interruptOnCancel(boolean v) { interruptOnCancel = v; return mark("execution.isolation.thread.interruptOnCancel"); }
        /** {@code execution.isolation.semaphore.maxConcurrentRequests}. */
        public Builder semaphoreMaxConcurrentRequests(int v) { semaphoreMaxConcurrentRequests = v; return mark("execution.isolation.semaphore.maxConcurrentRequests"); }
        /** {@code execution.isolation.virtual.maxConcurrentRequests}. */
        public Builder virtualMaxConcurrentRequests(int v) { virtualMaxConcurrentRequests = v; return mark("execution.isolation.virtual.maxConcurrentRequests"); }
        /** {@code fallback.enabled}. */
        public Builder fallbackEnabled(boolean v) { fallbackEnabled = v; return mark("fallback.enabled"); }
        /** {@code fallback.isolation.semaphore.maxConcurrentRequests}. */
        public Builder fallbackMaxConcurrentRequests(int v) { fallbackMaxConcurrentRequests = v; return mark("fallback.isolation.semaphore.maxConcurrentRequests"); }
        /** {@code circuitBreaker.enabled}. */
        public Builder circuitBreakerEnabled(boolean v) { circuitBreakerEnabled = v; return mark("circuitBreaker.enabled"); }
        /** {@code circuitBreaker.requestVolumeThreshold}. */
        public Builder circuitBreakerRequestVolumeThreshold(int v) { circuitBreakerRequestVolumeThreshold = v; return mark("circuitBreaker.requestVolumeThreshold"); }
        /** {@code circuitBreaker.sleepWindowInMilliseconds}. */
        public Builder circuitBreakerSleepWindowInMilliseconds(int v) { circuitBreakerSleepWindowInMilliseconds = v; return mark("circuitBreaker.sleepWindowInMilliseconds"); }
        /** {@code circuitBreaker.errorThresholdPercentage}. */
        public Builder circuitBreakerErrorThresholdPercentage(int v) { circuitBreakerErrorThresholdPercentage = v; return mark("circuitBreaker.errorThresholdPercentage"); }
        /** {@code circuitBreaker.forceOpen}. */
        public Builder circuitBreakerForceOpen(boolean v) { circuitBreakerForceOpen = v; return mark("circuitBreaker.forceOpen"); }
        /** {@code circuitBreaker.forceClosed}. */
        public Builder circuitBreakerForceClosed(boolean v) { circuitBreakerForceClosed = v; return mark("circuitBreaker.forceClosed"); }
        /** {@code circuitBreaker.halfOpenTrialCalls}. */
        public Builder circuitBreakerHalfOpenTrialCalls(int v) { circuitBreakerHalfOpenTrialCalls = v; return mark("circuitBreaker.halfOpenTrialCalls"); }
        /** {@code circuitBreaker.slowCallDurationThresholdInMilliseconds}. */
        public Builder circuitBreakerSlowCallDurationThresholdInMilliseconds(int v) { circuitBreakerSlowCallDurationThresholdInMilliseconds = v; return mark("circuitBreaker.slowCallDurationThresholdInMilliseconds"); }
        /** {@code circuitBreaker.slowCallThresholdPercentage}. */
        public Builder circuitBreakerSlowCallThresholdPercentage(int v) { circuitBreakerSlowCallThresholdPercentage = v; return mark("circuitBreaker.slowCallThresholdPercentage"); }
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
        /** {@code metrics.healthSnapshot.intervalInMilliseconds}. */
        public Builder metricsHealthSnapshotIntervalInMilliseconds(int v) { metricsHealthSnapshotIntervalInMilliseconds = v; return mark("metrics.healthSnapshot.intervalInMilliseconds"); }
        /** {@code requestCache.enabled}. */
        public Builder requestCacheEnabled(boolean v) { requestCacheEnabled = v; return mark("requestCache.enabled"); }
        /** {@code requestLog.enabled}. */
        public Builder requestLogEnabled(boolean v) { requestLogEnabled = v; return mark("requestLog.enabled"); }

        /** Validates and builds; throws {@link dev.firebreak.config.InvalidConfigException} on a bad value. */
        public GuardConfig build() {
            return new GuardConfig(isolationStrategy, timeoutEnabled, timeoutInMilliseconds, interruptOnTimeout,
                    interruptOnCancel, semaphoreMaxConcurrentRequests, virtualMaxConcurrentRequests, fallbackEnabled,
                    fallbackMaxConcurrentRequests, circuitBreakerEnabled, circuitBreakerRequestVolumeThreshold,
                    circuitBreakerSleepWindowInMilliseconds, circuitBreakerErrorThresholdPercentage,
                    circuitBreakerForceOpen, circuitBreakerForceClosed, circuitBreakerHalfOpenTrialCalls,
                    circuitBreakerSlowCallDurationThresholdInMilliseconds, circuitBreakerSlowCallThresholdPercentage,
                    metricsRollingStatsTimeInMilliseconds, metricsRollingStatsNumBuckets,
                    metricsRollingPercentileEnabled, metricsRollingPercentileTimeInMilliseconds,
                    metricsRollingPercentileNumBuckets, metricsRollingPercentileBucketSize,
                    metricsHealthSnapshotIntervalInMilliseconds, requestCacheEnabled, requestLogEnabled, setInCode);
        }
    }
}
