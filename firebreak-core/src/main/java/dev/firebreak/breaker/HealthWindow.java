package dev.firebreak.breaker;

import dev.firebreak.event.EventType;
import dev.firebreak.rolling.RollingTally;

/**
 * The closed state's rolling health: how many calls counted, how many were errors, how many were
 * slow, over {@code metrics.rollingStats.timeInMilliseconds} in {@code metrics.rollingStats.numBuckets}.
 * A new window is made each time the circuit closes, which is how "the window's counts reset".
 *
 * <p>What counts, with Hystrix's meaning of error:
 * <ul>
 *   <li>volume: SUCCESS and every error event;</li>
 *   <li>errors: the events whose {@link EventType#isError()} is true: FAILURE, TIMEOUT,
 *       THREAD_POOL_REJECTED, SEMAPHORE_REJECTED and LIMIT_REJECTED;</li>
 *   <li>slow: the successes the {@link HealthRule} calls slow;</li>
 *   <li>neither: BAD_REQUEST (the caller's fault, as in Hystrix's health counts), CANCELLED (the
 *       caller walked away: nothing was learnt about the dependency), SHORT_CIRCUITED and
 *       RESPONSE_FROM_CACHE (the dependency was not called).</li>
 * </ul>
 *
 * <p>Recording an outcome and testing the rule are one step ({@link #recordAndShouldOpen}): the
 * {@link RollingTally} counts and hands the window's figures to the breaker's {@link HealthRule}, in
 * constant time, seeing every outcome recorded before it.
 */
final class HealthWindow {

    private final RollingTally counts;

    HealthWindow(long windowNanos, int buckets, long originNanos) {
        this.counts = new RollingTally(windowNanos, buckets, originNanos);
    }

    /** Whether {@code event} counts towards the request volume. */
    static boolean countsForVolume(EventType event) {
        return event == EventType.SUCCESS || event.isError();
    }

    /**
     * Records one counted call at {@code nowNanos} and applies {@code rule} to the window that now
     * holds it: whether it opens the circuit.
     */
    boolean recordAndShouldOpen(boolean error, boolean slow, HealthRule rule, long nowNanos) {
        return counts.recordAndTest(error, slow, nowNanos, rule);
    }

    /** Calls counted in the window ending at {@code nowNanos}. */
    long volume(long nowNanos) {
        return counts.calls(nowNanos);
    }

    /** Errors in the window ending at {@code nowNanos}. */
    long errors(long nowNanos) {
        return counts.errors(nowNanos);
    }

    /** Slow calls in the window ending at {@code nowNanos}. */
    long slow(long nowNanos) {
        return counts.slow(nowNanos);
    }
}
