package dev.firebreak.breaker;

import dev.firebreak.GuardConfig;
import dev.firebreak.event.EventType;

/**
 * The live part of a breaker's configuration, read once per decision so that one decision sees one
 * consistent set of values.
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
record BreakerSettings(
        boolean enabled,
        boolean forceOpen,
        boolean forceClosed,
        int requestVolumeThreshold,
        int errorThresholdPercentage,
        long sleepWindowNanos,
        int halfOpenTrialCalls,
        long slowCallNanos,
        int slowCallThresholdPercentage) {

    static BreakerSettings of(GuardConfig c) {
        return new BreakerSettings(c.circuitBreakerEnabled(), c.circuitBreakerForceOpen(), c.circuitBreakerForceClosed(),
                c.circuitBreakerRequestVolumeThreshold(), c.circuitBreakerErrorThresholdPercentage(),
                c.circuitBreakerSleepWindowInMilliseconds() * 1_000_000L, c.circuitBreakerHalfOpenTrialCalls(),
                c.circuitBreakerSlowCallDurationThresholdInMilliseconds() * 1_000_000L,
                c.circuitBreakerSlowCallThresholdPercentage());
    }

    /** Whether a call of this event and duration is slow (successes only; 0 turns slow calls off). */
    boolean isSlow(EventType event, long executionNanos) {
        return slowCallNanos > 0 && event == EventType.SUCCESS && executionNanos >= slowCallNanos;
    }
}
