package dev.firebreak.live;

import dev.firebreak.GuardConfig;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.isolation.ThreadPoolConfig;

/**
 * The global layer set in code, per scope: the defaults a {@link DynamicConfiguration.Builder} was
 * given, or else the scope's built-in defaults. Those are made at the scope's first resolution, not
 * when the configuration starts, so an application that never builds a collapser (or any guard
 * before it is ready) does not load that scope's property tables at startup.
 */
final class GlobalCode {

    private final GuardConfig guards;
    private final ThreadPoolConfig pools;
    private final CollapserConfig collapsers;

    /** Each argument may be null: the scope's built-in defaults then. */
    GlobalCode(GuardConfig guards, ThreadPoolConfig pools, CollapserConfig collapsers) {
        this.guards = guards;
        this.pools = pools;
        this.collapsers = collapsers;
    }

    /** The global code layer of {@code scope} (one of the three scopes of {@link Scopes#all()}). */
    Object of(ConfigScope<?, ?> scope) {
        if (scope == GuardConfig.scope()) {
            return guards != null ? guards : BuiltIn.GUARDS;
        }
        if (scope == ThreadPoolConfig.scope()) {
            return pools != null ? pools : BuiltInPools.POOLS;
        }
        if (scope == CollapserConfig.scope()) {
            return collapsers != null ? collapsers : BuiltInCollapsers.COLLAPSERS;
        }
        throw new IllegalArgumentException("no global code layer for scope " + scope);
    }

    // One holder per scope: the JVM builds each (immutable) value once, at its first use, on any thread.
    private static final class BuiltIn {
        static final GuardConfig GUARDS = GuardConfig.defaults();
    }

    private static final class BuiltInPools {
        static final ThreadPoolConfig POOLS = ThreadPoolConfig.defaults();
    }

    private static final class BuiltInCollapsers {
        static final CollapserConfig COLLAPSERS = CollapserConfig.defaults();
    }
}
