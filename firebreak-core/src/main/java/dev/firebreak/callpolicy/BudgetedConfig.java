package dev.firebreak.callpolicy;

import java.time.Duration;

/**
 * The budget part every call policy's configuration has ({@code RetryConfig}, {@code HedgeConfig}):
 * whether the budget applies, its fraction, its minimum and its window (fixed at creation), and the
 * {@link RetryThrottle} consulted with it: whether it applies, its maximum and its token ratio.
 */
public interface BudgetedConfig {

    /** Whether the extra attempts are limited by the budget. */
    boolean budgetEnabled();

    /** Extra attempts may add this percentage of the window's calls. */
    int budgetPercent();

    /** At least this many extra attempts per second of the window (a floor, not an addition). */
    int budgetMinPerSecond();

    /** The budget's rolling window (10 buckets), fixed at creation. */
    Duration budgetWindow();

    /** Whether the extra attempts are also limited by the {@link RetryThrottle}. */
    boolean throttleEnabled();

    /** The throttle's full count; extra attempts are allowed while the count is above half of it. */
    int throttleMaxTokens();

    /** Tokens a successful attempt gives back (a failed one takes 1). */
    double throttleTokenRatio();
}
