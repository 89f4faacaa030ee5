package dev.firebreak.live;

import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.PropertyDefinition;

/**
 * A full key taken apart: {@code <prefix>.<scope>.<instance>.<property>}. Instance names may contain
 * dots ({@code firebreak.command.random.org.fallback.enabled}); the property is found as the longest
 * property name the key ends with, so no property name may end with another one (a test checks).
 *
 * @param prefix one of the scope's prefixes ({@code firebreak}, or {@code hystrix} for Hystrix's scopes)
 * @param scope the scope
 * @param instance the instance name, {@code default} for the dynamic global default
 * @param property the property
 */
record PropertyKey(String prefix, ConfigScope<?, ?> scope, String instance, PropertyDefinition<?, ?> property) {

    /** Whether {@code key} lies under a scope ({@code firebreak.command.}, {@code hystrix.threadpool.}, {@code firebreak.retry.}, ...). */
    static boolean underScope(String key) {
        return scopeOf(key) != null;
    }

    /** The parts of {@code key}, or null if it names no property of any scope. */
    static PropertyKey parse(String key) {
        ConfigScope<?, ?> scope = scopeOf(key);
        if (scope == null) {
            return null;
        }
        String prefix = key.substring(0, key.indexOf('.'));
        String rest = key.substring(prefix.length() + 1 + scope.segment().length() + 1);
        PropertyDefinition<?, ?> best = null;
        for (PropertyDefinition<?, ?> candidate : scope.properties()) {
            String suffix = "." + candidate.name();
            if (rest.length() > suffix.length() && rest.endsWith(suffix)
                    && (best == null || candidate.name().length() > best.name().length())) {
                best = candidate;
            }
        }
        if (best == null) {
            return null;
        }
        String instance = rest.substring(0, rest.length() - best.name().length() - 1);
        return new PropertyKey(prefix, scope, instance, best);
    }

    private static ConfigScope<?, ?> scopeOf(String key) {
        for (String prefix : ConfigScope.FIREBREAK_AND_HYSTRIX) { // every prefix any scope accepts
            if (key.startsWith(prefix) && key.length() > prefix.length() && key.charAt(prefix.length()) == '.') {
                ConfigScope<?, ?> scope = Scopes.named(prefix, key);
                if (scope != null) {
                    return scope;
                }
            }
        }
        return null;
    }
}
