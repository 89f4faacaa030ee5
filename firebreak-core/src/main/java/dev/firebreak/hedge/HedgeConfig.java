package dev.firebreak.hedge;

import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.rolling.LatencySnapshot;
import dev.firebreak.callpolicy.PolicyRules;
import java.time.Duration;

/**
 * The immutable configuration of one hedging policy. Properties are read relative to
 * {@code firebreak.hedge.<name>.} (see {@link HedgeProperties} and {@code docs/retry-and-hedging.md}).
 *
 * @param fixedDelay {@code delay.fixedInMilliseconds}, default 0 = use the percentile: start a hedge this
 *     long after the previous attempt began
 * @param percentile {@code delay.percentile}, default 95: otherwise the delay is this percentile of the
 *     guard's own rolling execution latency; one of 50, 75, 90, 95, 99 (LatencySnapshot's percentiles)
 * @param minDelay {@code delay.minInMilliseconds}, default 1 ms: the percentile delay is never shorter
 * @param maxHedges {@code maxHedges}, default 1: extra attempts per call, 0 (none) to 10
 * @param budgetEnabled {@code budget.enabled}, default true: hedges are limited by a budget
 * @param budgetPercent {@code budget.percent}, default 5: hedges may add this percentage of the window's calls
 * @param budgetMinPerSecond {@code budget.minPerSecond}, default 1: at least this many hedges per second of the window (a floor, not an addition)
 * @param budgetWindow {@code budget.windowInMilliseconds}, default 10000 ms, fixed at creation
 * @param throttleEnabled {@code throttle.enabled}, default true: hedges are also limited by the {@link dev.firebreak.callpolicy.RetryThrottle}
 *     (gRPC's retry throttling): allowed only while its token count is above half its maximum
 * @param throttleMaxTokens {@code throttle.maxTokens}, default 20: the count's maximum (and its start), > 0;
 *     an outage stops extra attempts after 10 failures, and a 10 % failure rate's random dips (about 1 % of
 *     the time below half of 10 tokens) almost never reach half of 20
 * @param throttleTokenRatio {@code throttle.tokenRatio}, default 0.2: tokens a successful attempt gives back
 *     (a failed one takes 1), above 0 and at most 1; sustained failure rates below
 *     {@code ratio / (1 + ratio)} (about 17 %) keep the count full
 */
public record HedgeConfig(
        Duration fixedDelay,
        double percentile,
        Duration minDelay,
        int maxHedges,
        boolean budgetEnabled,
        int budgetPercent,
        int budgetMinPerSecond,
        Duration budgetWindow,
        boolean throttleEnabled,
        int throttleMaxTokens,
        double throttleTokenRatio) implements dev.firebreak.callpolicy.BudgetedConfig {

    /** Validates every value; a refusal names the property's key, the value and the rule. */
    public HedgeConfig {
        millis("delay.fixedInMilliseconds", fixedDelay);
        if (percentile < 50 || !LatencySnapshot.PERCENTILES.contains(percentile) || percentile == 100.0) {
            throw new InvalidConfigException("delay.percentile", percentile, "must be one of 50, 75, 90, 95, 99, 99.5");
        }
        millis("delay.minInMilliseconds", minDelay);
        if (maxHedges < 0 || maxHedges > 10) {
            throw new InvalidConfigException("maxHedges", maxHedges, "must be between 0 and 10");
        }
        PolicyRules.checkBudget(budgetPercent, budgetMinPerSecond, budgetWindow);
        PolicyRules.checkThrottle(throttleMaxTokens, throttleTokenRatio);
    }

    private static long millis(String key, Duration value) {
        return PolicyRules.millis(key, value);
    }

    /** Every default. */
    public static HedgeConfig defaults() {
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

    /** Builds a {@link HedgeConfig}; {@link #build()} validates. */
    public static final class Builder extends dev.firebreak.callpolicy.BudgetSettings<Builder> {
        private Duration fixedDelay = Duration.ZERO;
        private double percentile = 95.0;
        private Duration minDelay = Duration.ofMillis(1);
        private int maxHedges = 1;

        Builder() {
            super(5, 1);
        }

        @Override
        protected Builder self() {
            return this;
        }

        Builder(HedgeConfig c) {
            super(c);
            fixedDelay = c.fixedDelay;
            percentile = c.percentile;
            minDelay = c.minDelay;
            maxHedges = c.maxHedges;
        }

        /** Hedge after this fixed delay ({@link Duration#ZERO}: after the percentile). */
        public Builder fixedDelay(Duration value) {
            fixedDelay = value;
            return this;
        }

        /** Hedge after this percentile of the guard's execution latency (and clear any fixed delay). */
        public Builder percentile(double value) {
            percentile = value;
            fixedDelay = Duration.ZERO;
            return this;
        }

        /** The shortest percentile delay. */
        public Builder minDelay(Duration value) {
            minDelay = value;
            return this;
        }

        /** Extra attempts per call. */
        public Builder maxHedges(int value) {
            maxHedges = value;
            return this;
        }

        /** Validates and builds; throws {@link InvalidConfigException} naming key, value and rule. */
        public HedgeConfig build() {
            return new HedgeConfig(fixedDelay, percentile, minDelay, maxHedges, budgetEnabled(), budgetPercent(),
                    budgetMinPerSecond(), budgetWindow(), throttleEnabled(), throttleMaxTokens(), throttleTokenRatio());
        }

        void fixedDelayMillis(int value) {
            fixedDelay = Duration.ofMillis(value);
        }

        void percentileInt(int value) {
            percentile = value;
        }

        void minDelayMillis(int value) {
            minDelay = Duration.ofMillis(value);
        }

        void budgetWindowMillis(int value) {
            budgetWindow(Duration.ofMillis(value));
        }
    }
}
