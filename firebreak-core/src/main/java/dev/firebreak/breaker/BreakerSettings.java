package dev.firebreak.breaker;

import dev.firebreak.event.EventType;

/**
 * The breaker's own configuration (its live part), read once per decision so that one decision sees
 * one consistent set of values. The guard's configuration makes it ({@code GuardConfig.breakerSettings()});
 * the breaker knows nothing of the guard's configuration.
 *
 * @param enabled {@code circuitBreaker.enabled}
 * @param forceOpen {@code circuitBreaker.forceOpen} (wins over forceClosed)
 * @param forceClosed {@code circuitBreaker.forceClosed}
 * @param requestVolumeThreshold {@code circuitBreaker.requestVolumeThreshold}
 * @param errorThresholdPercentage {@code circuitBreaker.errorThresholdPercentage}
 * @param sleepWindowNanos {@code circuitBreaker.sleepWindowInMilliseconds}, in nanoseconds
 * @param halfOpenTrialCalls {@code circuitBreaker.halfOpenTrialCalls}
 * @param slowCallNanos {@code circuitBreaker.slowCallDurationThresholdInMilliseconds} in nanoseconds; 0 = off
 * @param slowCallThresholdPercentage {@code circuitBreaker.slowCallThresholdPercentage}
 */
public record BreakerSettings(
        boolean enabled,
        boolean forceOpen,
        boolean forceClosed,
        int requestVolumeThreshold,
        int errorThresholdPercentage,
        long sleepWindowNanos,
        int halfOpenTrialCalls,
        long slowCallNanos,
        int slowCallThresholdPercentage) {

    /** Whether a call of this event and duration is slow (successes only; 0 turns slow calls off). */
    public boolean isSlow(EventType event, long executionNanos) {
        return slowCallNanos > 0 && event == EventType.SUCCESS && executionNanos >= slowCallNanos;
    }
}
