package dev.firebreak.limit;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofInt;
import static dev.firebreak.config.PropertyDefinition.ofMillis;

import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.limit.LimitConfig.Builder;
import java.util.List;

/**
 * The property table of the adaptive limit ({@code firebreak.command.<name>.limit.*}): one row per
 * {@link LimitConfig} component, every one live. The only place these key names live.
 */
final class LimitProperties {

    static final PropertyDefinition<LimitConfig, Builder> ALGORITHM = ofEnum("limit.algorithm", "algorithm", FIREBREAK_LIVE,
            "NONE (the isolation's static limit), AIMD, GRADIENT2 or VEGAS", LimitKind.class, LimitConfig::algorithm, (b, v) -> b.algorithm = v);
    static final PropertyDefinition<LimitConfig, Builder> INITIAL_LIMIT = ofInt("limit.initialLimit", "initialLimit", FIREBREAK_LIVE,
            "the limit an algorithm starts from", LimitConfig::initialLimit, (b, v) -> b.initialLimit = v);
    static final PropertyDefinition<LimitConfig, Builder> MIN_LIMIT = ofInt("limit.minLimit", "minLimit", FIREBREAK_LIVE,
            "the lowest limit an algorithm may set", LimitConfig::minLimit, (b, v) -> b.minLimit = v);
    static final PropertyDefinition<LimitConfig, Builder> MAX_LIMIT = ofInt("limit.maxLimit", "maxLimit", FIREBREAK_LIVE,
            "the highest limit an algorithm may set", LimitConfig::maxLimit, (b, v) -> b.maxLimit = v);
    static final PropertyDefinition<LimitConfig, Builder> AIMD_BACKOFF_PERCENT = ofInt("limit.aimd.backoffPercent", "aimdBackoffPercent", FIREBREAK_LIVE,
            "AIMD: the share of the limit kept on a drop (50-99)", LimitConfig::aimdBackoffPercent, (b, v) -> b.aimdBackoffPercent = v);
    static final PropertyDefinition<LimitConfig, Builder> AIMD_LATENCY_THRESHOLD = ofMillis("limit.aimd.latencyThresholdInMilliseconds", "aimdLatencyThreshold", FIREBREAK_LIVE,
            "AIMD: an attempt whose work ran longer counts as a drop (0: off)", LimitConfig::aimdLatencyThreshold, (b, v) -> b.aimdLatencyThreshold = v);
    static final PropertyDefinition<LimitConfig, Builder> GRADIENT2_SMOOTHING_PERCENT = ofInt("limit.gradient2.smoothingPercent", "gradient2SmoothingPercent", FIREBREAK_LIVE,
            "Gradient2: how far one step moves toward its target (1-100)", LimitConfig::gradient2SmoothingPercent, (b, v) -> b.gradient2SmoothingPercent = v);
    static final PropertyDefinition<LimitConfig, Builder> GRADIENT2_RTT_TOLERANCE_PERCENT = ofInt("limit.gradient2.rttTolerancePercent", "gradient2RttTolerancePercent", FIREBREAK_LIVE,
            "Gradient2: latency growth over the long-term average tolerated before the limit falls (>= 100)", LimitConfig::gradient2RttTolerancePercent, (b, v) -> b.gradient2RttTolerancePercent = v);
    static final PropertyDefinition<LimitConfig, Builder> GRADIENT2_LONG_WINDOW = ofInt("limit.gradient2.longWindow", "gradient2LongWindow", FIREBREAK_LIVE,
            "Gradient2: samples in the long-term latency average", LimitConfig::gradient2LongWindow, (b, v) -> b.gradient2LongWindow = v);
    static final PropertyDefinition<LimitConfig, Builder> GRADIENT2_QUEUE_SIZE = ofInt("limit.gradient2.queueSize", "gradient2QueueSize", FIREBREAK_LIVE,
            "Gradient2: growth allowance added per step", LimitConfig::gradient2QueueSize, (b, v) -> b.gradient2QueueSize = v);
    static final PropertyDefinition<LimitConfig, Builder> VEGAS_ALPHA = ofInt("limit.vegas.alpha", "vegasAlpha", FIREBREAK_LIVE,
            "Vegas: grow while the estimated queue is below alpha * log10(limit)", LimitConfig::vegasAlpha, (b, v) -> b.vegasAlpha = v);
    static final PropertyDefinition<LimitConfig, Builder> VEGAS_BETA = ofInt("limit.vegas.beta", "vegasBeta", FIREBREAK_LIVE,
            "Vegas: shrink once the estimated queue is above beta * log10(limit)", LimitConfig::vegasBeta, (b, v) -> b.vegasBeta = v);
    static final PropertyDefinition<LimitConfig, Builder> VEGAS_SMOOTHING_PERCENT = ofInt("limit.vegas.smoothingPercent", "vegasSmoothingPercent", FIREBREAK_LIVE,
            "Vegas: how far one step moves toward its target (1-100)", LimitConfig::vegasSmoothingPercent, (b, v) -> b.vegasSmoothingPercent = v);
    static final PropertyDefinition<LimitConfig, Builder> VEGAS_PROBE_MULTIPLIER = ofInt("limit.vegas.probeMultiplier", "vegasProbeMultiplier", FIREBREAK_LIVE,
            "Vegas: re-measure the no-load latency about every probeMultiplier * limit samples", LimitConfig::vegasProbeMultiplier, (b, v) -> b.vegasProbeMultiplier = v);

    static final List<PropertyDefinition<LimitConfig, Builder>> ROWS = List.of(ALGORITHM, INITIAL_LIMIT, MIN_LIMIT, MAX_LIMIT, AIMD_BACKOFF_PERCENT, AIMD_LATENCY_THRESHOLD, GRADIENT2_SMOOTHING_PERCENT, GRADIENT2_RTT_TOLERANCE_PERCENT, GRADIENT2_LONG_WINDOW, GRADIENT2_QUEUE_SIZE, VEGAS_ALPHA, VEGAS_BETA, VEGAS_SMOOTHING_PERCENT, VEGAS_PROBE_MULTIPLIER);

    private LimitProperties() {
    }
}
