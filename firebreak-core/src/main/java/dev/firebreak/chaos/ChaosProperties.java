package dev.firebreak.chaos;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.of;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofDecimal;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofMillis;

import dev.firebreak.chaos.ChaosConfig.Builder;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.config.ValueType;
import java.util.List;

/**
 * The property table of fault injection ({@code firebreak.command.<name>.chaos.*}): one row per
 * {@link ChaosConfig} component, every one live. The only place these key names live.
 */
final class ChaosProperties {

    static final PropertyDefinition<ChaosConfig, Builder> ENABLED = ofBoolean("chaos.enabled", "enabled", FIREBREAK_LIVE,
            "whether faults are injected (only in a registry that allows chaos)", ChaosConfig::enabled,
            (b, v) -> b.enabled = v);
    static final PropertyDefinition<ChaosConfig, Builder> KIND = ofEnum("chaos.kind", "kind", FIREBREAK_LIVE,
            "EXCEPTION, LATENCY, RESULT or BEHAVIOR", ChaosKind.class, ChaosConfig::kind, (b, v) -> b.kind = v);
    static final PropertyDefinition<ChaosConfig, Builder> RATE = ofDecimal("chaos.rate", "rate", FIREBREAK_LIVE,
            "the share of calls in scope that get the fault, 0 to 1", ChaosConfig::rate, (b, v) -> b.rate = v);
    static final PropertyDefinition<ChaosConfig, Builder> LATENCY = ofMillis("chaos.latencyInMilliseconds", "latency",
            FIREBREAK_LIVE, "the delay a LATENCY fault adds before the call", ChaosConfig::latency,
            (b, v) -> b.latency = v);
    static final PropertyDefinition<ChaosConfig, Builder> FAULTS = of("chaos.faults", "faults", FIREBREAK_LIVE,
            "names of faults registered in code (ChaosFaults), one picked per injected call", ValueType.NAMES,
            ChaosConfig::faults, (b, v) -> b.faults = v);
    static final PropertyDefinition<ChaosConfig, Builder> GROUPS = of("chaos.groups", "groups", FIREBREAK_LIVE,
            "if set, only guards of these groups", ValueType.NAMES, ChaosConfig::groups, (b, v) -> b.groups = v);
    static final PropertyDefinition<ChaosConfig, Builder> CRITICALITIES = of("chaos.criticalities", "criticalities",
            FIREBREAK_LIVE, "if set, only calls of these criticalities", ValueType.NAMES, ChaosConfig::criticalities,
            (b, v) -> b.criticalities = v);
    static final PropertyDefinition<ChaosConfig, Builder> TAGS = of("chaos.tags", "tags", FIREBREAK_LIVE,
            "if set, only calls whose request context carries one of these chaos tags", ValueType.NAMES,
            ChaosConfig::tags, (b, v) -> b.tags = v);
    static final PropertyDefinition<ChaosConfig, Builder> TTL = ofMillis("chaos.ttlInMilliseconds", "ttl", FIREBREAK_LIVE,
            "how long after it is switched on the injection switches itself off; 0 never", ChaosConfig::ttl,
            (b, v) -> b.ttl = v);

    static final List<PropertyDefinition<ChaosConfig, Builder>> ROWS = List.of(ENABLED, KIND, RATE, LATENCY, FAULTS,
            GROUPS, CRITICALITIES, TAGS, TTL);

    private ChaosProperties() {
    }
}
