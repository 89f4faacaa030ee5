package dev.firebreak.chaos;

import static dev.firebreak.config.Check.notNegative;
import static dev.firebreak.config.Check.present;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.context.Criticality;
import java.time.Duration;
import java.util.List;

/**
 * The immutable configuration of a guard's fault injection, keys {@code firebreak.command.<name>.chaos.*}
 * (see {@link ChaosProperties} and docs/guards.md, "Fault injection"). Off by default, and inert unless
 * the guard's registry allows chaos ({@code GuardRegistry.builder().allowChaos(true)}). Every value is
 * validated when the record is made; a bad one throws {@link InvalidConfigException} naming the key, the
 * value and the rule.
 *
 * @param enabled {@code chaos.enabled}, default false
 * @param kind {@code chaos.kind}: EXCEPTION (default), LATENCY, RESULT or BEHAVIOR
 * @param rate {@code chaos.rate}: the probability that a call in scope gets the fault, 0 to 1, default 1
 * @param latency {@code chaos.latencyInMilliseconds}: a LATENCY fault's delay, default 1 s (must be > 0 for LATENCY)
 * @param faults {@code chaos.faults}: names registered in the registry's {@link ChaosFaults} for this kind,
 *     one picked at random per injected call; RESULT and BEHAVIOR need one, EXCEPTION without one throws
 *     an {@link InjectedFaultException}; default none
 * @param groups {@code chaos.groups}: if any, only guards of these groups inject; default any
 * @param criticalities {@code chaos.criticalities}: if any, only calls of these levels
 *     ({@link Criticality#current()}); default any
 * @param tags {@code chaos.tags}: if any, only calls whose request context carries one of these
 *     {@link ChaosTags}; default any
 * @param ttl {@code chaos.ttlInMilliseconds}: the injection switches itself off this long after it was
 *     switched on, by the guard's ticker; 0 never; default 5 minutes
 */
public record ChaosConfig(boolean enabled, ChaosKind kind, double rate, Duration latency, List<String> faults,
        List<String> groups, List<String> criticalities, List<String> tags, Duration ttl) {

    /** Validates every value (see the class Javadoc). */
    public ChaosConfig {
        present(ChaosProperties.KIND.name(), kind);
        if (!(rate >= 0.0 && rate <= 1.0)) {
            throw new InvalidConfigException(ChaosProperties.RATE.name(), rate, "must be between 0 and 1");
        }
        notNegative(ChaosProperties.LATENCY.name(), present(ChaosProperties.LATENCY.name(), latency));
        notNegative(ChaosProperties.TTL.name(), present(ChaosProperties.TTL.name(), ttl));
        faults = List.copyOf(faults);
        groups = List.copyOf(groups);
        criticalities = List.copyOf(criticalities);
        tags = List.copyOf(tags);
        for (String level : criticalities) {
            if (Criticality.parse(level).isEmpty()) {
                throw new InvalidConfigException(ChaosProperties.CRITICALITIES.name(), String.join(",", criticalities),
                        "must name levels of CRITICAL_PLUS, CRITICAL, SHEDDABLE_PLUS, SHEDDABLE; " + level + " is none");
            }
        }
        if (kind == ChaosKind.LATENCY && latency.isZero()) { // a rule across kind and latency
            throw new InvalidConfigException(ChaosProperties.LATENCY.name(), 0, "must be > 0 for "
                    + ChaosProperties.KIND.name() + " LATENCY", List.of(ChaosProperties.KIND.name()));
        }
        if ((kind == ChaosKind.RESULT || kind == ChaosKind.BEHAVIOR) && faults.isEmpty()) {
            throw new InvalidConfigException(ChaosProperties.FAULTS.name(), "", "must name at least one fault for "
                    + ChaosProperties.KIND.name() + " " + kind, List.of(ChaosProperties.KIND.name()));
        }
    }

    /** The levels of {@link #criticalities()}, parsed. */
    public List<Criticality> criticalityLevels() {
        return criticalities.stream().map(level -> Criticality.parse(level).orElseThrow()).toList();
    }

    /** The defaults: disabled. */
    public static ChaosConfig defaults() {
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
    public static List<PropertyDefinition<ChaosConfig, Builder>> properties() {
        return ChaosProperties.ROWS;
    }

    /** Builds a {@link ChaosConfig}; each setter records its property as set in code; {@link #build()} validates. */
    public static final class Builder extends ConfigBuilder<Builder> {
        boolean enabled;
        ChaosKind kind = ChaosKind.EXCEPTION;
        double rate = 1.0;
        Duration latency = Duration.ofSeconds(1);
        List<String> faults = List.of();
        List<String> groups = List.of();
        List<String> criticalities = List.of();
        List<String> tags = List.of();
        Duration ttl = Duration.ofMinutes(5);

        private Builder() {
        }

        private Builder(ChaosConfig c) {
            enabled = c.enabled;
            kind = c.kind;
            rate = c.rate;
            latency = c.latency;
            faults = c.faults;
            groups = c.groups;
            criticalities = c.criticalities;
            tags = c.tags;
            ttl = c.ttl;
        }

        /** {@code chaos.enabled}. */
        public Builder enabled(boolean v) { return set(ChaosProperties.ENABLED, v); }
        /** {@code chaos.kind}. */
        public Builder kind(ChaosKind v) { return set(ChaosProperties.KIND, v); }
        /** {@code chaos.rate}. */
        public Builder rate(double v) { return set(ChaosProperties.RATE, v); }
        /** {@code chaos.latencyInMilliseconds}. */
        public Builder latency(Duration v) { return set(ChaosProperties.LATENCY, v); }
        /** {@code chaos.faults}. */
        public Builder faults(String... names) { return set(ChaosProperties.FAULTS, List.of(names)); }
        /** {@code chaos.groups}. */
        public Builder groups(String... names) { return set(ChaosProperties.GROUPS, List.of(names)); }
        /** {@code chaos.criticalities}. */
        public Builder criticalities(Criticality... levels) {
            return set(ChaosProperties.CRITICALITIES, java.util.Arrays.stream(levels).map(Enum::name).toList());
        }
        /** {@code chaos.tags}. */
        public Builder tags(String... names) { return set(ChaosProperties.TAGS, List.of(names)); }
        /** {@code chaos.ttlInMilliseconds}. */
        public Builder ttl(Duration v) { return set(ChaosProperties.TTL, v); }

        /** Validates and builds; throws {@link InvalidConfigException} on a bad value. */
        public ChaosConfig build() {
            return new ChaosConfig(enabled, kind, rate, latency, faults, groups, criticalities, tags, ttl);
        }
    }
}
