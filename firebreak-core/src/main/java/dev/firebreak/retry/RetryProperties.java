package dev.firebreak.retry;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.ofDecimal;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofInt;
import static dev.firebreak.config.PropertyDefinition.ofMillis;

import dev.firebreak.callpolicy.BudgetProperties;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.retry.RetryConfig.Builder;
import java.util.ArrayList;
import java.util.List;

/** The property table of retry policies ({@code firebreak.retry.<name>.*}): one row per {@link RetryConfig} component. */
final class RetryProperties {

    static final PropertyDefinition<RetryConfig, Builder> MAX_ATTEMPTS = ofInt("maxAttempts", "maxAttempts",
            FIREBREAK_LIVE, "attempts in all, the first included", RetryConfig::maxAttempts, (b, v) -> b.maxAttempts = v);
    static final PropertyDefinition<RetryConfig, Builder> INITIAL_BACKOFF = ofMillis("backoff.initialInMilliseconds",
            "initialBackoff", FIREBREAK_LIVE, "the base wait before the first retry", RetryConfig::initialBackoff,
            (b, v) -> b.initialBackoff = v);
    static final PropertyDefinition<RetryConfig, Builder> MAX_BACKOFF = ofMillis("backoff.maxInMilliseconds",
            "maxBackoff", FIREBREAK_LIVE, "the longest wait between attempts", RetryConfig::maxBackoff,
            (b, v) -> b.maxBackoff = v);
    static final PropertyDefinition<RetryConfig, Builder> MULTIPLIER = ofDecimal("backoff.multiplier",
            "backoffMultiplier", FIREBREAK_LIVE, "growth of the base wait per retry, 1 to 10 (fractions allowed)",
            RetryConfig::backoffMultiplier, (b, v) -> b.multiplier = v);
    static final PropertyDefinition<RetryConfig, Builder> JITTER = ofEnum("backoff.jitter", "jitter", FIREBREAK_LIVE,
            "NONE, FULL or DECORRELATED", Jitter.class, RetryConfig::jitter, (b, v) -> b.jitter = v);
    static final PropertyDefinition<RetryConfig, Builder> DEADLINE = ofMillis("deadlineInMilliseconds", "deadline",
            FIREBREAK_LIVE, "no retry whose wait ends this long after the call began; 0 = none", RetryConfig::deadline,
            (b, v) -> b.deadline = v);

    static final PropertyDefinition<RetryConfig, Builder> MAX_SERVER_DELAY = ofMillis("serverDelay.maxInMilliseconds",
            "maxServerDelay", FIREBREAK_LIVE, "the longest a server's Retry-After may make a call wait; longer ends the call",
            RetryConfig::maxServerDelay, (b, v) -> b.maxServerDelay = v);

    static final ConfigScope<RetryConfig, Builder> SCOPE = new ConfigScope<>(ConfigScope.FIREBREAK_ONLY, "retry",
            RetryConfig.class, rows(), RetryConfig::builder, Builder::build, RetryConfig::setInCode,
            Builder::setInCode);

    private RetryProperties() {
    }

    private static List<PropertyDefinition<RetryConfig, Builder>> rows() {
        List<PropertyDefinition<RetryConfig, Builder>> rows = new ArrayList<>(
                List.of(MAX_ATTEMPTS, INITIAL_BACKOFF, MAX_BACKOFF, MULTIPLIER, JITTER, DEADLINE, MAX_SERVER_DELAY));
        rows.addAll(BudgetProperties.rows());
        return rows;
    }
}
