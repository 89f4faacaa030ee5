package dev.firebreak.live;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.registry.RegistryListener;
import dev.firebreak.retry.Retry;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The registry events one {@link DynamicConfiguration} follows, so that an object is kept up to date
 * from the moment it is registered (not at the next refresh): guards (and the pools they made), retry
 * and hedging policies. A removed object is forgotten.
 */
final class RegistryHooks {

    private final GuardRegistry registry;
    private final TargetDirectory targets;
    private final Consumer<Supplier<List<Target<?, ?>>>> applyAtOnce;
    private final Consumer<Object> forget;
    private final GuardRegistry.RegistryListener guards = new GuardHook();
    private final RegistryListener<Retry> retries;
    private final RegistryListener<Hedge> hedges;

    /**
     * @param applyAtOnce applies the configuration in force to the targets the supplier gives, read under
     *     the configuration's lock
     * @param forget forgets what was recorded for an object that left
     */
    RegistryHooks(GuardRegistry registry, TargetDirectory targets, Consumer<Supplier<List<Target<?, ?>>>> applyAtOnce,
            Consumer<Object> forget) {
        this.registry = registry;
        this.targets = targets;
        this.applyAtOnce = applyAtOnce;
        this.forget = forget;
        this.retries = new PolicyHook<>(targets::retry);
        this.hedges = new PolicyHook<>(targets::hedge);
    }

    void start() {
        registry.addRegistryListener(guards);
        targets.retries().registry().addListener(retries);
        targets.hedges().registry().addListener(hedges);
    }

    void stop() {
        registry.removeRegistryListener(guards);
        targets.retries().registry().removeListener(retries);
        targets.hedges().registry().removeListener(hedges);
    }

    private final class GuardHook implements GuardRegistry.RegistryListener {
        @Override
        public void onAdded(Guard guard) {
            applyAtOnce.accept(() -> guard.controls().threadPool() == null ? List.of(targets.guard(guard))
                    : List.of(targets.guard(guard), targets.pool(guard.controls().threadPool())));
        }

        @Override
        public void onRemoved(Guard guard) {
            forget.accept(guard);
        }
    }

    private final class PolicyHook<P> implements RegistryListener<P> {
        private final Function<P, Target<?, ?>> target;

        PolicyHook(Function<P, Target<?, ?>> target) {
            this.target = target;
        }

        @Override
        public void onAdded(P policy) {
            applyAtOnce.accept(() -> List.of(target.apply(policy)));
        }

        @Override
        public void onRemoved(P policy) {
            forget.accept(policy);
        }
    }
}
