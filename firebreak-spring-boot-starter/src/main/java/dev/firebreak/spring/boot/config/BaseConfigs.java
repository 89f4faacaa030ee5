package dev.firebreak.spring.boot.config;

import dev.firebreak.GuardConfig;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Named base configurations, resolved in the Environment's snapshot before the core reads it:
 * {@code firebreak.configs.<name>.<property>} holds any guard property, and
 * {@code firebreak.command.<guard>.baseConfig: <name>} makes the guard extend that base. Each property of
 * the base that the guard does not set itself (in either spelling, {@code firebreak.} or {@code hystrix.})
 * becomes the guard's own key, so for that guard: its own keys &gt; its base &gt; the default section
 * &gt; code, and a change to the base or to the choice of base applies at the next read like any key.
 *
 * <p>The starter defines two bases itself ({@link BuiltInBases}): {@code firebreak-bulkhead} and
 * {@code firebreak-rate-limiter}, a guard that is that part alone.
 *
 * <p>Refused, naming the key, its value and the rule: a base name that is not defined, a base for the
 * {@code default} section, a base that names a base of its own (so there is no chain and no cycle), a
 * key under a base that names no guard property, and a base value its property refuses on its own type
 * or range. A refusal fails the whole read: at startup the start fails; later the Environment's last
 * good snapshot stays in force, and the core logs why, until the base is fixed.
 */
final class BaseConfigs {

    private static final String CONFIGS = StarterProperties.CONFIGS + ".";
    private static final String BASE_SUFFIX = "." + StarterProperties.BASE_CONFIG;

    private BaseConfigs() {
    }

    /** {@code snapshot} with every guard's base applied and the {@code baseConfig} keys consumed. */
    static Map<String, String> apply(Map<String, String> snapshot) {
        if (!mentionsBases(snapshot)) {
            return snapshot;
        }
        ConfigScope<GuardConfig, GuardConfig.Builder> scope = GuardConfig.scope();
        Map<String, Map<PropertyDefinition<GuardConfig, GuardConfig.Builder>, String>> bases = bases(scope, snapshot);
        Map<String, String> resolved = new HashMap<>(snapshot);
        String guards = scope.prefixes().get(0) + "." + scope.segment() + ".";
        for (Map.Entry<String, String> entry : new TreeMap<>(snapshot).entrySet()) {
            String key = entry.getKey();
            if (!key.startsWith(guards) || !key.endsWith(BASE_SUFFIX) || key.length() <= guards.length() + BASE_SUFFIX.length()) {
                continue;
            }
            String guard = key.substring(guards.length(), key.length() - BASE_SUFFIX.length());
            String name = entry.getValue().strip();
            if (guard.equals(ConfigScope.DEFAULT_INSTANCE)) {
                throw new InvalidConfigException(key, entry.getValue(), "the default section cannot have a base"
                        + " configuration (it is what every guard extends); set its values under " + guards
                        + ConfigScope.DEFAULT_INSTANCE + ".* instead");
            }
            Map<PropertyDefinition<GuardConfig, GuardConfig.Builder>, String> base = bases.get(name);
            if (base == null) {
                throw new InvalidConfigException(key, entry.getValue(), "must name a base configuration defined under "
                        + CONFIGS + "<name>.* (" + (bases.isEmpty() ? "none is defined" : "defined: "
                                + String.join(", ", bases.keySet())) + ")");
            }
            resolved.remove(key);
            base.forEach((property, text) -> {
                if (!setByGuard(scope, snapshot, guard, property)) {
                    resolved.put(scope.key(scope.prefixes().get(0), guard, property), text);
                }
            });
        }
        return resolved;
    }

    private static boolean mentionsBases(Map<String, String> snapshot) {
        for (String key : snapshot.keySet()) {
            if (key.startsWith(CONFIGS) || key.endsWith(BASE_SUFFIX)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the guard sets {@code property} itself, in any spelling. */
    private static boolean setByGuard(ConfigScope<GuardConfig, GuardConfig.Builder> scope, Map<String, String> snapshot,
            String guard, PropertyDefinition<GuardConfig, GuardConfig.Builder> property) {
        for (String prefix : scope.prefixes()) {
            if (snapshot.containsKey(scope.key(prefix, guard, property))) {
                return true;
            }
        }
        return false;
    }

    /** The bases defined in {@code snapshot}, by name (sorted), each value checked on its own. */
    private static Map<String, Map<PropertyDefinition<GuardConfig, GuardConfig.Builder>, String>> bases(
            ConfigScope<GuardConfig, GuardConfig.Builder> scope, Map<String, String> snapshot) {
        Map<String, Map<PropertyDefinition<GuardConfig, GuardConfig.Builder>, String>> bases = new TreeMap<>();
        for (Map.Entry<String, String> entry : new TreeMap<>(snapshot).entrySet()) {
            String key = entry.getKey();
            if (!key.startsWith(CONFIGS)) {
                continue;
            }
            String rest = key.substring(CONFIGS.length());
            if (rest.endsWith(BASE_SUFFIX)) {
                throw new InvalidConfigException(key, entry.getValue(), "a base configuration cannot have a base"
                        + " of its own; give it the values itself");
            }
            PropertyDefinition<GuardConfig, GuardConfig.Builder> property = propertyAtEnd(scope.properties(), rest);
            if (property == null) {
                throw new InvalidConfigException(key, entry.getValue(), "names no guard property; " + CONFIGS
                        + "<name>.<property> takes the properties of " + scope.prefixes().get(0) + "."
                        + scope.segment() + "." + ConfigScope.DEFAULT_INSTANCE + ".*");
            }
            Object value = property.parse(key, entry.getValue());
            InvalidConfigException refused = scope.checkAlone(property, value);
            if (refused != null) {
                throw new InvalidConfigException(key, entry.getValue(), refused.rule());
            }
            String name = rest.substring(0, rest.length() - property.name().length() - 1);
            bases.computeIfAbsent(name, n -> new LinkedHashMap<>()).put(property, entry.getValue());
        }
        BuiltInBases.all().forEach((name, values) -> { // an application's base of the same name replaces it
            if (!bases.containsKey(name)) {
                Map<PropertyDefinition<GuardConfig, GuardConfig.Builder>, String> base = new LinkedHashMap<>();
                values.forEach((property, text) -> base.put(scope.property(property), text));
                bases.put(name, base);
            }
        });
        return bases;
    }

    /** The property whose name {@code rest} ends with after a non-empty name and a dot (the longest), or null. */
    private static <P extends PropertyDefinition<?, ?>> P propertyAtEnd(List<P> properties, String rest) {
        P best = null;
        for (P candidate : properties) {
            String suffix = "." + candidate.name();
            if (rest.length() > suffix.length() && rest.endsWith(suffix)
                    && (best == null || candidate.name().length() > best.name().length())) {
                best = candidate;
            }
        }
        return best;
    }
}
