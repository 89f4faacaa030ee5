package dev.firebreak.retry;

import dev.firebreak.callpolicy.RetryThrottle;
import dev.firebreak.callpolicy.BudgetSettings;
import dev.firebreak.callpolicy.BudgetedConfig;
import dev.firebreak.callpolicy.PolicyRules;
import dev.firebreak.callpolicy.RetryBudget;
import dev.firebreak.config.InvalidConfigException;
import java.time.Duration;
import java.util.List;

/**
 * The immutable configuration of one retry policy. Properties are read relative to
 * {@code firebreak.retry.<name>.} (see {@link RetryProperties} and {@code docs/retry-and-hedging.md}).
 *
 * @param maxAttempts {@code maxAttempts}, default 3: attempts in all, the first included (1 = no retry), at most 100
 * @param initialBackoff {@code backoff.initialInMilliseconds}, default 50 ms: the base wait before the first retry
 * @param maxBackoff {@code backoff.maxInMilliseconds}, default 1000 ms: no wait is longer; at least the initial one
 * @param multiplier {@code backoff.multiplier}, default 2: the base grows by this factor per retry, 1 to 10
 * @param jitter {@code backoff.jitter}, default FULL
 * @param deadline {@code deadlineInMilliseconds}, default 0 = none: no retry is made whose wait would end
 *     this long or later after the call began, so a call lasts at most the deadline plus one attempt
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
 */
public record RetryConfig(
        int maxAttempts,
        Duration initialBackoff,
        Duration maxBackoff,
        int multiplier,
        Jitter jitter,
        Duration deadline,
        boolean budgetEnabled,
        int budgetPercent,
        int budgetMinPerSecond,
        Duration budgetWindow,
        boolean throttleEnabled,
        int throttleMaxTokens,
        double throttleTokenRatio) implements BudgetedConfig {

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
        if (multiplier < 1 || multiplier > 10) {
            throw new InvalidConfigException("backoff.multiplier", multiplier, "must be between 1 and 10");
        }
        if (jitter == null) {
            throw new InvalidConfigException("backoff.jitter", null, "must be set (NONE, FULL or DECORRELATED)");
        }
        millis("deadlineInMilliseconds", deadline);
        PolicyRules.checkBudget(budgetPercent, budgetMinPerSecond, budgetWindow);
        PolicyRules.checkThrottle(throttleMaxTokens, throttleTokenRatio);
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

    /** Builds a {@link RetryConfig}; {@link #build()} validates. */
    public static final class Builder extends BudgetSettings<Builder> {
        private int maxAttempts = 3;
        private Duration initialBackoff = Duration.ofMillis(50);
        private Duration maxBackoff = Duration.ofSeconds(1);
        private int multiplier = 2;
        private Jitter jitter = Jitter.FULL;
        private Duration deadline = Duration.ZERO;

        Builder() {
            super(20, 5);
        }

        @Override
        protected Builder self() {
            return this;
        }

        Builder(RetryConfig c) {
            super(c);
            maxAttempts = c.maxAttempts;
            initialBackoff = c.initialBackoff;
            maxBackoff = c.maxBackoff;
            multiplier = c.multiplier;
            jitter = c.jitter;
            deadline = c.deadline;
        }

        /** Attempts in all, the first included. */
        public Builder maxAttempts(int value) {
            maxAttempts = value;
            return this;
        }

        /** Exponential backoff: the first base wait, its cap and its growth per retry. */
        public Builder backoff(Duration initial, Duration max, int growth) {
            initialBackoff = initial;
            maxBackoff = max;
            multiplier = growth;
            return this;
        }

        /** The base wait before the first retry. */
        public Builder initialBackoff(Duration value) {
            initialBackoff = value;
            return this;
        }

        /** The longest wait. */
        public Builder maxBackoff(Duration value) {
            maxBackoff = value;
            return this;
        }

        /** The growth of the base wait per retry. */
        public Builder multiplier(int value) {
            multiplier = value;
            return this;
        }

        /** How waits are randomized. */
        public Builder jitter(Jitter value) {
            jitter = value;
            return this;
        }

        /** The overall deadline across attempts; {@link Duration#ZERO} for none. */
        public Builder deadline(Duration value) {
            deadline = value;
            return this;
        }

        /** Validates and builds; throws {@link InvalidConfigException} naming key, value and rule. */
        public RetryConfig build() {
            return new RetryConfig(maxAttempts, initialBackoff, maxBackoff, multiplier, jitter, deadline,
                    budgetEnabled(), budgetPercent(), budgetMinPerSecond(), budgetWindow(), throttleEnabled(),
                    throttleMaxTokens(), throttleTokenRatio());
        }

        // int-millisecond setters for the property table
        void initialBackoffMillis(int value) {
            initialBackoff = Duration.ofMillis(value);
        }

        void maxBackoffMillis(int value) {
            maxBackoff = Duration.ofMillis(value);
        }

        void deadlineMillis(int value) {
            deadline = Duration.ofMillis(value);
        }

        void budgetWindowMillis(int value) {
            budgetWindow(Duration.ofMillis(value));
        }
    }
}
