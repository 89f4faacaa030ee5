package dev.firebreak.lab.load;

import java.time.Duration;

/**
 * One run of the load driver: the loop, how long to warm up (nothing recorded), how long to measure,
 * how long to wait at most for answers still in flight when the measurement ends, and the seed of
 * every random draw (think times, Poisson gaps).
 *
 * @param loop closed or open
 * @param warmup unrecorded lead-in (covers a closed loop's ramp)
 * @param measure the recorded window
 * @param drain the bound on waiting for stragglers after the window
 * @param seed random seed
 */
public record LoadPlan(Loop loop, Duration warmup, Duration measure, Duration drain, long seed) {

    /** Validates. */
    public LoadPlan {
        if (warmup.isNegative() || measure.isNegative() || measure.isZero() || drain.isNegative()) {
            throw new IllegalArgumentException("warm-up and drain must be >= 0 and the measured window > 0, was "
                    + warmup + ", " + measure + ", " + drain);
        }
    }

    /** Warm-up plus measured window: the time the load is applied. */
    public Duration loadTime() {
        return warmup.plus(measure);
    }
}
