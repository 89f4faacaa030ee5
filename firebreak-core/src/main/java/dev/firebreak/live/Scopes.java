package dev.firebreak.live;

import dev.firebreak.GuardConfig;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.hedge.HedgeConfig;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.retry.RetryConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * Every scope live configuration reads keys for: guards ({@code command}), thread pools, collapsers,
 * retry and hedging policies. With each scope's {@link ConfigScope#prefixes() prefixes} and
 * {@link ConfigScope#describe() property descriptions}, this is every key a {@link DynamicConfiguration}
 * accepts, for tools that document them or offer them for completion.
 */
// Adding a configurable kind of object is one line in each list here and one case in scope() (and its
// target). A scope's property table is loaded only when a key names its segment (named) or a tool asks
// for all of them: keys outside the scopes (such as firebreak.stream.enabled) cost no table at startup,
// and an application without retry or hedge keys never loads their tables.
public final class Scopes {

    /** The key segment of each scope, in the order of {@link #all()}; {@link #scope} checks they agree. */
    private static final List<String> SEGMENTS = List.of("command", "threadpool", "collapser", "retry", "hedge");

    /** The prefixes each scope accepts, in the order of {@link #SEGMENTS}; {@link #scope} checks they agree. */
    private static final List<List<String>> PREFIXES = List.of(ConfigScope.FIREBREAK_AND_HYSTRIX,
            ConfigScope.FIREBREAK_AND_HYSTRIX, ConfigScope.FIREBREAK_AND_HYSTRIX, ConfigScope.FIREBREAK_ONLY,
            ConfigScope.FIREBREAK_ONLY);

    private Scopes() {
    }

    /** The scopes, in the order keys are matched. */
    public static List<ConfigScope<?, ?>> all() {
        List<ConfigScope<?, ?>> all = new ArrayList<>(SEGMENTS.size());
        for (int i = 0; i < SEGMENTS.size(); i++) {
            all.add(scope(i));
        }
        return List.copyOf(all);
    }

    /**
     * The start of every key a scope reads, {@code <prefix>.<segment>.} for each scope and each prefix it
     * accepts ({@code firebreak.command.}, {@code hystrix.command.}, ..., {@code firebreak.hedge.}), in
     * the order of {@link #all()}, strongest prefix first: what a binder reads, without loading any
     * scope's property table.
     */
    public static List<String> keyPrefixes() {
        List<String> starts = new ArrayList<>();
        for (int i = 0; i < SEGMENTS.size(); i++) {
            for (String prefix : PREFIXES.get(i)) {
                starts.add(prefix + "." + SEGMENTS.get(i) + ".");
            }
        }
        return List.copyOf(starts);
    }

    /**
     * The scope whose segment {@code key} has right after {@code prefix} and a dot, if that scope accepts
     * {@code prefix}; else null.
     */
    static ConfigScope<?, ?> named(String prefix, String key) {
        for (int i = 0; i < SEGMENTS.size(); i++) {
            String segment = SEGMENTS.get(i);
            if (key.startsWith(segment + ".", prefix.length() + 1)) {
                return PREFIXES.get(i).contains(prefix) ? scope(i) : null;
            }
        }
        return null;
    }

    /** The i-th scope, loading its table (and only its); checked against what this class lists for it. */
    private static ConfigScope<?, ?> scope(int i) {
        ConfigScope<?, ?> scope = switch (i) {
            case 0 -> GuardConfig.scope();
            case 1 -> ThreadPoolConfig.scope();
            case 2 -> CollapserConfig.scope();
            case 3 -> RetryConfig.scope();
            case 4 -> HedgeConfig.scope();
            default -> throw new IndexOutOfBoundsException(i);
        };
        if (!scope.segment().equals(SEGMENTS.get(i)) || !scope.prefixes().equals(PREFIXES.get(i))) {
            throw new IllegalStateException("scope " + scope + " has segment '" + scope.segment() + "' and prefixes "
                    + scope.prefixes() + ", not '" + SEGMENTS.get(i) + "' and " + PREFIXES.get(i) + " as Scopes lists it");
        }
        return scope;
    }
}
