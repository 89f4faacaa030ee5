package dev.firebreak.limit;

import static dev.firebreak.config.Check.atLeast;
import static dev.firebreak.config.Check.between;
import static dev.firebreak.config.Check.notNegative;
import static dev.firebreak.config.Check.positive;
import static dev.firebreak.config.Check.present;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import java.time.Duration;
import java.util.List;

/**
 * The immutable configuration of a guard's adaptive concurrency limit, keys
 * {@code firebreak.command.<name>.limit.*} (see {@link LimitProperties} and docs/limits.md). Every
 * value is validated when the record is made; a bad one throws {@link InvalidConfigException} naming the
 * key, the value and the rule.
 *
 * @param algorithm {@code limit.algorithm}: NONE (the isolation's static limit, default), AIMD, GRADIENT2, VEGAS
 * @param initialLimit {@code limit.initialLimit}, default 20, within [minLimit, maxLimit]
 * @param minLimit {@code limit.minLimit}, default 1, at least 1
 * @param maxLimit {@code limit.maxLimit}, default 200, at least minLimit
 * @param aimdBackoffPercent {@code limit.aimd.backoffPercent}: the limit kept on a drop, 50-99, default 90
 * @param aimdLatencyThreshold {@code limit.aimd.latencyThresholdInMilliseconds}: AIMD counts an attempt whose
 *     work ran longer than this as a drop, as it does a failure; 0 (default) turns the latency signal off
 * @param gradient2SmoothingPercent {@code limit.gradient2.smoothingPercent}: how far a step moves, 1-100, default 20
 * @param gradient2RttTolerancePercent {@code limit.gradient2.rttTolerancePercent}: latency growth tolerated
 *     before the limit falls, at least 100, default 150
 * @param gradient2LongWindow {@code limit.gradient2.longWindow}: samples in the long-term latency average, default 600
 * @param gradient2QueueSize {@code limit.gradient2.queueSize}: growth allowance per step, default 4
 * @param vegasAlpha {@code limit.vegas.alpha}: grow while the estimated queue is below alpha * log10(limit), default 3
 * @param vegasBeta {@code limit.vegas.beta}: shrink once it is above beta * log10(limit), above alpha, default 6
 * @param vegasSmoothingPercent {@code limit.vegas.smoothingPercent}: 1-100, default 100 (no smoothing)
 * @param vegasProbeMultiplier {@code limit.vegas.probeMultiplier}: re-measure the no-load latency every
 *     about {@code probeMultiplier * limit} samples, default 30
 */
public record LimitConfig(
        LimitKind algorithm,
        int initialLimit,
        int minLimit,
        int maxLimit,
        int aimdBackoffPercent,
        Duration aimdLatencyThreshold,
        int gradient2SmoothingPercent,
        int gradient2RttTolerancePercent,
        int gradient2LongWindow,
        int gradient2QueueSize,
        int vegasAlpha,
        int vegasBeta,
        int vegasSmoothingPercent,
        int vegasProbeMultiplier) {

    /** Validates every value (see the class Javadoc). */
    public LimitConfig {
        present(LimitProperties.ALGORITHM.name(), algorithm);
        atLeast(LimitProperties.MIN_LIMIT.name(), minLimit, 1);
        positive(LimitProperties.MAX_LIMIT.name(), maxLimit);
        positive(LimitProperties.INITIAL_LIMIT.name(), initialLimit);
        String min = LimitProperties.MIN_LIMIT.name();
        String max = LimitProperties.MAX_LIMIT.name();
        if (minLimit > maxLimit) {
            throw new InvalidConfigException(min, minLimit, "must be <= " + max + " (" + maxLimit + ")", List.of(max));
        }
        if (initialLimit < minLimit || initialLimit > maxLimit) {
            throw new InvalidConfigException(LimitProperties.INITIAL_LIMIT.name(), initialLimit,
                    "must be between " + min + " (" + minLimit + ") and " + max + " (" + maxLimit + ")", List.of(min, max));
        }
        between(LimitProperties.AIMD_BACKOFF_PERCENT.name(), aimdBackoffPercent, 50, 99);
        notNegative(LimitProperties.AIMD_LATENCY_THRESHOLD.name(), aimdLatencyThreshold);
        between(LimitProperties.GRADIENT2_SMOOTHING_PERCENT.name(), gradient2SmoothingPercent, 1, 100);
        atLeast(LimitProperties.GRADIENT2_RTT_TOLERANCE_PERCENT.name(), gradient2RttTolerancePercent, 100);
        positive(LimitProperties.GRADIENT2_LONG_WINDOW.name(), gradient2LongWindow);
        notNegative(LimitProperties.GRADIENT2_QUEUE_SIZE.name(), gradient2QueueSize);
        positive(LimitProperties.VEGAS_ALPHA.name(), vegasAlpha);
        positive(LimitProperties.VEGAS_BETA.name(), vegasBeta);
        if (vegasAlpha >= vegasBeta) {
            String beta = LimitProperties.VEGAS_BETA.name();
            throw new InvalidConfigException(LimitProperties.VEGAS_ALPHA.name(), vegasAlpha,
                    "must be < " + beta + " (" + vegasBeta + ")", List.of(beta));
        }
        between(LimitProperties.VEGAS_SMOOTHING_PERCENT.name(), vegasSmoothingPercent, 1, 100);
        positive(LimitProperties.VEGAS_PROBE_MULTIPLIER.name(), vegasProbeMultiplier);
    }

    /** The defaults: no algorithm (the isolation's static limit). */
    public static LimitConfig defaults() {
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

    /** Whether an algorithm drives the limit. */
    public boolean adaptive() {
        return algorithm != LimitKind.NONE;
    }

    /** This record's property table, one row per component: the only place its keys live. */
    public static List<PropertyDefinition<LimitConfig, Builder>> properties() {
        return LimitProperties.ROWS;
    }

    /** Builds a {@link LimitConfig}; each setter records its property as set in code; {@link #build()} validates. */
    public static final class Builder extends ConfigBuilder<Builder> {
        LimitKind algorithm = LimitKind.NONE;
        int initialLimit = 20;
        int minLimit = 1;
        int maxLimit = 200;
        int aimdBackoffPercent = 90;
        Duration aimdLatencyThreshold = Duration.ZERO;
        int gradient2SmoothingPercent = 20;
        int gradient2RttTolerancePercent = 150;
        int gradient2LongWindow = 600;
        int gradient2QueueSize = 4;
        int vegasAlpha = 3;
        int vegasBeta = 6;
        int vegasSmoothingPercent = 100;
        int vegasProbeMultiplier = 30;

        private Builder() {
        }

        private Builder(LimitConfig c) {
            algorithm = c.algorithm;
            initialLimit = c.initialLimit;
            minLimit = c.minLimit;
            maxLimit = c.maxLimit;
            aimdBackoffPercent = c.aimdBackoffPercent;
            aimdLatencyThreshold = c.aimdLatencyThreshold;
            gradient2SmoothingPercent = c.gradient2SmoothingPercent;
            gradient2RttTolerancePercent = c.gradient2RttTolerancePercent;
            gradient2LongWindow = c.gradient2LongWindow;
            gradient2QueueSize = c.gradient2QueueSize;
            vegasAlpha = c.vegasAlpha;
            vegasBeta = c.vegasBeta;
            vegasSmoothingPercent = c.vegasSmoothingPercent;
            vegasProbeMultiplier = c.vegasProbeMultiplier;
        }

        /** {@code limit.algorithm}. */
        public Builder algorithm(LimitKind v) { return set(LimitProperties.ALGORITHM, v); }
        /** {@code limit.initialLimit}. */
        public Builder initialLimit(int v) { return set(LimitProperties.INITIAL_LIMIT, v); }
        /** {@code limit.minLimit}. */
        public Builder minLimit(int v) { return set(LimitProperties.MIN_LIMIT, v); }
        /** {@code limit.maxLimit}. */
        public Builder maxLimit(int v) { return set(LimitProperties.MAX_LIMIT, v); }
        /** {@code limit.aimd.backoffPercent}. */
        public Builder aimdBackoffPercent(int v) { return set(LimitProperties.AIMD_BACKOFF_PERCENT, v); }
        /** {@code limit.aimd.latencyThresholdInMilliseconds} ({@link Duration#ZERO}: off). */
        public Builder aimdLatencyThreshold(Duration v) { return set(LimitProperties.AIMD_LATENCY_THRESHOLD, v); }
        /** {@code limit.aimd.latencyThresholdInMilliseconds} (the property table's form; 0: off). */
        public Builder aimdLatencyThresholdInMilliseconds(int v) { return aimdLatencyThreshold(Duration.ofMillis(v)); }
        /** {@code limit.gradient2.smoothingPercent}. */
        public Builder gradient2SmoothingPercent(int v) { return set(LimitProperties.GRADIENT2_SMOOTHING_PERCENT, v); }
        /** {@code limit.gradient2.rttTolerancePercent}. */
        public Builder gradient2RttTolerancePercent(int v) { return set(LimitProperties.GRADIENT2_RTT_TOLERANCE_PERCENT, v); }
        /** {@code limit.gradient2.longWindow}. */
        public Builder gradient2LongWindow(int v) { return set(LimitProperties.GRADIENT2_LONG_WINDOW, v); }
        /** {@code limit.gradient2.queueSize}. */
        public Builder gradient2QueueSize(int v) { return set(LimitProperties.GRADIENT2_QUEUE_SIZE, v); }
        /** {@code limit.vegas.alpha}. */
        public Builder vegasAlpha(int v) { return set(LimitProperties.VEGAS_ALPHA, v); }
        /** {@code limit.vegas.beta}. */
        public Builder vegasBeta(int v) { return set(LimitProperties.VEGAS_BETA, v); }
        /** {@code limit.vegas.smoothingPercent}. */
        public Builder vegasSmoothingPercent(int v) { return set(LimitProperties.VEGAS_SMOOTHING_PERCENT, v); }
        /** {@code limit.vegas.probeMultiplier}. */
        public Builder vegasProbeMultiplier(int v) { return set(LimitProperties.VEGAS_PROBE_MULTIPLIER, v); }

        /** Every property of {@code whole}, each recorded as set in code. */
        public Builder from(LimitConfig whole) {
            for (PropertyDefinition<LimitConfig, Builder> row : LimitProperties.ROWS) {
                set(row, row.get(whole));
            }
            return this;
        }

        /** Validates and builds; throws {@link InvalidConfigException} on a bad value. */
        public LimitConfig build() {
            return new LimitConfig(algorithm, initialLimit, minLimit, maxLimit, aimdBackoffPercent, aimdLatencyThreshold,
                    gradient2SmoothingPercent, gradient2RttTolerancePercent, gradient2LongWindow, gradient2QueueSize,
                    vegasAlpha, vegasBeta, vegasSmoothingPercent, vegasProbeMultiplier);
        }
    }
}
