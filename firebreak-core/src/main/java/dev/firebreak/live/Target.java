package dev.firebreak.live;

import dev.firebreak.config.ConfigScope;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * One running object dynamic configuration keeps up to date: a guard, a pool, a collapser, a retry or
 * hedging policy; adding a configurable kind of object is one scope and one way to make its target.
 *
 * @param identity the object itself, the key of its recorded state
 * @param scope its scope
 * @param name its instance name in keys
 * @param code the configuration its builder gave (the "instance default from code" layer)
 * @param current reads the configuration in force
 * @param reconfigure applies a new configuration; false if a fixed property differed
 * @param <C> the config record
 * @param <B> its builder
 */
record Target<C, B>(Object identity, ConfigScope<C, B> scope, String name, C code, Supplier<C> current,
        Predicate<C> reconfigure) {
}
