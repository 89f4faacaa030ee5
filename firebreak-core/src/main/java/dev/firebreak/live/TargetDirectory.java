package dev.firebreak.live;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardRegistry;
import dev.firebreak.callpolicy.CallPolicy;
import dev.firebreak.callpolicy.BudgetedConfig;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeConfig;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryConfig;
import dev.firebreak.retry.RetryRegistry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The running objects one {@link DynamicConfiguration} keeps up to date, each with its "instance default
 * from code" layer: a guard's is {@link Guard#codeConfig()}; a pool's is recorded when the registry
 * creates it through the resolver (else its configuration when first seen); a registry collapser's is
 * what its builder resolved (else its configuration when first seen); a bound collapser gives its own;
 * a retry or hedging policy's is {@link CallPolicy#codeConfig()}.
 *
 * <p>Not thread-safe: the owner calls it under its lock.
 */
final class TargetDirectory {

    private final GuardRegistry registry;
    private final Map<String, ThreadPoolConfig> poolCode = new HashMap<>();
    private final Map<String, CollapserConfig> collapserCodeByName = new HashMap<>();
    private final Map<Object, CollapserConfig> collapserCode = new IdentityHashMap<>();
    private final List<Target<CollapserConfig, CollapserConfig.Builder>> bound = new ArrayList<>();

    TargetDirectory(GuardRegistry registry) {
        this.registry = registry;
    }

    /**
     * Every object to keep up to date: the registry's guards, pools and collapsers, the bound
     * collapsers, and the retry and hedging policies.
     */
    List<Target<?, ?>> all() {
        List<Target<?, ?>> targets = new ArrayList<>();
        for (Guard guard : registry.guards()) {
            targets.add(guard(guard));
        }
        for (GuardThreadPool pool : registry.pools()) {
            targets.add(pool(pool));
        }
        for (Collapser<?, ?> collapser : CollapserRegistry.of(registry).collapsers()) {
            targets.add(collapser(collapser));
        }
        targets.addAll(bound);
        for (Retry retry : retries().policies()) {
            targets.add(retry(retry));
        }
        for (Hedge hedge : hedges().policies()) {
            targets.add(hedge(hedge));
        }
        return targets;
    }

    /** The registry's retry policies. */
    RetryRegistry retries() {
        return RetryRegistry.of(registry);
    }

    /** The registry's hedging policies. */
    HedgeRegistry hedges() {
        return HedgeRegistry.of(registry);
    }

    /** The identities of {@code targets}, compared by identity. */
    static Set<Object> identities(List<Target<?, ?>> targets) {
        Set<Object> live = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Target<?, ?> target : targets) {
            live.add(target.identity());
        }
        return live;
    }

    /** Forgets the code layers of collapsers no longer among {@code live}. */
    void retain(Set<Object> live) {
        collapserCode.keySet().retainAll(live);
    }

    Target<GuardConfig, GuardConfig.Builder> guard(Guard guard) {
        return new Target<>(guard, GuardConfig.scope(), guard.name(), guard.controls().codeConfig(), guard.controls()::config,
                guard.controls()::reconfigure);
    }

    Target<ThreadPoolConfig, ThreadPoolConfig.Builder> pool(GuardThreadPool pool) {
        ThreadPoolConfig code = poolCode.computeIfAbsent(pool.name(), name -> pool.config());
        return new Target<>(pool, ThreadPoolConfig.scope(), pool.name(), code, pool::config, pool::reconfigure);
    }

    Target<CollapserConfig, CollapserConfig.Builder> collapser(Collapser<?, ?> collapser) {
        CollapserConfig code = collapserCode.computeIfAbsent(collapser, c -> {
            CollapserConfig fromBuilder = collapserCodeByName.remove(collapser.name());
            return fromBuilder != null ? fromBuilder : collapser.config();
        });
        return new Target<>(collapser, CollapserConfig.scope(), collapser.name(), code, collapser::config,
                collapser::reconfigure);
    }

    Target<RetryConfig, RetryConfig.Builder> retry(Retry retry) {
        return policy(RetryConfig.scope(), retry);
    }

    Target<HedgeConfig, HedgeConfig.Builder> hedge(Hedge hedge) {
        return policy(HedgeConfig.scope(), hedge);
    }

    /** The target of a retry or hedging policy (the kinds live configuration knows). */
    @SuppressWarnings("unchecked")
    <C, B> Target<C, B> callPolicy(CallPolicy<?> policy) {
        return (Target<C, B>) switch (policy) {
            case Retry retry -> retry(retry);
            case Hedge hedge -> hedge(hedge);
            default -> throw new IllegalArgumentException("no live configuration for " + policy
                    + " (rule: a call policy is a Retry or a Hedge)");
        };
    }

    /** A call policy of {@code scope}; its code layer is the configuration its builder gave. */
    private static <C extends BudgetedConfig, B> Target<C, B> policy(ConfigScope<C, B> scope,
            CallPolicy<C> policy) {
        return new Target<>(policy, scope, policy.name(), policy.codeConfig(), policy::config, policy::reconfigure);
    }

    /** Records an object created with its code's configuration: pools and collapsers (guards are found in the registry). */
    void created(ConfigScope<?, ?> scope, String name, Object fromCode) {
        if (scope == ThreadPoolConfig.scope()) {
            poolCreated(name, (ThreadPoolConfig) fromCode);
        } else if (scope == CollapserConfig.scope()) {
            collapserCreated(name, (CollapserConfig) fromCode);
        }
    }

    /** Records the code layer of a pool the registry is creating. */
    void poolCreated(String name, ThreadPoolConfig fromCode) {
        poolCode.put(name, fromCode);
    }

    /** Records the code layer of a collapser a builder is creating. */
    void collapserCreated(String name, CollapserConfig fromCode) {
        collapserCodeByName.put(name, fromCode);
    }

    void bind(Target<CollapserConfig, CollapserConfig.Builder> target) {
        bound.add(target);
    }

    void unbind(Target<CollapserConfig, CollapserConfig.Builder> target) {
        bound.remove(target);
    }

    /** The collapser named {@code name}: the registry's, else the first bound one. */
    Optional<Target<CollapserConfig, CollapserConfig.Builder>> findCollapser(String name) {
        Optional<Collapser<?, ?>> registered = CollapserRegistry.of(registry).find(name);
        if (registered.isPresent()) {
            return Optional.of(collapser(registered.get()));
        }
        return bound.stream().filter(c -> c.name().equals(name)).findFirst();
    }
}
