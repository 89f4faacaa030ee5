package dev.firebreak.limit;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofInt;

import dev.firebreak.config.ConfigScope;
import dev.firebreak.limit.LimitConfig.Builder;
import java.util.List;
import java.util.Set;

/**
 * The property table of the adaptive limit ({@code firebreak.command.<name>.limit.*}): one row per
 * {@link LimitConfig} component, every one live. The only place these key names live.
 */
final class LimitProperties {

    static final ConfigScope<LimitConfig, Builder> SCOPE = new ConfigScope<>("command", LimitConfig.class, List.of(
            ofEnum("limit.algorithm", "algorithm", FIREBREAK_LIVE,
                    "NONE (the isolation's static limit), AIMD, GRADIENT2 or VEGAS", LimitKind.class,
                    LimitConfig::algorithm, Builder::algorithm),
            ofInt("limit.initialLimit", "initialLimit", FIREBREAK_LIVE,
                    "the limit an algorithm starts from", LimitConfig::initialLimit, Builder::initialLimit),
            ofInt("limit.minLimit", "minLimit", FIREBREAK_LIVE,
                    "the lowest limit an algorithm may set", LimitConfig::minLimit, Builder::minLimit),
            ofInt("limit.maxLimit", "maxLimit", FIREBREAK_LIVE,
                    "the highest limit an algorithm may set", LimitConfig::maxLimit, Builder::maxLimit),
            ofInt("limit.aimd.backoffPercent", "aimdBackoffPercent", FIREBREAK_LIVE,
                    "AIMD: the share of the limit kept on a drop (50-99)", LimitConfig::aimdBackoffPercent,
                    Builder::aimdBackoffPercent),
            ofInt("limit.gradient2.smoothingPercent", "gradient2SmoothingPercent", FIREBREAK_LIVE,
                    "Gradient2: how far one step moves toward its target (1-100)",
                    LimitConfig::gradient2SmoothingPercent, Builder::gradient2SmoothingPercent),
            ofInt("limit.gradient2.rttTolerancePercent", "gradient2RttTolerancePercent", FIREBREAK_LIVE,
                    "Gradient2: latency growth over the long-term average tolerated before the limit falls (>= 100)",
                    LimitConfig::gradient2RttTolerancePercent, Builder::gradient2RttTolerancePercent),
            ofInt("limit.gradient2.longWindow", "gradient2LongWindow", FIREBREAK_LIVE,
                    "Gradient2: samples in the long-term latency average", LimitConfig::gradient2LongWindow,
                    Builder::gradient2LongWindow),
            ofInt("limit.gradient2.queueSize", "gradient2QueueSize", FIREBREAK_LIVE,
                    "Gradient2: growth allowance added per step", LimitConfig::gradient2QueueSize,
                    Builder::gradient2QueueSize),
            ofInt("limit.vegas.alpha", "vegasAlpha", FIREBREAK_LIVE,
                    "Vegas: grow while the estimated queue is below alpha * log10(limit)", LimitConfig::vegasAlpha,
                    Builder::vegasAlpha),
            ofInt("limit.vegas.beta", "vegasBeta", FIREBREAK_LIVE,
                    "Vegas: shrink once the estimated queue is above beta * log10(limit)", LimitConfig::vegasBeta,
                    Builder::vegasBeta),
            ofInt("limit.vegas.smoothingPercent", "vegasSmoothingPercent", FIREBREAK_LIVE,
                    "Vegas: how far one step moves toward its target (1-100)", LimitConfig::vegasSmoothingPercent,
                    Builder::vegasSmoothingPercent),
            ofInt("limit.vegas.probeMultiplier", "vegasProbeMultiplier", FIREBREAK_LIVE,
                    "Vegas: re-measure the no-load latency about every probeMultiplier * limit samples",
                    LimitConfig::vegasProbeMultiplier, Builder::vegasProbeMultiplier)),
            LimitConfig::builder, Builder::build, c -> Set.of(), (b, names) -> { });

    private LimitProperties() {
    }
}
