package dev.firebreak.priority;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofInt;
import static dev.firebreak.config.PropertyDefinition.ofMillis;

import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.priority.PriorityConfig.Builder;
import java.util.List;

/**
 * The property table of priority-aware limits ({@code firebreak.command.<name>.priority.*}): one row
 * per {@link PriorityConfig} component, every one live but {@code priority.enabled} (fixed at
 * creation: it adds an admission to the guard's pipeline). The only place these key names live.
 */
final class PriorityProperties {

    static final PropertyDefinition<PriorityConfig, Builder> ENABLED = ofBoolean("priority.enabled", "enabled", FIREBREAK_FIXED,
            "whether the guard refuses lower criticality first when its concurrency limit is reached", PriorityConfig::enabled, (b, v) -> b.enabled = v);
    static final PropertyDefinition<PriorityConfig, Builder> TARGET_PERCENT = ofInt("priority.targetUtilizationPercent", "targetUtilizationPercent", FIREBREAK_LIVE,
            "sheddable calls stop at this share of the limit in force; the threshold aims just under it (50-100)", PriorityConfig::targetUtilizationPercent, (b, v) -> b.targetUtilizationPercent = v);
    static final PropertyDefinition<PriorityConfig, Builder> CALIBRATION_INTERVAL = ofMillis("priority.calibrationIntervalInMilliseconds", "calibrationInterval", FIREBREAK_LIVE,
            "how often the rejection threshold is recalibrated (10-10000 ms)", PriorityConfig::calibrationInterval, (b, v) -> b.calibrationInterval = v);
    static final PropertyDefinition<PriorityConfig, Builder> SHARE_CRITICAL_PLUS = ofInt("priority.share.criticalPlusPercent", "criticalPlusSharePercent", FIREBREAK_LIVE,
            "the share of the limit in force guaranteed to CRITICAL_PLUS calls (0-100, 0: none)", PriorityConfig::criticalPlusSharePercent, (b, v) -> b.shares[0] = v);
    static final PropertyDefinition<PriorityConfig, Builder> SHARE_CRITICAL = ofInt("priority.share.criticalPercent", "criticalSharePercent", FIREBREAK_LIVE,
            "the share of the limit in force guaranteed to CRITICAL calls (0-100, 0: none)", PriorityConfig::criticalSharePercent, (b, v) -> b.shares[1] = v);
    static final PropertyDefinition<PriorityConfig, Builder> SHARE_SHEDDABLE_PLUS = ofInt("priority.share.sheddablePlusPercent", "sheddablePlusSharePercent", FIREBREAK_LIVE,
            "the share of the limit in force guaranteed to SHEDDABLE_PLUS calls (0-100, 0: none)", PriorityConfig::sheddablePlusSharePercent, (b, v) -> b.shares[2] = v);
    static final PropertyDefinition<PriorityConfig, Builder> SHARE_SHEDDABLE = ofInt("priority.share.sheddablePercent", "sheddableSharePercent", FIREBREAK_LIVE,
            "the share of the limit in force guaranteed to SHEDDABLE calls (0-100, 0: none)", PriorityConfig::sheddableSharePercent, (b, v) -> b.shares[3] = v);

    static final List<PropertyDefinition<PriorityConfig, Builder>> ROWS = List.of(ENABLED, TARGET_PERCENT, CALIBRATION_INTERVAL,
            SHARE_CRITICAL_PLUS, SHARE_CRITICAL, SHARE_SHEDDABLE_PLUS, SHARE_SHEDDABLE);

    /** The share rows by criticality ordinal. */
    static final List<PropertyDefinition<PriorityConfig, Builder>> SHARES = List.of(SHARE_CRITICAL_PLUS, SHARE_CRITICAL,
            SHARE_SHEDDABLE_PLUS, SHARE_SHEDDABLE);

    private PriorityProperties() {
    }
}
