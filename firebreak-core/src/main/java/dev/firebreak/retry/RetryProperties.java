package dev.firebreak.retry;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofDecimal;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofInt;

import dev.firebreak.callpolicy.PolicyPropertyTable;
import dev.firebreak.retry.RetryConfig.Builder;
import java.util.List;

/** The property table of retry policies ({@code firebreak.retry.<name>.*}): one row per {@link RetryConfig} component. */
public final class RetryProperties {

    /** The table. */
    public static final PolicyPropertyTable<RetryConfig, Builder> TABLE = new PolicyPropertyTable<>("retry", List.of(
            ofInt("maxAttempts", "maxAttempts", FIREBREAK_LIVE, "attempts in all, the first included",
                    RetryConfig::maxAttempts, Builder::maxAttempts),
            ofInt("backoff.initialInMilliseconds", "initialBackoff", FIREBREAK_LIVE,
                    "the base wait before the first retry", c -> (int) c.initialBackoff().toMillis(),
                    Builder::initialBackoffMillis),
            ofInt("backoff.maxInMilliseconds", "maxBackoff", FIREBREAK_LIVE, "the longest wait between attempts",
                    c -> (int) c.maxBackoff().toMillis(), Builder::maxBackoffMillis),
            ofInt("backoff.multiplier", "multiplier", FIREBREAK_LIVE, "growth of the base wait per retry",
                    RetryConfig::multiplier, Builder::multiplier),
            ofEnum("backoff.jitter", "jitter", FIREBREAK_LIVE, "NONE, FULL or DECORRELATED", Jitter.class,
                    RetryConfig::jitter, Builder::jitter),
            ofInt("deadlineInMilliseconds", "deadline", FIREBREAK_LIVE,
                    "no retry whose wait ends this long after the call began; 0 = none",
                    c -> (int) c.deadline().toMillis(), Builder::deadlineMillis),
            ofBoolean("budget.enabled", "budgetEnabled", FIREBREAK_LIVE, "whether the retry budget applies",
                    RetryConfig::budgetEnabled, Builder::budgetEnabled),
            ofInt("budget.percent", "budgetPercent", FIREBREAK_LIVE,
                    "retries may add this percentage of the window's calls", RetryConfig::budgetPercent,
                    Builder::budgetPercent),
            ofInt("budget.minPerSecond", "budgetMinPerSecond", FIREBREAK_LIVE,
                    "at least this many retries per second of the window (a floor)", RetryConfig::budgetMinPerSecond,
                    Builder::budgetMinPerSecond),
            ofInt("budget.windowInMilliseconds", "budgetWindow", FIREBREAK_FIXED,
                    "the budget's rolling window (10 buckets)", c -> (int) c.budgetWindow().toMillis(),
                    Builder::budgetWindowMillis),
            ofBoolean("throttle.enabled", "throttleEnabled", FIREBREAK_LIVE,
                    "whether the retry throttle (gRPC's token count) applies", RetryConfig::throttleEnabled, Builder::throttleEnabled),
            ofInt("throttle.maxTokens", "throttleMaxTokens", FIREBREAK_LIVE,
                    "the throttle's full count; retries only while above half of it", RetryConfig::throttleMaxTokens,
                    Builder::throttleMaxTokens),
            ofDecimal("throttle.tokenRatio", "throttleTokenRatio", FIREBREAK_LIVE,
                    "tokens a successful attempt gives back (a failed one takes 1)", RetryConfig::throttleTokenRatio,
                    Builder::throttleTokenRatio)),
            RetryConfig::toBuilder, Builder::build);

    private RetryProperties() {
    }
}
