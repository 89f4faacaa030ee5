package dev.firebreak.limit;

import static dev.firebreak.config.Check.atLeast;
import static dev.firebreak.config.Check.between;
import static dev.firebreak.config.Check.notNegative;
import static dev.firebreak.config.Check.positive;
import static dev.firebreak.config.Check.present;

import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.InvalidConfigException;
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
        present("limit.algorithm", algorithm);
        atLeast("limit.minLimit", minLimit, 1);
        positive("limit.maxLimit", maxLimit);
        positive("limit.initialLimit", initialLimit);
        if (minLimit > maxLimit) {
            throw new InvalidConfigException("limit.minLimit", minLimit,
                    "must be <= limit.maxLimit (" + maxLimit + ")", List.of("limit.maxLimit"));
        }
        if (initialLimit < minLimit || initialLimit > maxLimit) {
            throw new InvalidConfigException("limit.initialLimit", initialLimit,
                    "must be between limit.minLimit (" + minLimit + ") and limit.maxLimit (" + maxLimit + ")",
                    List.of("limit.minLimit", "limit.maxLimit"));
        }
        between("limit.aimd.backoffPercent", aimdBackoffPercent, 50, 99);
        between("limit.gradient2.smoothingPercent", gradient2SmoothingPercent, 1, 100);
        atLeast("limit.gradient2.rttTolerancePercent", gradient2RttTolerancePercent, 100);
        positive("limit.gradient2.longWindow", gradient2LongWindow);
        notNegative("limit.gradient2.queueSize", gradient2QueueSize);
        positive("limit.vegas.alpha", vegasAlpha);
        positive("limit.vegas.beta", vegasBeta);
        if (vegasAlpha >= vegasBeta) {
            throw new InvalidConfigException("limit.vegas.alpha", vegasAlpha,
                    "must be < limit.vegas.beta (" + vegasBeta + ")", List.of("limit.vegas.beta"));
        }
        between("limit.vegas.smoothingPercent", vegasSmoothingPercent, 1, 100);
        positive("limit.vegas.probeMultiplier", vegasProbeMultiplier);
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

    /** This record's property table, keys {@code firebreak.command.<name>.limit.*}. */
    public static ConfigScope<LimitConfig, Builder> scope() {
        return LimitProperties.SCOPE;
    }

    /** Builds a {@link LimitConfig}; {@link #build()} validates. */
    public static final class Builder {
        private LimitKind algorithm = LimitKind.NONE;
        private int initialLimit = 20;
        private int minLimit = 1;
        private int maxLimit = 200;
        private int aimdBackoffPercent = 90;
        private int gradient2SmoothingPercent = 20;
        private int gradient2RttTolerancePercent = 150;
        private int gradient2LongWindow = 600;
        private int gradient2QueueSize = 4;
        private int vegasAlpha = 3;
        private int vegasBeta = 6;
        private int vegasSmoothingPercent = 100;
        private int vegasProbeMultiplier = 30;

        private Builder() {
        }

        private Builder(LimitConfig c) {
            algorithm = c.algorithm;
            initialLimit = c.initialLimit;
            minLimit = c.minLimit;
            maxLimit = c.maxLimit;
            aimdBackoffPercent = c.aimdBackoffPercent;
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
        public Builder algorithm(LimitKind v) { algorithm = v; return this; }
        /** {@code limit.initialLimit}. */
        public Builder initialLimit(int v) { initialLimit = v; return this; }
        /** {@code limit.minLimit}. */
        public Builder minLimit(int v) { minLimit = v; return this; }
        /** {@code limit.maxLimit}. */
        public Builder maxLimit(int v) { maxLimit = v; return this; }
        /** {@code limit.aimd.backoffPercent}. */
        public Builder aimdBackoffPercent(int v) { aimdBackoffPercent = v; return this; }
        /** {@code limit.gradient2.smoothingPercent}. */
        public Builder gradient2SmoothingPercent(int v) { gradient2SmoothingPercent = v; return this; }
        /** {@code limit.gradient2.rttTolerancePercent}. */
        public Builder gradient2RttTolerancePercent(int v) { gradient2RttTolerancePercent = v; return this; }
        /** {@code limit.gradient2.longWindow}. */
        public Builder gradient2LongWindow(int v) { gradient2LongWindow = v; return this; }
        /** {@code limit.gradient2.queueSize}. */
        public Builder gradient2QueueSize(int v) { gradient2QueueSize = v; return this; }
        /** {@code limit.vegas.alpha}. */
        public Builder vegasAlpha(int v) { vegasAlpha = v; return this; }
        /** {@code limit.vegas.beta}. */
        public Builder vegasBeta(int v) { vegasBeta = v; return this; }
        /** {@code limit.vegas.smoothingPercent}. */
        public Builder vegasSmoothingPercent(int v) { vegasSmoothingPercent = v; return this; }
        /** {@code limit.vegas.probeMultiplier}. */
        public Builder vegasProbeMultiplier(int v) { vegasProbeMultiplier = v; return this; }

        /** Validates and builds; throws {@link InvalidConfigException} on a bad value. */
        public LimitConfig build() {
            return new LimitConfig(algorithm, initialLimit, minLimit, maxLimit, aimdBackoffPercent,
                    gradient2SmoothingPercent, gradient2RttTolerancePercent, gradient2LongWindow, gradient2QueueSize,
                    vegasAlpha, vegasBeta, vegasSmoothingPercent, vegasProbeMultiplier);
        }
    }
}
