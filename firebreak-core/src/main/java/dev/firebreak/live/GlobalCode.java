package dev.firebreak.live;

import dev.firebreak.config.ConfigScope;
import java.util.HashMap;
import java.util.Map;

/**
 * The global layer set in code, per scope: the defaults a {@link DynamicConfiguration.Builder} was
 * given, or else the scope's built-in defaults. Those are read at the scope's first resolution, not
 * when the configuration starts, so an application that never builds a collapser (or any guard
 * before it is ready) does not load that scope's property table at startup.
 *
 * <p>Filled by the builder on one thread, then only read (published by the configuration's final field).
 */
final class GlobalCode {

    private final Map<String, Object> bySegment = new HashMap<>();

    /** The global code layer of {@code scope}. */
    @SuppressWarnings("unchecked")
    <C> C of(ConfigScope<C, ?> scope) {
        Object set = bySegment.get(scope.segment());
        return set != null ? (C) set : scope.defaults();
    }

    /** Sets the global code layer of {@code scope}. */
    <C> void set(ConfigScope<C, ?> scope, C defaults) {
        bySegment.put(scope.segment(), defaults);
    }
}
