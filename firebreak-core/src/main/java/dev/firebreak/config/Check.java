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

    /** Not null. */
    public static <T> T present(String key, T value) {
        if (value == null) {
            throw new InvalidConfigException(key, null, "must be set");
        }
        return value;
    }
}
