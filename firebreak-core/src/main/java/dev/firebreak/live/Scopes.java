package dev.firebreak.live;

import dev.firebreak.GuardConfig;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.hedge.HedgeConfig;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.retry.RetryConfig;
import java.util.List;

/**
 * Every scope live configuration reads keys for: guards ({@code command}), thread pools, collapsers,
 * retry and hedging policies. With each scope's {@link ConfigScope#prefixes() prefixes} and
 * {@link ConfigScope#describe() property descriptions}, this is every key a {@link DynamicConfiguration}
 * accepts, for tools that document them or offer them for completion.
 */
// Adding a configurable kind of object is one line here (and its target). A scope's property table is
// loaded only when a key names its segment (named), so keys outside the scopes (such as
// firebreak.stream.enabled) cost no table at startup.
public final class Scopes {

    /** The key segment of each scope, in the order of {@link #all()}; {@link #named} checks they agree. */
    private static final List<String> SEGMENTS = List.of("command", "threadpool", "collapser", "retry", "hedge");

    private Scopes() {
    }

    /** The scopes, in the order keys are matched. */
    public static List<ConfigScope<?, ?>> all() {
        return List.of(GuardConfig.scope(), ThreadPoolConfig.scope(), CollapserConfig.scope(), RetryConfig.scope(),
                HedgeConfig.scope());
    }

    /**
     * The scope whose segment {@code key} has right after {@code prefix} and a dot, if that scope accepts
     * {@code prefix}; else null.
     */
    static ConfigScope<?, ?> named(String prefix, String key) {
        for (int i = 0; i < SEGMENTS.size(); i++) {
            String segment = SEGMENTS.get(i);
            if (key.startsWith(segment + ".", prefix.length() + 1)) {
                ConfigScope<?, ?> scope = all().get(i);
                if (!scope.segment().equals(segment)) {
                    throw new IllegalStateException("scope " + scope + " has segment '" + scope.segment()
                            + "', not '" + segment + "' as Scopes lists it");
                }
                return scope.prefixes().contains(prefix) ? scope : null;
            }
        }
        return null;
    }
}
