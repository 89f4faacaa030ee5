package dev.firebreak.retry;

/**
 * The waits between attempts, as arithmetic: given the configuration, which retry this is, the
 * previous wait and one uniform draw, the next wait. No clock and no randomness of its own, so the
 * schedule and its bounds are tested as plain arithmetic (see {@link Jitter} for the formulas).
 */
final class Backoff {

    private Backoff() {
    }

    /**
     * The wait before retry {@code retry} (1 = the first retry, made after attempt 1 failed).
     *
     * @param config the policy in force
     * @param retry 1 for the first retry, 2 for the second, ...
     * @param previousNanos the wait before the previous retry (ignored for the first)
     * @param uniform a draw in [0, 1)
     * @return the wait in nanoseconds, never negative, never above {@code maxBackoff}
     */
    static long delayNanos(RetryConfig config, int retry, long previousNanos, double uniform) {
        if (retry < 1) {
            throw new IllegalArgumentException("retry numbers start at 1, was " + retry);
        }
        if (!(uniform >= 0.0 && uniform < 1.0)) {
            throw new IllegalArgumentException("a uniform draw lies in [0, 1), was " + uniform);
        }
        long initial = config.initialBackoff().toNanos();
        long max = config.maxBackoff().toNanos();
        return switch (config.jitter()) {
            case NONE -> base(initial, max, config.backoffMultiplier(), retry);
            case FULL -> (long) (uniform * base(initial, max, config.backoffMultiplier(), retry));
            case DECORRELATED -> {
                long previous = retry == 1 ? initial : Math.max(initial, previousNanos);
                long high = previous > max / 3 ? max : Math.min(max, previous * 3);
                yield initial + (long) (uniform * (high - initial));
            }
        };
    }

    /**
     * {@code min(max, initial * multiplier^(retry-1))}, saturating instead of overflowing; a fractional
     * step is rounded down to whole nanoseconds, and the base never shrinks.
     */
    static long base(long initial, long max, double multiplier, int retry) {
        long value = initial;
        for (int i = 1; i < retry && value < max; i++) {
            double next = value * multiplier; // at most 10 * max: exact enough, and no overflow of a double
            value = next >= max ? max : Math.max(value, (long) next);
        }
        return Math.min(value, max);
    }
}
