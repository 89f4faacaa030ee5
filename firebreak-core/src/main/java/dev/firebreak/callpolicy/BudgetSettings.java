package dev.firebreak.callpolicy;

import java.time.Duration;

/**
 * The budget part of every call policy's configuration builder ({@code RetryConfig.Builder},
 * {@code HedgeConfig.Builder}): whether the budget applies, its fraction, its minimum and its window.
 * The record's constructor validates them ({@link PolicyRules#checkBudget}).
 *
 * @param <B> the concrete builder, returned by every setter
 */
public abstract class BudgetSettings<B extends BudgetSettings<B>> {

    private boolean budgetEnabled = true;
    private int budgetPercent;
    private int budgetMinPerSecond;
    private Duration budgetWindow = Duration.ofSeconds(10);
    private boolean throttleEnabled = true;
    private int throttleMaxTokens = 20;
    private double throttleTokenRatio = 0.2;

    /** Defaults: the budget on, {@code percent} of a 10 s window's calls, at least {@code minPerSecond}. */
    protected BudgetSettings(int percent, int minPerSecond) {
        this.budgetPercent = percent;
        this.budgetMinPerSecond = minPerSecond;
    }

    /** The budget settings of {@code config}. */
    protected BudgetSettings(BudgetedConfig config) {
        this.budgetEnabled = config.budgetEnabled();
        this.budgetPercent = config.budgetPercent();
        this.budgetMinPerSecond = config.budgetMinPerSecond();
        this.budgetWindow = config.budgetWindow();
        this.throttleEnabled = config.throttleEnabled();
        this.throttleMaxTokens = config.throttleMaxTokens();
        this.throttleTokenRatio = config.throttleTokenRatio();
    }

    /** This builder, typed. */
    protected abstract B self();

    /** Whether the budget applies. */
    public final B budgetEnabled(boolean value) {
        budgetEnabled = value;
        return self();
    }

    /** The budget on: the larger of {@code percent} of the window's calls and {@code minPerSecond} per second of it. */
    public final B budget(int percent, int minPerSecond) {
        budgetEnabled = true;
        budgetPercent = percent;
        budgetMinPerSecond = minPerSecond;
        return self();
    }

    /** The fraction of the window's calls that extra attempts may add, in percent. */
    public final B budgetPercent(int value) {
        budgetPercent = value;
        return self();
    }

    /** At least this many extra attempts per second of the window (a floor, not an addition). */
    public final B budgetMinPerSecond(int value) {
        budgetMinPerSecond = value;
        return self();
    }

    /** The budget's rolling window (fixed once the policy is built). */
    public final B budgetWindow(Duration value) {
        budgetWindow = value;
        return self();
    }

    /** Whether the {@link RetryThrottle} applies. */
    public final B throttleEnabled(boolean value) {
        throttleEnabled = value;
        return self();
    }

    /** The throttle on: a count of {@code maxTokens}, {@code tokenRatio} back per success, 1 off per failure. */
    public final B throttle(int maxTokens, double tokenRatio) {
        throttleEnabled = true;
        throttleMaxTokens = maxTokens;
        throttleTokenRatio = tokenRatio;
        return self();
    }

    /** The throttle's full count. */
    public final B throttleMaxTokens(int value) {
        throttleMaxTokens = value;
        return self();
    }

    /** Tokens a successful attempt gives back to the throttle. */
    public final B throttleTokenRatio(double value) {
        throttleTokenRatio = value;
        return self();
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
