package dev.firebreak.breaker;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.Flags.LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofInt;
import static dev.firebreak.config.PropertyDefinition.ofMillis;

import dev.firebreak.breaker.BreakerConfig.Builder;
import dev.firebreak.config.PropertyDefinition;
import java.util.List;

/** The breaker's property table ({@code circuitBreaker.*} under a guard): one row per {@link BreakerConfig} component. */
final class BreakerProperties {

    static final PropertyDefinition<BreakerConfig, Builder> ENABLED = ofBoolean("circuitBreaker.enabled", "enabled",
            LIVE, "whether the breaker may open", BreakerConfig::enabled, (b, v) -> b.enabled = v);
    static final PropertyDefinition<BreakerConfig, Builder> REQUEST_VOLUME_THRESHOLD = ofInt(
            "circuitBreaker.requestVolumeThreshold", "requestVolumeThreshold", LIVE,
            "calls in the rolling window before the breaker may open", BreakerConfig::requestVolumeThreshold,
            (b, v) -> b.requestVolumeThreshold = v);
    static final PropertyDefinition<BreakerConfig, Builder> SLEEP_WINDOW = ofMillis(
            "circuitBreaker.sleepWindowInMilliseconds", "sleepWindow", LIVE,
            "how long an open breaker waits before a trial call", BreakerConfig::sleepWindow,
            (b, v) -> b.sleepWindow = v);
    static final PropertyDefinition<BreakerConfig, Builder> ERROR_THRESHOLD_PERCENTAGE = ofInt(
            "circuitBreaker.errorThresholdPercentage", "errorThresholdPercentage", LIVE,
            "error percentage (0-100) that opens the breaker", BreakerConfig::errorThresholdPercentage,
            (b, v) -> b.errorThresholdPercentage = v);
    static final PropertyDefinition<BreakerConfig, Builder> FORCE_OPEN = ofBoolean("circuitBreaker.forceOpen",
            "forceOpen", LIVE, "refuse every call (wins over forceClosed)", BreakerConfig::forceOpen,
            (b, v) -> b.forceOpen = v);
    static final PropertyDefinition<BreakerConfig, Builder> FORCE_CLOSED = ofBoolean("circuitBreaker.forceClosed",
            "forceClosed", LIVE, "let every call through whatever the errors", BreakerConfig::forceClosed,
            (b, v) -> b.forceClosed = v);
    static final PropertyDefinition<BreakerConfig, Builder> HALF_OPEN_TRIAL_CALLS = ofInt(
            "circuitBreaker.halfOpenTrialCalls", "halfOpenTrialCalls", FIREBREAK_LIVE,
            "trial calls a half-open breaker lets through", BreakerConfig::halfOpenTrialCalls,
            (b, v) -> b.halfOpenTrialCalls = v);
    static final PropertyDefinition<BreakerConfig, Builder> SLOW_CALL_DURATION_THRESHOLD = ofMillis(
            "circuitBreaker.slowCallDurationThresholdInMilliseconds", "slowCallDurationThreshold", FIREBREAK_LIVE,
            "a successful call at least this slow counts as slow; 0 turns slow-call tracking off",
            BreakerConfig::slowCallDurationThreshold, (b, v) -> b.slowCallDurationThreshold = v);
    static final PropertyDefinition<BreakerConfig, Builder> SLOW_CALL_THRESHOLD_PERCENTAGE = ofInt(
            "circuitBreaker.slowCallThresholdPercentage", "slowCallThresholdPercentage", FIREBREAK_LIVE,
            "slow-call percentage (1-100) that opens the breaker", BreakerConfig::slowCallThresholdPercentage,
            (b, v) -> b.slowCallThresholdPercentage = v);

    // The window's shape is fixed: a running breaker's window cannot change kind or length and keep its counts.
    static final PropertyDefinition<BreakerConfig, Builder> SLIDING_WINDOW_TYPE = ofEnum(
            "circuitBreaker.slidingWindowType", "slidingWindowType", FIREBREAK_FIXED,
            "TIME (the calls of metrics.rollingStats.timeInMilliseconds) or COUNT (the last slidingWindowSize calls)",
            SlidingWindowType.class, BreakerConfig::slidingWindowType, (b, v) -> b.slidingWindowType = v);
    static final PropertyDefinition<BreakerConfig, Builder> SLIDING_WINDOW_SIZE = ofInt(
            "circuitBreaker.slidingWindowSize", "slidingWindowSize", FIREBREAK_FIXED,
            "calls a COUNT window holds (1-1000000, at least requestVolumeThreshold)",
            BreakerConfig::slidingWindowSize, (b, v) -> b.slidingWindowSize = v);
    static final PropertyDefinition<BreakerConfig, Builder> INITIAL_MODE = ofEnum(
            "circuitBreaker.initialMode", "initialMode", FIREBREAK_FIXED,
            "the mode a new breaker starts in: AUTOMATIC, FORCED_OPEN, FORCED_CLOSED, DISABLED or METRICS_ONLY",
            BreakerMode.class, BreakerConfig::initialMode, (b, v) -> b.initialMode = v);

    static final List<PropertyDefinition<BreakerConfig, Builder>> ROWS = List.of(ENABLED, REQUEST_VOLUME_THRESHOLD,
            SLEEP_WINDOW, ERROR_THRESHOLD_PERCENTAGE, FORCE_OPEN, FORCE_CLOSED, HALF_OPEN_TRIAL_CALLS,
            SLOW_CALL_DURATION_THRESHOLD, SLOW_CALL_THRESHOLD_PERCENTAGE, SLIDING_WINDOW_TYPE, SLIDING_WINDOW_SIZE,
            INITIAL_MODE);

    private BreakerProperties() {
    }
}
