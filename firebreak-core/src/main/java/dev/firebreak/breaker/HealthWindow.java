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
 *   <li>slow: successes at least as long as the slow-call threshold (when it is set);</li>
 *   <li>neither: BAD_REQUEST (the caller's fault, as in Hystrix's health counts), CANCELLED (the
 *       caller walked away: nothing was learnt about the dependency), SHORT_CIRCUITED and
 *       RESPONSE_FROM_CACHE (the dependency was not called).</li>
 * </ul>
 *
 * <p>Recording an outcome and testing the rule are one step ({@link #recordAndShouldOpen}): the add
 * that counts the call returns its bucket's calls and errors together, and the rest of the window is
 * a sum made once per bucket interval ({@link RollingTally}), so a decision costs the same however
 * many buckets the window has, and sees every outcome recorded before it.
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
     * Records one counted call at {@code nowNanos} and applies the decision rule to the window that
     * now holds it: at least {@code requestVolumeThreshold} calls, and errors (or, when slow calls are
     * tracked, slow calls) at least the threshold percentage of them. Integer arithmetic:
     * {@code errors * 100 >= threshold * volume}, which is Hystrix's truncated percentage compared
     * with {@code >=}. {@code slowTracked}: whether the slow-call threshold is set (its rate is then tested too).
     */
    boolean recordAndShouldOpen(boolean error, boolean slow, boolean slowTracked, BreakerConfig s, long nowNanos) {
        return counts.recordAndTest(error, slow, nowNanos, s.requestVolumeThreshold(), s.errorThresholdPercentage(),
                slowTracked ? s.slowCallThresholdPercentage() : -1);
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
