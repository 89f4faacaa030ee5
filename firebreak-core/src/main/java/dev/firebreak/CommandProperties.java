package dev.firebreak;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.Flags.FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofInt;

import dev.firebreak.GuardConfig.Builder;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.isolation.IsolationStrategy;
import java.util.List;

/** The property table of guards ({@code firebreak.command.<name>.*}): one row per {@link GuardConfig} component. */
final class CommandProperties {

    static final ConfigScope<GuardConfig, Builder> SCOPE = new ConfigScope<>("command", GuardConfig.class, List.of(
            ofEnum("execution.isolation.strategy", "isolationStrategy", FIXED,
                    "THREAD (a pool), SEMAPHORE (the caller's thread) or VIRTUAL (a virtual thread per call)",
                    IsolationStrategy.class, GuardConfig::isolationStrategy, Builder::isolationStrategy),
            ofBoolean("execution.timeout.enabled", "timeoutEnabled", LIVE,
                    "whether calls have a deadline", GuardConfig::timeoutEnabled, Builder::timeoutEnabled),
            ofInt("execution.isolation.thread.timeoutInMilliseconds", "timeoutInMilliseconds", LIVE,
                    "the deadline of a call", GuardConfig::timeoutInMilliseconds, Builder::timeoutInMilliseconds),
            ofBoolean("execution.isolation.thread.interruptOnTimeout", "interruptOnTimeout", LIVE,
                    "interrupt a call that passed its deadline", GuardConfig::interruptOnTimeout,
                    Builder::interruptOnTimeout),
            ofBoolean("execution.isolation.thread.interruptOnCancel", "interruptOnCancel", LIVE,
                    "interrupt a call its caller cancelled", GuardConfig::interruptOnCancel,
                    Builder::interruptOnCancel),
            ofInt("execution.isolation.semaphore.maxConcurrentRequests", "semaphoreMaxConcurrentRequests", LIVE,
                    "calls at once under SEMAPHORE isolation", GuardConfig::semaphoreMaxConcurrentRequests,
                    Builder::semaphoreMaxConcurrentRequests),
            ofInt("execution.isolation.virtual.maxConcurrentRequests", "virtualMaxConcurrentRequests", FIREBREAK_LIVE,
                    "calls at once under VIRTUAL isolation", GuardConfig::virtualMaxConcurrentRequests,
                    Builder::virtualMaxConcurrentRequests),
            ofBoolean("fallback.enabled", "fallbackEnabled", LIVE,
                    "run the fallback on failure or rejection", GuardConfig::fallbackEnabled, Builder::fallbackEnabled),
            ofInt("fallback.isolation.semaphore.maxConcurrentRequests", "fallbackMaxConcurrentRequests", LIVE,
                    "fallbacks running at once", GuardConfig::fallbackMaxConcurrentRequests,
                    Builder::fallbackMaxConcurrentRequests),
            ofBoolean("circuitBreaker.enabled", "circuitBreakerEnabled", LIVE,
                    "whether the breaker may open", GuardConfig::circuitBreakerEnabled, Builder::circuitBreakerEnabled),
            ofInt("circuitBreaker.requestVolumeThreshold", "circuitBreakerRequestVolumeThreshold", LIVE,
                    "calls in the rolling window before the breaker may open",
                    GuardConfig::circuitBreakerRequestVolumeThreshold, Builder::circuitBreakerRequestVolumeThreshold),
            ofInt("circuitBreaker.sleepWindowInMilliseconds", "circuitBreakerSleepWindowInMilliseconds", LIVE,
                    "how long an open breaker waits before a trial call",
                    GuardConfig::circuitBreakerSleepWindowInMilliseconds,
                    Builder::circuitBreakerSleepWindowInMilliseconds),
            ofInt("circuitBreaker.errorThresholdPercentage", "circuitBreakerErrorThresholdPercentage", LIVE,
                    "error percentage (0-100) that opens the breaker",
                    GuardConfig::circuitBreakerErrorThresholdPercentage,
                    Builder::circuitBreakerErrorThresholdPercentage),
            ofBoolean("circuitBreaker.forceOpen", "circuitBreakerForceOpen", LIVE,
                    "refuse every call (wins over forceClosed)", GuardConfig::circuitBreakerForceOpen,
                    Builder::circuitBreakerForceOpen),
            ofBoolean("circuitBreaker.forceClosed", "circuitBreakerForceClosed", LIVE,
                    "let every call through whatever the errors", GuardConfig::circuitBreakerForceClosed,
                    Builder::circuitBreakerForceClosed),
            ofInt("circuitBreaker.halfOpenTrialCalls", "circuitBreakerHalfOpenTrialCalls", FIREBREAK_LIVE,
                    "trial calls a half-open breaker lets through", GuardConfig::circuitBreakerHalfOpenTrialCalls,
                    Builder::circuitBreakerHalfOpenTrialCalls),
            ofInt("circuitBreaker.slowCallDurationThresholdInMilliseconds",
                    "circuitBreakerSlowCallDurationThresholdInMilliseconds", FIREBREAK_LIVE,
                    "a successful call at least this slow counts as slow; 0 turns slow-call tracking off",
                    GuardConfig::circuitBreakerSlowCallDurationThresholdInMilliseconds,
                    Builder::circuitBreakerSlowCallDurationThresholdInMilliseconds),
            ofInt("circuitBreaker.slowCallThresholdPercentage", "circuitBreakerSlowCallThresholdPercentage",
                    FIREBREAK_LIVE, "slow-call percentage (1-100) that opens the breaker",
                    GuardConfig::circuitBreakerSlowCallThresholdPercentage,
                    Builder::circuitBreakerSlowCallThresholdPercentage),
            ofInt("metrics.rollingStats.timeInMilliseconds", "metricsRollingStatsTimeInMilliseconds", FIXED,
                    "length of the rolling statistics window", GuardConfig::metricsRollingStatsTimeInMilliseconds,
                    Builder::metricsRollingStatsTimeInMilliseconds),
            ofInt("metrics.rollingStats.numBuckets", "metricsRollingStatsNumBuckets", FIXED,
                    "buckets of the rolling statistics window (must divide its length)",
                    GuardConfig::metricsRollingStatsNumBuckets, Builder::metricsRollingStatsNumBuckets),
            ofBoolean("metrics.rollingPercentile.enabled", "metricsRollingPercentileEnabled", LIVE,
                    "track latency percentiles", GuardConfig::metricsRollingPercentileEnabled,
                    Builder::metricsRollingPercentileEnabled),
            ofInt("metrics.rollingPercentile.timeInMilliseconds", "metricsRollingPercentileTimeInMilliseconds", FIXED,
                    "length of the latency percentile window",
                    GuardConfig::metricsRollingPercentileTimeInMilliseconds,
                    Builder::metricsRollingPercentileTimeInMilliseconds),
            ofInt("metrics.rollingPercentile.numBuckets", "metricsRollingPercentileNumBuckets", FIXED,
                    "buckets of the latency percentile window (must divide its length)",
                    GuardConfig::metricsRollingPercentileNumBuckets, Builder::metricsRollingPercentileNumBuckets),
            ofInt("metrics.rollingPercentile.bucketSize", "metricsRollingPercentileBucketSize", FIXED,
                    "Hystrix's cap on samples per percentile bucket; accepted, no effect (Firebreak's histograms count every sample)",
                    GuardConfig::metricsRollingPercentileBucketSize,
                    Builder::metricsRollingPercentileBucketSize),
            ofInt("metrics.healthSnapshot.intervalInMilliseconds", "metricsHealthSnapshotIntervalInMilliseconds", LIVE,
                    "how often the health figures (error percentage) are published",
                    GuardConfig::metricsHealthSnapshotIntervalInMilliseconds,
                    Builder::metricsHealthSnapshotIntervalInMilliseconds),
            ofBoolean("requestCache.enabled", "requestCacheEnabled", LIVE,
                    "serve repeated calls of one request context from the request cache",
                    GuardConfig::requestCacheEnabled, Builder::requestCacheEnabled),
            ofBoolean("requestLog.enabled", "requestLogEnabled", LIVE,
                    "record calls in the request log", GuardConfig::requestLogEnabled, Builder::requestLogEnabled)),
            GuardConfig::builder, Builder::build, GuardConfig::setInCode, Builder::setInCode);

    private CommandProperties() {
    }
}
