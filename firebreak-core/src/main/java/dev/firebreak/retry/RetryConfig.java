package dev.firebreak.retry;

import dev.firebreak.callpolicy.RetryThrottle;
import dev.firebreak.callpolicy.BudgetSettings;
import dev.firebreak.callpolicy.BudgetedConfig;
import dev.firebreak.callpolicy.PolicyRules;
import dev.firebreak.callpolicy.RetryBudget;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.InvalidConfigException;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The immutable configuration of one retry policy. Properties are read relative to
 * {@code firebreak.retry.<name>.} (see {@link #scope()} and {@code docs/retry-and-hedging.md}).
 *
 * @param maxAttempts {@code maxAttempts}, default 3: attempts in all, the first included (1 = no retry), at most 100
 * @param initialBackoff {@code backoff.initialInMilliseconds}, default 50 ms: the base wait before the first retry
 * @param maxBackoff {@code backoff.maxInMilliseconds}, default 1000 ms: no wait is longer; at least the initial one
 * @param backoffMultiplier {@code backoff.multiplier}, default 2: the base grows by this factor per retry,
 *     1 to 10, fractions allowed (1.5 grows it by half each time)
 * @param jitter {@code backoff.jitter}, default FULL
 * @param deadline {@code deadlineInMilliseconds}, default 0 = none: no retry is made whose wait would end
 *     this long or later after the call began, so a call lasts at most the deadline plus one attempt
 * @param maxServerDelay {@code serverDelay.maxInMilliseconds}, default 30000 ms: the longest a server's
 *     "not before" ({@code Retry-After}, see {@link dev.firebreak.callpolicy.RetryAfterAware}) may make a
 *     call wait; an answer asking for longer ends the call at once with that answer, as one whose delay
 *     ends past the deadline does
 * @param budgetEnabled {@code budget.enabled}, default true: retries are limited by the {@link RetryBudget}
 * @param budgetPercent {@code budget.percent}, default 20: retries in the budget window may add this
 *     percentage of the calls in the same window, 0 to 100
 * @param budgetMinPerSecond {@code budget.minPerSecond}, default 5: at least this many retries per second of the window (a floor, not an addition)
 * @param budgetWindow {@code budget.windowInMilliseconds}, default 10000 ms, fixed at creation: the
 *     rolling window (10 buckets) the budget counts over, at least 10 ms and a multiple of 10 ms
 * @param throttleEnabled {@code throttle.enabled}, default true: retries are also limited by the {@link RetryThrottle}
 *     (gRPC's retry throttling): allowed only while its token count is above half its maximum
 * @param throttleMaxTokens {@code throttle.maxTokens}, default 20: the count's maximum (and its start), > 0;
 *     an outage stops extra attempts after 10 failures, and a 10 % failure rate's random dips (about 1 % of
 *     the time below half of 10 tokens) almost never reach half of 20
 * @param throttleTokenRatio {@code throttle.tokenRatio}, default 0.2: tokens a successful attempt gives back
 *     (a failed one takes 1), above 0 and at most 1; sustained failure rates below
 *     {@code ratio / (1 + ratio)} (about 17 %) keep the count full
 * @param setInCode the property names set explicitly through the builder
 */
public record RetryConfig(
        int maxAttempts,
        Duration initialBackoff,
        Duration maxBackoff,
        double backoffMultiplier,
        Jitter jitter,
        Duration deadline,
        Duration maxServerDelay,
        boolean budgetEnabled,
        int budgetPercent,
        int budgetMinPerSecond,
        Duration budgetWindow,
        boolean throttleEnabled,
        int throttleMaxTokens,
        double throttleTokenRatio,
        Set<String> setInCode) implements BudgetedConfig {

    /** Validates every value; a refusal names the property's key, the value and the rule. */
    public RetryConfig {
        if (maxAttempts < 1 || maxAttempts > 100) {
            throw new InvalidConfigException("maxAttempts", maxAttempts, "must be between 1 and 100");
        }
        long initial = millis("backoff.initialInMilliseconds", initialBackoff);
        long max = millis("backoff.maxInMilliseconds", maxBackoff);
        if (max < initial) {
            throw new InvalidConfigException("backoff.maxInMilliseconds", max,
                    "must be >= backoff.initialInMilliseconds (" + initial + ")", List.of("backoff.initialInMilliseconds"));
        }
        if (!(backoffMultiplier >= 1.0 && backoffMultiplier <= 10.0)) { // NaN included
            throw new InvalidConfigException("backoff.multiplier", backoffMultiplier, "must be between 1 and 10");
        }
        if (jitter == null) {
            throw new InvalidConfigException("backoff.jitter", null, "must be set (NONE, FULL or DECORRELATED)");
        }
        millis("deadlineInMilliseconds", deadline);
        millis("serverDelay.maxInMilliseconds", maxServerDelay);
        PolicyRules.checkBudget(budgetPercent, budgetMinPerSecond, budgetWindow);
        PolicyRules.checkThrottle(throttleMaxTokens, throttleTokenRatio);
        setInCode = setInCode == null ? Set.of() : Collections.unmodifiableSet(new LinkedHashSet<>(setInCode));
    }

    /**
     * A configuration with a whole backoff multiplier and the default {@code serverDelay.maxInMilliseconds}:
     * the canonical constructor of 0.2.0, kept for callers compiled against it.
     */
    public RetryConfig(int maxAttempts, Duration initialBackoff, Duration maxBackoff, int multiplier, Jitter jitter,
            Duration deadline, boolean budgetEnabled, int budgetPercent, int budgetMinPerSecond, Duration budgetWindow,
            boolean throttleEnabled, int throttleMaxTokens, double throttleTokenRatio, Set<String> setInCode) {
        this(maxAttempts, initialBackoff, maxBackoff, (double) multiplier, jitter, deadline,
                Builder.DEFAULT_MAX_SERVER_DELAY, budgetEnabled,
                budgetPercent, budgetMinPerSecond, budgetWindow, throttleEnabled, throttleMaxTokens,
                throttleTokenRatio, setInCode);
    }

    /**
     * The backoff multiplier rounded down to a whole number.
     *
     * @deprecated the multiplier may be fractional: use {@link #backoffMultiplier()}
     */
    @Deprecated
    public int multiplier() {
        return (int) backoffMultiplier;
    }

    /**
     * The property table of retry policies ({@code firebreak.retry.<name>.*}): each property's key,
     * type, rules and live/fixed flag.
     */
    public static ConfigScope<RetryConfig, Builder> scope() {
        return RetryProperties.SCOPE;
    }

    private static long millis(String key, Duration value) {
        return PolicyRules.millis(key, value);
    }

    /** Every default. */
    public static RetryConfig defaults() {
        return builder().build();
    }

    /** A builder starting from every default. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds a {@link RetryConfig}; {@link #build()} validates; each setter records its property as set in code. */
    public static final class Builder extends BudgetSettings<Builder> {
        static final Duration DEFAULT_MAX_SERVER_DELAY = Duration.ofSeconds(30);

        // Written by RetryProperties' rows, which every typed setter below goes through.
        int maxAttempts = 3;
        Duration initialBackoff = Duration.ofMillis(50);
        Duration maxBackoff = Duration.ofSeconds(1);
        double multiplier = 2;
        Jitter jitter = Jitter.FULL;
        Duration deadline = Duration.ZERO;
        Duration maxServerDelay = DEFAULT_MAX_SERVER_DELAY;

        Builder() {
            super(20, 5);
        }

        Builder(RetryConfig c) {
            super(c);
            maxAttempts = c.maxAttempts;
            initialBackoff = c.initialBackoff;
            maxBackoff = c.maxBackoff;
            multiplier = c.backoffMultiplier;
            jitter = c.jitter;
            deadline = c.deadline;
            maxServerDelay = c.maxServerDelay;
            setInCode(c.setInCode);
        }

        /** Attempts in all, the first included. */
        public Builder maxAttempts(int value) {
            return set(RetryProperties.MAX_ATTEMPTS, value);
        }

        /** Exponential backoff: the first base wait, its cap and its growth per retry (1 to 10, fractions allowed). */
        public Builder backoff(Duration initial, Duration max, double growth) {
            set(RetryProperties.INITIAL_BACKOFF, initial);
            set(RetryProperties.MAX_BACKOFF, max);
            return set(RetryProperties.MULTIPLIER, growth);
        }

        /** {@link #backoff(Duration, Duration, double)} with a whole growth factor. */
        public Builder backoff(Duration initial, Duration max, int growth) {
            return backoff(initial, max, (double) growth);
        }

        /** The base wait before the first retry. */
        public Builder initialBackoff(Duration value) {
            return set(RetryProperties.INITIAL_BACKOFF, value);
        }

        /** The longest wait. */
        public Builder maxBackoff(Duration value) {
            return set(RetryProperties.MAX_BACKOFF, value);
        }

        /** The growth of the base wait per retry: 1 to 10, fractions allowed. */
        public Builder multiplier(double value) {
            return set(RetryProperties.MULTIPLIER, value);
        }

        /** {@link #multiplier(double)} with a whole factor. */
        public Builder multiplier(int value) {
            return multiplier((double) value);
        }

        /** How waits are randomized. */
        public Builder jitter(Jitter value) {
            return set(RetryProperties.JITTER, value);
        }

        /** The overall deadline across attempts; {@link Duration#ZERO} for none. */
        public Builder deadline(Duration value) {
            return set(RetryProperties.DEADLINE, value);
        }

        /**
         * The longest a server's "not before" may make a call wait ({@code serverDelay.maxInMilliseconds});
         * an answer asking for longer ends the call at once with that answer.
         */
        public Builder maxServerDelay(Duration value) {
            return set(RetryProperties.MAX_SERVER_DELAY, value);
        }

        /** Validates and builds; throws {@link InvalidConfigException} naming key, value and rule. */
        public RetryConfig build() {
            return new RetryConfig(maxAttempts, initialBackoff, maxBackoff, multiplier, jitter, deadline, maxServerDelay,
                    budgetEnabled(), budgetPercent(), budgetMinPerSecond(), budgetWindow(), throttleEnabled(),
                    throttleMaxTokens(), throttleTokenRatio(), setInCodeNames());
        }
    }
}
