package dev.firebreak.breaker;

import static dev.firebreak.config.Check.atLeast;
import static dev.firebreak.config.Check.between;
import static dev.firebreak.config.Check.notNegative;
import static dev.firebreak.config.Check.positive;
import static dev.firebreak.config.Check.present;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.rolling.CountWindowTally;
import java.time.Duration;
import java.util.List;

/**
 * The circuit breaker's immutable configuration, read once per decision so that one decision sees
 * one consistent set of values. Its keys ({@code circuitBreaker.*}) and rules live in
 * {@link BreakerProperties}; the guard's configuration holds one ({@code config.breaker()}).
 *
 * @param enabled {@code circuitBreaker.enabled}, default true
 * @param requestVolumeThreshold {@code circuitBreaker.requestVolumeThreshold}, default 20
 * @param sleepWindow {@code circuitBreaker.sleepWindowInMilliseconds}, default 5 s
 * @param errorThresholdPercentage {@code circuitBreaker.errorThresholdPercentage}, default 50
 * @param forceOpen {@code circuitBreaker.forceOpen}, default false (wins over forceClosed)
 * @param forceClosed {@code circuitBreaker.forceClosed}, default false
 * @param halfOpenTrialCalls {@code circuitBreaker.halfOpenTrialCalls}, default 1 (Firebreak)
 * @param slowCallDurationThreshold {@code circuitBreaker.slowCallDurationThresholdInMilliseconds}, default 0
 *     = slow-call tracking off (Firebreak)
 * @param slowCallThresholdPercentage {@code circuitBreaker.slowCallThresholdPercentage}, default 100 (Firebreak)
 * @param slidingWindowType {@code circuitBreaker.slidingWindowType}, default TIME (Firebreak; fixed at creation):
 *     what the health window holds, the calls of the last {@code metrics.rollingStats.timeInMilliseconds}
 *     or the last {@code slidingWindowSize} calls (Resilience4j's names, so its COUNT_BASED windows carry over)
 * @param slidingWindowSize {@code circuitBreaker.slidingWindowSize}, default 100 (Firebreak; fixed at
 *     creation): the calls a COUNT window holds, 1 to 1,000,000; {@code requestVolumeThreshold} stays the
 *     fewest calls it must hold before the breaker may open (Resilience4j's minimumNumberOfCalls) and
 *     may not exceed it; unused by a TIME window
 * @param initialMode {@code circuitBreaker.initialMode}, default AUTOMATIC (Firebreak; fixed at creation):
 *     the mode a new breaker starts in; any other value is an override, as if an operator had set it,
 *     until {@code guard.controls().circuitBreaker().automatic()} or {@code reset()}
 */
public record BreakerConfig(
        boolean enabled,
        int requestVolumeThreshold,
        Duration sleepWindow,
        int errorThresholdPercentage,
        boolean forceOpen,
        boolean forceClosed,
        int halfOpenTrialCalls,
        Duration slowCallDurationThreshold,
        int slowCallThresholdPercentage,
        SlidingWindowType slidingWindowType,
        int slidingWindowSize,
        BreakerMode initialMode) {

    /** Validates every value, naming key, value and rule. */
    public BreakerConfig {
        notNegative(BreakerProperties.REQUEST_VOLUME_THRESHOLD.name(), requestVolumeThreshold);
        positive(BreakerProperties.SLEEP_WINDOW.name(), sleepWindow);
        between(BreakerProperties.ERROR_THRESHOLD_PERCENTAGE.name(), errorThresholdPercentage, 0, 100);
        atLeast(BreakerProperties.HALF_OPEN_TRIAL_CALLS.name(), halfOpenTrialCalls, 1);
        notNegative(BreakerProperties.SLOW_CALL_DURATION_THRESHOLD.name(), slowCallDurationThreshold);
        between(BreakerProperties.SLOW_CALL_THRESHOLD_PERCENTAGE.name(), slowCallThresholdPercentage, 1, 100);
        present(BreakerProperties.SLIDING_WINDOW_TYPE.name(), slidingWindowType);
        between(BreakerProperties.SLIDING_WINDOW_SIZE.name(), slidingWindowSize, 1, CountWindowTally.MAX_SIZE);
        present(BreakerProperties.INITIAL_MODE.name(), initialMode);
        if (slidingWindowType == SlidingWindowType.COUNT && requestVolumeThreshold > slidingWindowSize) {
            throw new InvalidConfigException(BreakerProperties.REQUEST_VOLUME_THRESHOLD.name(), requestVolumeThreshold,
                    "must be <= " + BreakerProperties.SLIDING_WINDOW_SIZE.name() + " (" + slidingWindowSize + ") when "
                            + BreakerProperties.SLIDING_WINDOW_TYPE.name() + " is COUNT: the window never holds more calls",
                    List.of(BreakerProperties.SLIDING_WINDOW_SIZE.name(), BreakerProperties.SLIDING_WINDOW_TYPE.name()));
        }
    }

    /**
     * A configuration with a TIME window that starts AUTOMATIC: the components before the count window
     * and the initial mode were added.
     */
    public BreakerConfig(boolean enabled, int requestVolumeThreshold, Duration sleepWindow, int errorThresholdPercentage,
            boolean forceOpen, boolean forceClosed, int halfOpenTrialCalls, Duration slowCallDurationThreshold,
            int slowCallThresholdPercentage) {
        this(enabled, requestVolumeThreshold, sleepWindow, errorThresholdPercentage, forceOpen, forceClosed,
                halfOpenTrialCalls, slowCallDurationThreshold, slowCallThresholdPercentage, SlidingWindowType.TIME, 100,
                BreakerMode.AUTOMATIC);
    }

    /** This record's property table, one row per component. */
    public static List<PropertyDefinition<BreakerConfig, Builder>> properties() {
        return BreakerProperties.ROWS;
    }

    /** The defaults. */
    public static BreakerConfig defaults() {
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

    /** The sleep window in nanoseconds. */
    public long sleepWindowNanos() {
        return sleepWindow.toNanos();
    }

    /** The slow-call threshold in nanoseconds; 0 = off. */
    public long slowCallNanos() {
        return slowCallDurationThreshold.toNanos();
    }

    /** The mode this configuration's flags set: DISABLED, FORCED_OPEN (wins over forceClosed), FORCED_CLOSED or AUTOMATIC. */
    public BreakerMode configuredMode() {
        if (!enabled) {
            return BreakerMode.DISABLED;
        }
        return forceOpen ? BreakerMode.FORCED_OPEN : forceClosed ? BreakerMode.FORCED_CLOSED : BreakerMode.AUTOMATIC;
    }

    /** The rules this configuration sets: which call is slow and which window opens the circuit. */
    public HealthRule healthRule() {
        return HealthRule.of(this);
    }

    /** Builds a {@link BreakerConfig}; each setter records its property as set in code. */
    public static final class Builder extends ConfigBuilder<Builder> {
        boolean enabled = true;
        int requestVolumeThreshold = 20;
        Duration sleepWindow = Duration.ofMillis(5000);
        int errorThresholdPercentage = 50;
        boolean forceOpen = false;
        boolean forceClosed = false;
        int halfOpenTrialCalls = 1;
        Duration slowCallDurationThreshold = Duration.ZERO;
        int slowCallThresholdPercentage = 100;
        SlidingWindowType slidingWindowType = SlidingWindowType.TIME;
        int slidingWindowSize = 100;
        BreakerMode initialMode = BreakerMode.AUTOMATIC;

        private Builder() {
        }

        private Builder(BreakerConfig c) {
            enabled = c.enabled;
            requestVolumeThreshold = c.requestVolumeThreshold;
            sleepWindow = c.sleepWindow;
            errorThresholdPercentage = c.errorThresholdPercentage;
            forceOpen = c.forceOpen;
            forceClosed = c.forceClosed;
            halfOpenTrialCalls = c.halfOpenTrialCalls;
            slowCallDurationThreshold = c.slowCallDurationThreshold;
            slowCallThresholdPercentage = c.slowCallThresholdPercentage;
            slidingWindowType = c.slidingWindowType;
            slidingWindowSize = c.slidingWindowSize;
            initialMode = c.initialMode;
        }

        /** {@code circuitBreaker.enabled}. */
        public Builder enabled(boolean v) { return set(BreakerProperties.ENABLED, v); }
        /** {@code circuitBreaker.requestVolumeThreshold}. */
        public Builder requestVolumeThreshold(int v) { return set(BreakerProperties.REQUEST_VOLUME_THRESHOLD, v); }
        /** {@code circuitBreaker.sleepWindowInMilliseconds}. */
        public Builder sleepWindow(Duration v) { return set(BreakerProperties.SLEEP_WINDOW, v); }
        /** {@code circuitBreaker.errorThresholdPercentage}. */
        public Builder errorThresholdPercentage(int v) { return set(BreakerProperties.ERROR_THRESHOLD_PERCENTAGE, v); }
        /** {@code circuitBreaker.forceOpen}. */
        public Builder forceOpen(boolean v) { return set(BreakerProperties.FORCE_OPEN, v); }
        /** {@code circuitBreaker.forceClosed}. */
        public Builder forceClosed(boolean v) { return set(BreakerProperties.FORCE_CLOSED, v); }
        /** {@code circuitBreaker.halfOpenTrialCalls}. */
        public Builder halfOpenTrialCalls(int v) { return set(BreakerProperties.HALF_OPEN_TRIAL_CALLS, v); }
        /** {@code circuitBreaker.slowCallDurationThresholdInMilliseconds}. */
        public Builder slowCallDurationThreshold(Duration v) { return set(BreakerProperties.SLOW_CALL_DURATION_THRESHOLD, v); }
        /** {@code circuitBreaker.slowCallThresholdPercentage}. */
        public Builder slowCallThresholdPercentage(int v) { return set(BreakerProperties.SLOW_CALL_THRESHOLD_PERCENTAGE, v); }
        /** {@code circuitBreaker.slidingWindowType}. */
        public Builder slidingWindowType(SlidingWindowType v) { return set(BreakerProperties.SLIDING_WINDOW_TYPE, v); }
        /** {@code circuitBreaker.slidingWindowSize}. */
        public Builder slidingWindowSize(int v) { return set(BreakerProperties.SLIDING_WINDOW_SIZE, v); }
        /** {@code circuitBreaker.initialMode}. */
        public Builder initialMode(BreakerMode v) { return set(BreakerProperties.INITIAL_MODE, v); }

        /** Validates and builds. */
        public BreakerConfig build() {
            return new BreakerConfig(enabled, requestVolumeThreshold, sleepWindow, errorThresholdPercentage, forceOpen,
                    forceClosed, halfOpenTrialCalls, slowCallDurationThreshold, slowCallThresholdPercentage,
                    slidingWindowType, slidingWindowSize, initialMode);
        }
    }
}
