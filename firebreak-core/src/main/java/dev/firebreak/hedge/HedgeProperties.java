package dev.firebreak.hedge;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.ofDecimal;
import static dev.firebreak.config.PropertyDefinition.ofInt;
import static dev.firebreak.config.PropertyDefinition.ofMillis;

import dev.firebreak.callpolicy.BudgetProperties;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.hedge.HedgeConfig.Builder;
import java.util.ArrayList;
import java.util.List;

/** The property table of hedging policies ({@code firebreak.hedge.<name>.*}): one row per {@link HedgeConfig} component. */
final class HedgeProperties {

    static final PropertyDefinition<HedgeConfig, Builder> FIXED_DELAY = ofMillis("delay.fixedInMilliseconds",
            "fixedDelay", FIREBREAK_LIVE, "hedge this long after the previous attempt began; 0 = after the percentile",
            HedgeConfig::fixedDelay, (b, v) -> b.fixedDelay = v);
    static final PropertyDefinition<HedgeConfig, Builder> PERCENTILE = ofDecimal("delay.percentile", "percentile",
            FIREBREAK_LIVE, "hedge after this percentile of the guard's execution latency (50, 75, 90, 95, 99, 99.5)",
            HedgeConfig::percentile, (b, v) -> b.percentile = v);
    static final PropertyDefinition<HedgeConfig, Builder> MIN_DELAY = ofMillis("delay.minInMilliseconds", "minDelay",
            FIREBREAK_LIVE, "the shortest percentile delay", HedgeConfig::minDelay, (b, v) -> b.minDelay = v);
    static final PropertyDefinition<HedgeConfig, Builder> MAX_HEDGES = ofInt("maxHedges", "maxHedges", FIREBREAK_LIVE,
            "extra attempts per call", HedgeConfig::maxHedges, (b, v) -> b.maxHedges = v);

    static final ConfigScope<HedgeConfig, Builder> SCOPE = new ConfigScope<>(ConfigScope.FIREBREAK_ONLY, "hedge",
            HedgeConfig.class, rows(), HedgeConfig::builder, Builder::build, HedgeConfig::setInCode,
            Builder::setInCode);

    private HedgeProperties() {
    }

    private static List<PropertyDefinition<HedgeConfig, Builder>> rows() {
        List<PropertyDefinition<HedgeConfig, Builder>> rows = new ArrayList<>(
                List.of(FIXED_DELAY, PERCENTILE, MIN_DELAY, MAX_HEDGES));
        rows.addAll(BudgetProperties.rows());
        return rows;
    }
}
