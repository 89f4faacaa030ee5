package dev.firebreak.callpolicy;

import dev.firebreak.config.ConfigBuilder;
import java.time.Duration;

/**
 * The budget part of every call policy's configuration builder ({@code RetryConfig.Builder},
 * {@code HedgeConfig.Builder}): whether the budget applies, its fraction, its minimum and its window,
 * and the throttle's settings. Each setter records its property as set in code; the record's
 * constructor validates the values ({@link PolicyRules#checkBudget}).
 *
 * @param <B> the concrete builder, returned by every setter
 */
public abstract class BudgetSettings<B extends BudgetSettings<B>> extends ConfigBuilder<B> {

    // Written by the rows of BudgetProperties, which every typed setter below goes through.
    boolean budgetEnabled = true;
    int budgetPercent;
    int budgetMinPerSecond;
    Duration budgetWindow = Duration.ofSeconds(10);
    boolean throttleEnabled = true;
    int throttleMaxTokens = 20;
    double throttleTokenRatio = 0.2;

    /** Defaults: the budget on, {@code percent} of a 10 s window's calls, at least {@code minPerSecond}. */
    protected BudgetSettings(int percent, int minPerSecond) {
        this.budgetPercent = percent;
        this.budgetMinPerSecond = minPerSecond;
    }

    /** The budget settings of {@code config}, recording nothing as set in code. */
    protected BudgetSettings(BudgetedConfig config) {
        this.budgetEnabled = config.budgetEnabled();
        this.budgetPercent = config.budgetPercent();
        this.budgetMinPerSecond = config.budgetMinPerSecond();
        this.budgetWindow = config.budgetWindow();
        this.throttleEnabled = config.throttleEnabled();
        this.throttleMaxTokens = config.throttleMaxTokens();
        this.throttleTokenRatio = config.throttleTokenRatio();
    }

    /** Whether the budget applies. */
    public final B budgetEnabled(boolean value) {
        return set(BudgetProperties.ENABLED, value);
    }

    /** The budget on: the larger of {@code percent} of the window's calls and {@code minPerSecond} per second of it. */
    public final B budget(int percent, int minPerSecond) {
        set(BudgetProperties.ENABLED, true);
        set(BudgetProperties.PERCENT, percent);
        return set(BudgetProperties.MIN_PER_SECOND, minPerSecond);
    }

    /** The fraction of the window's calls that extra attempts may add, in percent. */
    public final B budgetPercent(int value) {
        return set(BudgetProperties.PERCENT, value);
    }

    /** At least this many extra attempts per second of the window (a floor, not an addition). */
    public final B budgetMinPerSecond(int value) {
        return set(BudgetProperties.MIN_PER_SECOND, value);
    }

    /** The budget's rolling window (fixed once the policy is built). */
    public final B budgetWindow(Duration value) {
        return set(BudgetProperties.WINDOW, value);
    }

    /** Whether the {@link RetryThrottle} applies. */
    public final B throttleEnabled(boolean value) {
        return set(BudgetProperties.THROTTLE_ENABLED, value);
    }

    /** The throttle on: a count of {@code maxTokens}, {@code tokenRatio} back per success, 1 off per failure. */
    public final B throttle(int maxTokens, double tokenRatio) {
        set(BudgetProperties.THROTTLE_ENABLED, true);
        set(BudgetProperties.THROTTLE_MAX_TOKENS, maxTokens);
        return set(BudgetProperties.THROTTLE_TOKEN_RATIO, tokenRatio);
    }

    /** The throttle's full count. */
    public final B throttleMaxTokens(int value) {
        return set(BudgetProperties.THROTTLE_MAX_TOKENS, value);
    }

    /** Tokens a successful attempt gives back to the throttle. */
    public final B throttleTokenRatio(double value) {
        return set(BudgetProperties.THROTTLE_TOKEN_RATIO, value);
    }

    /** Whether the throttle applies, as set. */
    protected final boolean throttleEnabled() {
        return throttleEnabled;
    }

    /** The throttle's maximum, as set. */
    protected final int throttleMaxTokens() {
        return throttleMaxTokens;
    }

    /** The throttle's ratio, as set. */
    protected final double throttleTokenRatio() {
        return throttleTokenRatio;
    }

    /** Whether the budget applies, as set. */
    protected final boolean budgetEnabled() {
        return budgetEnabled;
    }

    /** The fraction, as set. */
    protected final int budgetPercent() {
        return budgetPercent;
    }

    /** The minimum per second, as set. */
    protected final int budgetMinPerSecond() {
        return budgetMinPerSecond;
    }

    /** The window, as set. */
    protected final Duration budgetWindow() {
        return budgetWindow;
    }
}
