package dev.firebreak.hedge;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofDecimal;
import static dev.firebreak.config.PropertyDefinition.ofInt;

import dev.firebreak.hedge.HedgeConfig.Builder;
import dev.firebreak.callpolicy.PolicyPropertyTable;
import java.util.List;

/** The property table of hedging policies ({@code firebreak.hedge.<name>.*}): one row per {@link HedgeConfig} component. */
public final class HedgeProperties {

    /** The table. */
    public static final PolicyPropertyTable<HedgeConfig, Builder> TABLE = new PolicyPropertyTable<>("hedge", List.of(
            ofInt("delay.fixedInMilliseconds", "fixedDelay", FIREBREAK_LIVE,
                    "hedge this long after the previous attempt began; 0 = after the percentile",
                    c -> (int) c.fixedDelay().toMillis(), Builder::fixedDelayMillis),
            ofInt("delay.percentile", "percentile", FIREBREAK_LIVE,
                    "hedge after this percentile of the guard's execution latency (50, 75, 90, 95, 99)",
                    c -> (int) c.percentile(), Builder::percentileInt),
            ofInt("delay.minInMilliseconds", "minDelay", FIREBREAK_LIVE, "the shortest percentile delay",
                    c -> (int) c.minDelay().toMillis(), Builder::minDelayMillis),
            ofInt("maxHedges", "maxHedges", FIREBREAK_LIVE, "extra attempts per call", HedgeConfig::maxHedges,
                    Builder::maxHedges),
            ofBoolean("budget.enabled", "budgetEnabled", FIREBREAK_LIVE, "whether the hedge budget applies",
                    HedgeConfig::budgetEnabled, Builder::budgetEnabled),
            ofInt("budget.percent", "budgetPercent", FIREBREAK_LIVE,
                    "hedges may add this percentage of the window's calls", HedgeConfig::budgetPercent,
                    Builder::budgetPercent),
            ofInt("budget.minPerSecond", "budgetMinPerSecond", FIREBREAK_LIVE,
                    "at least this many hedges per second of the window (a floor)", HedgeConfig::budgetMinPerSecond,
                    Builder::budgetMinPerSecond),
            ofInt("budget.windowInMilliseconds", "budgetWindow", FIREBREAK_FIXED,
                    "the budget's rolling window (10 buckets)", c -> (int) c.budgetWindow().toMillis(),
                    Builder::budgetWindowMillis),
            ofBoolean("throttle.enabled", "throttleEnabled", FIREBREAK_LIVE,
                    "whether the hedge throttle (gRPC's token count) applies", HedgeConfig::throttleEnabled, Builder::throttleEnabled),
            ofInt("throttle.maxTokens", "throttleMaxTokens", FIREBREAK_LIVE,
                    "the throttle's full count; hedges only while above half of it", HedgeConfig::throttleMaxTokens,
                    Builder::throttleMaxTokens),
            ofDecimal("throttle.tokenRatio", "throttleTokenRatio", FIREBREAK_LIVE,
                    "tokens a successful attempt gives back (a failed one takes 1)", HedgeConfig::throttleTokenRatio,
                    Builder::throttleTokenRatio)),
            HedgeConfig::toBuilder, Builder::build);

    private HedgeProperties() {
    }
}
