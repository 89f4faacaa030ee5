package dev.firebreak.keyed;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.config.InvalidConfigException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/** Builds a {@link KeyedGuards}: {@code KeyedGuards.builder(registry, naming)...build()}. */
public final class KeyedGuardsBuilder<K> {
    final GuardRegistry registry;
    final Function<? super K, String> naming;
    BiConsumer<? super K, Guard.Builder> template = (key, guard) -> { };
    int maxKeys = 1_000;
    Duration expireAfterIdle = Duration.ofMinutes(10);
    Executor evictionExecutor = task -> Thread.ofVirtual().name("firebreak-keyed-eviction").start(task);

    KeyedGuardsBuilder(GuardRegistry registry, Function<? super K, String> naming) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.naming = Objects.requireNonNull(naming, "naming");
    }

    /** Configures every key's guard the same way (isolation, timeout, breaker, ...); default: Guard's defaults. */
    public KeyedGuardsBuilder<K> template(Consumer<Guard.Builder> template) {
        Objects.requireNonNull(template, "template");
        return template((key, guard) -> template.accept(guard));
    }

    /** Configures each key's guard knowing its key (a pool per host, a timeout per tenant tier, ...). */
    public KeyedGuardsBuilder<K> template(BiConsumer<? super K, Guard.Builder> template) {
        this.template = Objects.requireNonNull(template, "template");
        return this;
    }

    /** The most keys at once, at least 1 (default 1,000); see {@link KeyedGuards} for what happens at the cap. */
    public KeyedGuardsBuilder<K> maxKeys(int maxKeys) {
        if (maxKeys < 1) {
            throw new InvalidConfigException("maxKeys", maxKeys, "must be >= 1");
        }
        this.maxKeys = maxKeys;
        return this;
    }

    /** How long a key may stay unused before it is evicted, more than zero (default 10 minutes). */
    public KeyedGuardsBuilder<K> expireAfterIdle(Duration idle) {
        Objects.requireNonNull(idle, "expireAfterIdle");
        if (idle.isNegative() || idle.isZero()) {
            throw new InvalidConfigException("expireAfterIdle", idle, "must be > 0");
        }
        this.expireAfterIdle = idle;
        return this;
    }

    /**
     * Where idle sweeps run (they remove guards, which calls registry listeners); default: a new
     * virtual thread per sweep. Tests on a ManualClock pass {@code Runnable::run}.
     */
    public KeyedGuardsBuilder<K> evictionExecutor(Executor executor) {
        this.evictionExecutor = Objects.requireNonNull(executor, "evictionExecutor");
        return this;
    }

    /** Builds the keyed guards; no guard exists until a key's first call. */
    public KeyedGuards<K> build() {
        return new KeyedGuards<>(this);
    }
}
