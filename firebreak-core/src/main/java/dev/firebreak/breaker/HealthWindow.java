package dev.firebreak.breaker;

import dev.firebreak.event.EventType;
import dev.firebreak.metrics.rolling.RollingCounter;

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
 */
final class HealthWindow {

    private static final int VOLUME = 0;
    private static final int ERRORS = 1;
    private static final int SLOW = 2;

    private final RollingCounter counts;

    HealthWindow(long windowNanos, int buckets, long originNanos) {
        this.counts = new RollingCounter(3, windowNanos, buckets, originNanos);
    }

    /** Whether {@code event} counts towards the request volume. */
    static boolean countsForVolume(EventType event) {
        return event == EventType.SUCCESS || event.isError();
    }

    /** Records one counted call at {@code nowNanos}. */
    void record(boolean error, boolean slow, long nowNanos) {
        long mask = 1L << VOLUME;
        if (error) {
            mask |= 1L << ERRORS;
        }
        if (slow) {
            mask |= 1L << SLOW;
        }
        counts.incrementAll(mask, nowNanos);
    }

    /**
     * The decision rule: at least {@code requestVolumeThreshold} calls in the window, and errors (or,
     * when slow calls are tracked, slow calls) at least the threshold percentage of them. Integer
     * arithmetic: {@code errors * 100 >= threshold * volume}, which is Hystrix's truncated
     * percentage compared with {@code >=}.
     */
    boolean shouldOpen(BreakerConfig s, long nowNanos) {
        long volume = counts.sum(VOLUME, nowNanos);
        if (volume == 0 || volume < s.requestVolumeThreshold()) {
            return false;
        }
        if (counts.sum(ERRORS, nowNanos) * 100 >= (long) s.errorThresholdPercentage() * volume) {
            return true;
        }
        return s.slowCallNanos() > 0 && counts.sum(SLOW, nowNanos) * 100 >= (long) s.slowCallThresholdPercentage() * volume;
    }

    /** Calls counted in the window ending at {@code nowNanos}. */
    long volume(long nowNanos) {
        return counts.sum(VOLUME, nowNanos);
    }

    /** Errors in the window ending at {@code nowNanos}. */
    long errors(long nowNanos) {
        return counts.sum(ERRORS, nowNanos);
    }

    /** Slow calls in the window ending at {@code nowNanos}. */
    long slow(long nowNanos) {
        return counts.sum(SLOW, nowNanos);
    }
}
