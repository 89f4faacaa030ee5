package dev.firebreak.config;

import java.util.List;

/** Validation helpers that throw {@link InvalidConfigException} naming the key, the value and the rule. */
public final class Check {

    private Check() {
    }

    /** {@code value > 0}. */
    public static int positive(String key, int value) {
        if (value <= 0) {
            throw new InvalidConfigException(key, value, "must be > 0");
        }
        return value;
    }

    /** {@code value >= 0}. */
    public static int notNegative(String key, int value) {
        if (value < 0) {
            throw new InvalidConfigException(key, value, "must be >= 0");
        }
        return value;
    }

    /** {@code value >= min}. */
    public static int atLeast(String key, int value, int min) {
        if (value < min) {
            throw new InvalidConfigException(key, value, "must be >= " + min);
        }
        return value;
    }

    /** {@code min <= value <= max}. */
    public static int between(String key, int value, int min, int max) {
        if (value < min || value > max) {
            throw new InvalidConfigException(key, value, "must be between " + min + " and " + max);
        }
        return value;
    }

    /** A rolling window of {@code timeMillis} split into {@code buckets} equal buckets. */
    public static void window(String timeKey, int timeMillis, String bucketsKey, int buckets) {
        positive(timeKey, timeMillis);
        positive(bucketsKey, buckets);
        if (timeMillis % buckets != 0) {
            throw new InvalidConfigException(timeKey, timeMillis,
                    "must divide evenly by " + bucketsKey + " (" + buckets + ")", List.of(bucketsKey));
        }
    }

    /** {@code duration > 0}; a refusal shows the value in milliseconds, as the key reads. */
    public static java.time.Duration positive(String key, java.time.Duration duration) {
        int millis = millis(key, duration);
        if (duration.isZero() || duration.isNegative()) {
            throw new InvalidConfigException(key, millis, "must be > 0");
        }
        return duration;
    }

    /** {@code duration >= 0}; a refusal shows the value in milliseconds, as the key reads. */
    public static java.time.Duration notNegative(String key, java.time.Duration duration) {
        int millis = millis(key, duration);
        if (duration.isNegative()) {
            throw new InvalidConfigException(key, millis, "must be >= 0");
        }
        return duration;
    }

    /** A rolling window of {@code time} (whole milliseconds) split into {@code buckets} equal buckets. */
    public static void window(String timeKey, java.time.Duration time, String bucketsKey, int buckets) {
        window(timeKey, millis(timeKey, present(timeKey, time)), bucketsKey, buckets);
    }

    /**
     * A duration as the int milliseconds its key carries on the wire; throws naming the key if it
     * is not set or does not fit.
     */
    public static int millis(String key, java.time.Duration duration) {
        present(key, duration);
        long millis;
        try {
            millis = duration.toMillis();
        } catch (ArithmeticException overflow) {
            millis = duration.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        if (millis > Integer.MAX_VALUE || millis < Integer.MIN_VALUE) {
            throw new InvalidConfigException(key, millis,
                    "must be an integer between " + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE + " (milliseconds)");
        }
        return (int) millis;
    }

    /** Not null. */
    public static <T> T present(String key, T value) {
        if (value == null) {
            throw new InvalidConfigException(key, null, "must be set");
        }
        return value;
    }
}
