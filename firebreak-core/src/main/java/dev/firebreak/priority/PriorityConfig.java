package dev.firebreak.priority;

import static dev.firebreak.config.Check.between;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.context.Criticality;
import java.time.Duration;
import java.util.List;

/**
 * The immutable configuration of a guard's priority-aware limit, keys
 * {@code firebreak.command.<name>.priority.*} (see {@link PriorityProperties} and docs/limits.md). Every
 * value is validated when the record is made; a bad one throws {@link InvalidConfigException} naming
 * the key, the value and the rule.
 *
 * @param enabled {@code priority.enabled}, default false; fixed at creation
 * @param targetUtilizationPercent {@code priority.targetUtilizationPercent}: while calls are refused, the
 *     threshold aims the admitted calls in flight at this share of the limit in force, so a critical
 *     arrival finds room; 50-100, default 90
 * @param calibrationInterval {@code priority.calibrationIntervalInMilliseconds}: how often the threshold
 *     is recalibrated, 10 ms to 10 s, default 100 ms
 * @param criticalPlusSharePercent {@code priority.share.criticalPlusPercent}: the share of the limit in
 *     force guaranteed to CRITICAL_PLUS calls, 0-100, default 0 (no guarantee)
 * @param criticalSharePercent {@code priority.share.criticalPercent}, likewise for CRITICAL
 * @param sheddablePlusSharePercent {@code priority.share.sheddablePlusPercent}, likewise for SHEDDABLE_PLUS
 * @param sheddableSharePercent {@code priority.share.sheddablePercent}, likewise for SHEDDABLE; the four
 *     shares add up to at most 100
 */
public record PriorityConfig(
        boolean enabled,
        int targetUtilizationPercent,
        Duration calibrationInterval,
        int criticalPlusSharePercent,
        int criticalSharePercent,
        int sheddablePlusSharePercent,
        int sheddableSharePercent) {

    /** Validates every value (see the class Javadoc). */
    public PriorityConfig {
        between(PriorityProperties.TARGET_PERCENT.name(), targetUtilizationPercent, 50, 100);
        String interval = PriorityProperties.CALIBRATION_INTERVAL.name();
        if (calibrationInterval == null) {
            throw new InvalidConfigException(interval, null, "must be present");
        }
        if (calibrationInterval.compareTo(Duration.ofMillis(10)) < 0 || calibrationInterval.compareTo(Duration.ofSeconds(10)) > 0) {
            throw new InvalidConfigException(interval, calibrationInterval.toMillis(), "must be between 10 and 10000");
        }
        int[] shares = {criticalPlusSharePercent, criticalSharePercent, sheddablePlusSharePercent, sheddableSharePercent};
        int sum = 0;
        for (int i = 0; i < shares.length; i++) {
            sum += between(PriorityProperties.SHARES.get(i).name(), shares[i], 0, 100);
        }
        if (sum > 100) {
            List<String> keys = PriorityProperties.SHARES.stream().map(PropertyDefinition::name).toList();
            throw new InvalidConfigException(keys.get(lastNonZero(shares)), shares[lastNonZero(shares)],
                    "the four priority.share.* percentages must add up to at most 100 (they add up to " + sum + ")", keys);
        }
    }

    private static int lastNonZero(int[] shares) {
        for (int i = shares.length - 1; i >= 0; i--) {
            if (shares[i] != 0) {
                return i;
            }
        }
        return 0;
    }

    /** The guaranteed share of {@code level}, in percent of the limit in force (0: none). */
    public int sharePercent(Criticality level) {
        return switch (level) {
            case CRITICAL_PLUS -> criticalPlusSharePercent;
            case CRITICAL -> criticalSharePercent;
            case SHEDDABLE_PLUS -> sheddablePlusSharePercent;
            case SHEDDABLE -> sheddableSharePercent;
        };
    }

    /** Whether any level has a guaranteed share (then calls are partitioned by criticality). */
    public boolean partitioned() {
        return criticalPlusSharePercent + criticalSharePercent + sheddablePlusSharePercent + sheddableSharePercent > 0;
    }

    /** The defaults: disabled. */
    public static PriorityConfig defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** This record's property table, one row per component: the only place its keys live. */
    public static List<PropertyDefinition<PriorityConfig, Builder>> properties() {
        return PriorityProperties.ROWS;
    }

    /** Builds a {@link PriorityConfig}; each setter records its property as set in code; {@link #build()} validates. */
    public static final class Builder extends ConfigBuilder<Builder> {
        boolean enabled;
        int targetUtilizationPercent = 90;
        Duration calibrationInterval = Duration.ofMillis(100);
        final int[] shares = new int[4];

        private Builder() {
        }

        private Builder(PriorityConfig c) {
            enabled = c.enabled;
            targetUtilizationPercent = c.targetUtilizationPercent;
            calibrationInterval = c.calibrationInterval;
            shares[0] = c.criticalPlusSharePercent;
            shares[1] = c.criticalSharePercent;
            shares[2] = c.sheddablePlusSharePercent;
            shares[3] = c.sheddableSharePercent;
        }

        /** {@code priority.enabled}. */
        public Builder enabled(boolean v) { return set(PriorityProperties.ENABLED, v); }
        /** {@code priority.targetUtilizationPercent}. */
        public Builder targetUtilizationPercent(int v) { return set(PriorityProperties.TARGET_PERCENT, v); }
        /** {@code priority.calibrationIntervalInMilliseconds}. */
        public Builder calibrationInterval(Duration v) { return set(PriorityProperties.CALIBRATION_INTERVAL, v); }
        /** {@code priority.calibrationIntervalInMilliseconds} (the property table's form). */
        public Builder calibrationIntervalInMilliseconds(int v) { return calibrationInterval(Duration.ofMillis(v)); }
        /** {@code priority.share.<level>Percent}: the share of the limit in force guaranteed to {@code level}. */
        public Builder share(Criticality level, int percent) {
            return set(PriorityProperties.SHARES.get(level.ordinal()), percent);
        }

        /** Every property of {@code whole}, each recorded as set in code. */
        public Builder from(PriorityConfig whole) {
            for (PropertyDefinition<PriorityConfig, Builder> row : PriorityProperties.ROWS) {
                set(row, row.get(whole));
            }
            return this;
        }

        /** Validates and builds; throws {@link InvalidConfigException} on a bad value. */
        public PriorityConfig build() {
            return new PriorityConfig(enabled, targetUtilizationPercent, calibrationInterval, shares[0], shares[1],
                    shares[2], shares[3]);
        }
    }
}
