package dev.firebreak.live;

import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.Implication;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.Level;
import dev.firebreak.config.PropertyDefinition;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Resolves the configuration of one running object of any scope from Hystrix's four layers, and checks
 * the rules across properties on the whole record. A pure computation: it reports what it decided in
 * the events it is given and changes nothing else.
 *
 * <p>For each property the strongest layer holding a value wins: dynamic instance value &gt; instance
 * default from code &gt; dynamic global default &gt; global default from code. Then:
 * <ul>
 *   <li>on a running object, a property that cannot change live keeps its running value (reported once
 *       per requested value as FIXED_PROPERTY_IGNORED);</li>
 *   <li>if the record breaks a rule across properties, the first property the rule names (its key,
 *       then its related keys, in order) whose value changed falls back to its value in force (REFUSED
 *       naming key, value and rule) and the record is built again. Each round moves one property back to
 *       a value of a valid record, and a property moved back is never moved again, so it ends.</li>
 * </ul>
 *
 * @param <C> the config record
 * @param <B> its builder
 */
final class LayeredResolution<C, B> {

    private final ConfigScope<C, B> scope;
    private final String instance;
    private final C code;
    private final C globalCode;
    private final AcceptedProperties accepted;
    private final Set<String> setInCode;

    LayeredResolution(ConfigScope<C, B> scope, String instance, C code, C globalCode, AcceptedProperties accepted) {
        this.scope = scope;
        this.instance = instance;
        this.code = code;
        this.globalCode = globalCode;
        this.accepted = accepted;
        this.setInCode = scope.setInCode(code);
    }

    /** What one resolution decided: the record, each property's source, and the fixed changes already reported. */
    record Outcome<C>(C config, Map<String, EffectiveProperty> properties, Map<String, Object> ignoredFixed) {
    }

    /** The configuration a new object starts with: every property from its layers, fixed ones included. */
    Outcome<C> forNewInstance(List<ConfigEvent> events) {
        Map<PropertyDefinition<C, B>, EffectiveProperty> chosen = candidates();
        Map<PropertyDefinition<C, B>, EffectiveProperty> fallback = new LinkedHashMap<>();
        for (PropertyDefinition<C, B> p : scope.properties()) {
            fallback.put(p, codeLayer(p));
        }
        return settle(chosen, fallback, code, Map.of(), events);
    }

    /**
     * The configuration for a running object whose record in force is {@code current}, with the
     * sources recorded last time ({@code known}, may be empty) and the fixed changes already reported.
     */
    Outcome<C> forRunning(C current, Map<String, EffectiveProperty> known, Map<String, Object> ignoredFixed,
            List<ConfigEvent> events) {
        Map<PropertyDefinition<C, B>, EffectiveProperty> chosen = candidates();
        Map<PropertyDefinition<C, B>, EffectiveProperty> inForce = new LinkedHashMap<>();
        for (PropertyDefinition<C, B> p : scope.properties()) {
            inForce.put(p, inForce(p, current, known, chosen.get(p)));
        }
        Map<String, Object> reported = new HashMap<>();
        for (PropertyDefinition<C, B> p : scope.properties()) {
            EffectiveProperty wanted = chosen.get(p);
            EffectiveProperty running = inForce.get(p);
            if (!p.live() && !wanted.value().equals(running.value())) {
                reported.put(p.name(), wanted.value());
                if (!wanted.value().equals(ignoredFixed.get(p.name()))) {
                    events.add(event(ConfigEvent.Kind.FIXED_PROPERTY_IGNORED, p, wanted,
                            wanted.origin() + " = " + wanted.text(p) + ": " + p.name() + " cannot change while "
                                    + scope.segment() + " " + instance + " runs; keeping " + running.text(p)
                                    + ", it applies to instances created from now on"));
                }
                chosen.put(p, running);
            }
        }
        return settle(chosen, inForce, current, reported, events);
    }

    /**
     * The configuration {@code current} that a running object has, each value with its best-known source
     * ({@code known} where it still matches): what is in force, whatever the layers now ask for.
     */
    Map<String, EffectiveProperty> inForce(C current, Map<String, EffectiveProperty> known) {
        Map<PropertyDefinition<C, B>, EffectiveProperty> chosen = candidates();
        Map<PropertyDefinition<C, B>, EffectiveProperty> inForce = new LinkedHashMap<>();
        for (PropertyDefinition<C, B> p : scope.properties()) {
            inForce.put(p, inForce(p, current, known, chosen.get(p)));
        }
        return byName(inForce);
    }

    private Outcome<C> settle(Map<PropertyDefinition<C, B>, EffectiveProperty> chosen,
            Map<PropertyDefinition<C, B>, EffectiveProperty> fallback, C lastResort, Map<String, Object> ignoredFixed,
            List<ConfigEvent> events) {
        for (int round = 0; round <= scope.properties().size(); round++) {
            try {
                return new Outcome<>(scope.build(values(chosen), setInCode), byName(chosen), Map.copyOf(ignoredFixed));
            } catch (InvalidConfigException broken) {
                boolean movedBack = false;
                for (String name : broken.keys()) {
                    PropertyDefinition<C, B> p = scope.property(name);
                    if (p == null || chosen.get(p).value().equals(fallback.get(p).value())) {
                        continue;
                    }
                    EffectiveProperty refused = chosen.get(p);
                    events.add(event(ConfigEvent.Kind.REFUSED, p, refused, refused.origin() + " = " + refused.text(p)
                            + " for " + scope.segment() + " " + instance + ": " + broken.getMessage()
                            + "; keeping " + fallback.get(p).text(p)));
                    chosen.put(p, fallback.get(p));
                    movedBack = true;
                    break; // one key per round, in the rule's order: a valid change named later may still apply
                }
                if (!movedBack) {
                    break; // the values in force break the rule together: fall back to the whole record below
                }
            }
        }
        Map<PropertyDefinition<C, B>, EffectiveProperty> whole = new LinkedHashMap<>();
        for (PropertyDefinition<C, B> p : scope.properties()) {
            EffectiveProperty f = fallback.get(p);
            Object value = p.get(lastResort);
            whole.put(p, value.equals(f.value()) ? f : new EffectiveProperty(p.name(), value, f.level(), f.origin()));
        }
        events.add(new ConfigEvent(ConfigEvent.Kind.REFUSED, scope.segment(), instance, null, null, null,
                "the layered properties of " + scope.segment() + " " + instance
                        + " break a rule together; keeping the configuration in force"));
        return new Outcome<>(lastResort, byName(whole), Map.copyOf(ignoredFixed));
    }

    /** The strongest layer's value of every property. */
    private Map<PropertyDefinition<C, B>, EffectiveProperty> candidates() {
        Map<PropertyDefinition<C, B>, EffectiveProperty> chosen = new LinkedHashMap<>();
        for (PropertyDefinition<C, B> p : scope.properties()) {
            EffectiveProperty value = dynamic(p, instance, Level.DYNAMIC_INSTANCE);
            if (value == null && !setInCode.contains(p.name())) {
                value = dynamic(p, ConfigScope.DEFAULT_INSTANCE, Level.DYNAMIC_GLOBAL_DEFAULT);
            }
            chosen.put(p, value != null ? value : codeLayer(p));
        }
        for (Implication rule : scope.implications()) {
            EffectiveProperty trigger = chosen.get(scope.property(rule.trigger()));
            PropertyDefinition<C, B> implied = scope.property(rule.implied());
            if (strength(trigger) > strength(chosen.get(implied))) {
                chosen.put(implied, new EffectiveProperty(implied.name(), rule.value(), trigger.level(),
                        "implied by " + trigger.origin()));
            }
        }
        return chosen;
    }

    /** How explicitly a value was chosen: its layer, with the library's own default below everything. */
    private static int strength(EffectiveProperty value) {
        return value.origin().equals("library default") ? -1 : value.level().ordinal();
    }

    private EffectiveProperty dynamic(PropertyDefinition<C, B> p, String name, Level level) {
        for (String prefix : scope.prefixes()) {
            String key = scope.key(prefix, name, p);
            Object value = accepted.value(key);
            if (value != null) {
                return new EffectiveProperty(p.name(), value, level, key);
            }
        }
        return null;
    }

    /** The value from code: the instance's own if its builder set it, else the global default from code. */
    private EffectiveProperty codeLayer(PropertyDefinition<C, B> p) {
        if (setInCode.contains(p.name())) {
            return new EffectiveProperty(p.name(), p.get(code), Level.INSTANCE_DEFAULT_FROM_CODE, "code");
        }
        boolean overridden = scope.setInCode(globalCode).contains(p.name());
        return new EffectiveProperty(p.name(), p.get(globalCode), Level.GLOBAL_DEFAULT_FROM_CODE,
                overridden ? "code default" : "library default");
    }

    /** The running value with the source recorded for it, or the best explanation when none was recorded. */
    private EffectiveProperty inForce(PropertyDefinition<C, B> p, C current, Map<String, EffectiveProperty> known,
            EffectiveProperty candidate) {
        Object value = p.get(current);
        EffectiveProperty recorded = known.get(p.name());
        if (recorded != null && recorded.value().equals(value)) {
            return recorded;
        }
        if (candidate.value().equals(value)) {
            return candidate;
        }
        EffectiveProperty fromCode = codeLayer(p);
        return fromCode.value().equals(value) ? fromCode
                : new EffectiveProperty(p.name(), value, Level.INSTANCE_DEFAULT_FROM_CODE, "reconfigure");
    }

    private ConfigEvent event(ConfigEvent.Kind kind, PropertyDefinition<C, B> p, EffectiveProperty value,
            String message) {
        return new ConfigEvent(kind, scope.segment(), instance, p.name(), value.origin(), value.text(p), message);
    }

    private Map<PropertyDefinition<C, B>, Object> values(Map<PropertyDefinition<C, B>, EffectiveProperty> chosen) {
        Map<PropertyDefinition<C, B>, Object> values = new LinkedHashMap<>();
        chosen.forEach((p, e) -> values.put(p, Objects.requireNonNull(e.value())));
        return values;
    }

    private static <C, B> Map<String, EffectiveProperty> byName(
            Map<PropertyDefinition<C, B>, EffectiveProperty> chosen) {
        Map<String, EffectiveProperty> byName = new LinkedHashMap<>();
        chosen.forEach((p, e) -> byName.put(p.name(), e));
        return java.util.Collections.unmodifiableMap(byName);
    }
}
