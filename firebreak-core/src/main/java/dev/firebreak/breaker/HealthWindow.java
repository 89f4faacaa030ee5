package dev.firebreak.breaker;

import dev.firebreak.event.EventType;
import dev.firebreak.rolling.CountWindowTally;
import dev.firebreak.rolling.RollingTally;

/**
 * The closed state's health: how many calls counted, how many were errors, how many were slow, over
 * the window {@code circuitBreaker.slidingWindowType} chooses: TIME, the last
 * {@code metrics.rollingStats.timeInMilliseconds} in {@code metrics.rollingStats.numBuckets} buckets
 * ({@link Timed}), or COUNT, the last {@code circuitBreaker.slidingWindowSize} calls ({@link Counted}).
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
 * <p>Recording an outcome and testing the rule are one step ({@link #recordAndShouldOpen}): the tally
 * counts and hands the window's figures to the breaker's {@link HealthRule}, in constant time, so the
 * call whose outcome makes the rule true opens the circuit before it returns.
 */
sealed interface HealthWindow permits HealthWindow.Timed, HealthWindow.Counted {

    /** Whether {@code event} counts towards the request volume. */
    static boolean countsForVolume(EventType event) {
        return event == EventType.SUCCESS || event.isError();
    }

    /** Makes the empty windows one breaker's configuration asks for: a factory fixed at the breaker's creation. */
    static Shape shape(BreakerConfig config, long windowNanos, int buckets) {
        return config.slidingWindowType() == SlidingWindowType.COUNT
                ? now -> new Counted(new CountWindowTally(config.slidingWindowSize()))
                : now -> new Timed(new RollingTally(windowNanos, buckets, now));
    }

    /**
     * Records one counted call at {@code nowNanos} and applies {@code rule} to the window that now
     * holds it: whether it opens the circuit.
     */
    boolean recordAndShouldOpen(boolean error, boolean slow, HealthRule rule, long nowNanos);

    /** Calls counted in the window ending at {@code nowNanos}. */
    long volume(long nowNanos);

    /** Errors in the window ending at {@code nowNanos}. */
    long errors(long nowNanos);

    /** Slow calls in the window ending at {@code nowNanos}. */
    long slow(long nowNanos);

    /** Makes an empty window starting at a clock reading. */
    @FunctionalInterface
    interface Shape {
        HealthWindow newWindow(long nowNanos);
    }

    /** The TIME window: a {@link RollingTally} over the rolling statistics window. */
    record Timed(RollingTally counts) implements HealthWindow {
        @Override
        public boolean recordAndShouldOpen(boolean error, boolean slow, HealthRule rule, long nowNanos) {
            return counts.recordAndTest(error, slow, nowNanos, rule);
        }

        @Override
        public long volume(long nowNanos) {
            return counts.calls(nowNanos);
        }

        @Override
        public long errors(long nowNanos) {
            return counts.errors(nowNanos);
        }

        @Override
        public long slow(long nowNanos) {
            return counts.slow(nowNanos);
        }
    }

    /** The COUNT window: a {@link CountWindowTally} of the last calls, whatever the clock says. */
    record Counted(CountWindowTally counts) implements HealthWindow {
        @Override
        public boolean recordAndShouldOpen(boolean error, boolean slow, HealthRule rule, long nowNanos) {
            return counts.recordAndTest(error, slow, rule);
        }

        @Override
        public long volume(long nowNanos) {
            return counts.calls();
        }

        @Override
        public long errors(long nowNanos) {
            return counts.errors();
        }

        @Override
        public long slow(long nowNanos) {
            return counts.slow();
        }
    }
}
