package dev.firebreak.callpolicy;

import dev.firebreak.config.InvalidConfigException;
import java.time.Duration;

/**
 * The rules every call policy's configuration shares: durations in whole milliseconds that fit an
 * int property, and the budget's fraction, minimum and window. Each refusal is an
 * {@link InvalidConfigException} naming the property's key, the value and the rule.
 */
public final class PolicyRules {

    private PolicyRules() {
    }

    /**
     * The milliseconds of {@code value}, refused if missing, negative or beyond an int.
     *
     * @throws InvalidConfigException naming {@code key}, the value and the rule
     */
    public static long millis(String key, Duration value) {
        if (value == null) {
            throw new InvalidConfigException(key, null, "must be set");
        }
        if (value.isNegative() || value.toMillis() > Integer.MAX_VALUE) {
            throw new InvalidConfigException(key, value.toMillis(), "must be between 0 and " + Integer.MAX_VALUE + " ms");
        }
        return value.toMillis();
    }

    /**
     * Checks the budget's properties: {@code budget.percent} 0 to 100, {@code budget.minPerSecond} >= 0,
     * {@code budget.windowInMilliseconds} a multiple of 10, at least 10 (the window has 10 buckets).
     *
     * @throws InvalidConfigException naming the first key that breaks its rule, its value and the rule
     */
    public static void checkBudget(int percent, int minPerSecond, Duration window) {
        if (percent < 0 || percent > 100) {
            throw new InvalidConfigException("budget.percent", percent, "must be between 0 and 100");
        }
        if (minPerSecond < 0) {
            throw new InvalidConfigException("budget.minPerSecond", minPerSecond, "must be >= 0");
        }
        long millis = millis("budget.windowInMilliseconds", window);
        if (millis < 10 || millis % 10 != 0) {
            throw new InvalidConfigException("budget.windowInMilliseconds", millis,
                    "must be at least 10 and a multiple of 10 (the window has 10 buckets)");
        }
    }

    /**
     * Checks the throttle's properties: {@code throttle.maxTokens} > 0 and {@code throttle.tokenRatio}
     * above 0 and at most 1.
     *
     * @throws InvalidConfigException naming the first key that breaks its rule, its value and the rule
     */
    public static void checkThrottle(int maxTokens, double tokenRatio) {
        if (maxTokens <= 0) {
            throw new InvalidConfigException("throttle.maxTokens", maxTokens, "must be > 0");
        }
        if (!(tokenRatio > 0 && tokenRatio <= 1)) {
            throw new InvalidConfigException("throttle.tokenRatio", tokenRatio, "must be > 0 and <= 1");
        }
    }
}
