package dev.firebreak.callpolicy;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofDecimal;
import static dev.firebreak.config.PropertyDefinition.ofInt;
import static dev.firebreak.config.PropertyDefinition.ofMillis;

import dev.firebreak.config.PropertyDefinition;
import java.util.List;

/**
 * The rows every call policy's property table ends with: its budget and its throttle
 * ({@link BudgetedConfig}'s components), written once for retry, hedging and any policy to come.
 */
public final class BudgetProperties {

    static final PropertyDefinition<BudgetedConfig, BudgetSettings<?>> ENABLED = ofBoolean("budget.enabled",
            "budgetEnabled", FIREBREAK_LIVE, "whether the budget limits the extra attempts",
            BudgetedConfig::budgetEnabled, (b, v) -> b.budgetEnabled = v);
    static final PropertyDefinition<BudgetedConfig, BudgetSettings<?>> PERCENT = ofInt("budget.percent",
            "budgetPercent", FIREBREAK_LIVE, "extra attempts may add this percentage of the window's calls",
            BudgetedConfig::budgetPercent, (b, v) -> b.budgetPercent = v);
    static final PropertyDefinition<BudgetedConfig, BudgetSettings<?>> MIN_PER_SECOND = ofInt("budget.minPerSecond",
            "budgetMinPerSecond", FIREBREAK_LIVE, "at least this many extra attempts per second of the window (a floor)",
            BudgetedConfig::budgetMinPerSecond, (b, v) -> b.budgetMinPerSecond = v);
    static final PropertyDefinition<BudgetedConfig, BudgetSettings<?>> WINDOW = ofMillis("budget.windowInMilliseconds",
            "budgetWindow", FIREBREAK_FIXED, "the budget's rolling window (10 buckets)", BudgetedConfig::budgetWindow,
            (b, v) -> b.budgetWindow = v);
    static final PropertyDefinition<BudgetedConfig, BudgetSettings<?>> THROTTLE_ENABLED = ofBoolean("throttle.enabled",
            "throttleEnabled", FIREBREAK_LIVE, "whether the throttle (gRPC's token count) limits the extra attempts",
            BudgetedConfig::throttleEnabled, (b, v) -> b.throttleEnabled = v);
    static final PropertyDefinition<BudgetedConfig, BudgetSettings<?>> THROTTLE_MAX_TOKENS = ofInt("throttle.maxTokens",
            "throttleMaxTokens", FIREBREAK_LIVE, "the throttle's full count; extra attempts only while above half of it",
            BudgetedConfig::throttleMaxTokens, (b, v) -> b.throttleMaxTokens = v);
    static final PropertyDefinition<BudgetedConfig, BudgetSettings<?>> THROTTLE_TOKEN_RATIO = ofDecimal(
            "throttle.tokenRatio", "throttleTokenRatio", FIREBREAK_LIVE,
            "tokens a successful attempt gives back (a failed one takes 1)", BudgetedConfig::throttleTokenRatio,
            (b, v) -> b.throttleTokenRatio = v);

    private static final List<PropertyDefinition<BudgetedConfig, BudgetSettings<?>>> ROWS = List.of(ENABLED, PERCENT,
            MIN_PER_SECOND, WINDOW, THROTTLE_ENABLED, THROTTLE_MAX_TOKENS, THROTTLE_TOKEN_RATIO);

    private BudgetProperties() {
    }

    /** The budget and throttle rows, typed for one policy's record {@code C} and builder {@code B}. */
    public static <C extends BudgetedConfig, B extends BudgetSettings<B>> List<PropertyDefinition<C, B>> rows() {
        return ROWS.stream().map(row -> row.<C, B>forSubtypes()).toList();
    }
}
