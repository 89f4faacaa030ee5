package dev.firebreak.live;

import dev.firebreak.GuardRegistry;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.config.Reconfigurable;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeProperties;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.registry.RegistryListener;
import dev.firebreak.callpolicy.PolicyPropertyTable;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryProperties;
import dev.firebreak.retry.RetryRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Live configuration of the call policies ({@link RetryRegistry}, {@link HedgeRegistry} of one guard
 * registry): keys {@code firebreak.retry.<name>.*} and {@code firebreak.hedge.<name>.*}, with
 * {@code firebreak.retry.default.*} and {@code firebreak.hedge.default.*} as dynamic global defaults
 * (the instance's key wins), applied over the configuration each policy was built with, so a key
 * that leaves its source gives the code's value back.
 *
 * <p>All or nothing per policy: a value that does not parse or breaks a rule is REFUSED (a
 * {@link ConfigEvent} naming key, value and rule) and the policy keeps the configuration in force.
 * Properties fixed at creation (the budget window) keep their running value. A policy built after
 * the configuration is bound gets the values in force from its registry's added event. Every
 * reconfigure call happens under the dynamic configuration's lock; events are published after it.
 */
final class CallPolicyTargets {

    private final RetryRegistry retries;
    private final HedgeRegistry hedges;
    private final RegistryListener<Retry> retryHook;
    private final RegistryListener<Hedge> hedgeHook;

    /**
     * @param lock the dynamic configuration's lock, held for every reconfigure call
     * @param inForce the sources' merged keys in force (read under the lock)
     * @param closed whether the dynamic configuration is closed (then nothing is applied)
     * @param publish tells listeners of the events, outside the lock
     */
    CallPolicyTargets(GuardRegistry registry, ReentrantLock lock, Supplier<Map<String, String>> inForce,
            BooleanSupplier closed, Consumer<List<ConfigEvent>> publish) {
        this.retries = RetryRegistry.of(registry);
        this.hedges = HedgeRegistry.of(registry);
        BiConsumer<Object, BiConsumer<Map<String, String>, List<ConfigEvent>>> added = (policy, step) -> {
            List<ConfigEvent> events = new ArrayList<>();
            lock.lock();
            try {
                if (!closed.getAsBoolean()) {
                    step.accept(inForce.get(), events);
                }
            } finally {
                lock.unlock();
                publish.accept(events);
            }
        };
        this.retryHook = hook(retry -> added.accept(retry, (merged, events) -> apply(retry, merged, events)));
        this.hedgeHook = hook(hedge -> added.accept(hedge, (merged, events) -> apply(hedge, merged, events)));
    }

    /** Starts following the policy registries' added and replaced events. */
    void start() {
        retries.registry().addListener(retryHook);
        hedges.registry().addListener(hedgeHook);
    }

    /** Stops following them; the policies keep the configuration they have. */
    void stop() {
        retries.registry().removeListener(retryHook);
        hedges.registry().removeListener(hedgeHook);
    }

    /** Applies {@code merged} (the sources' keys) to every registered policy. Under the lock. */
    void applyAll(Map<String, String> merged, List<ConfigEvent> events) {
        for (Retry retry : retries.policies()) {
            apply(retry, merged, events);
        }
        for (Hedge hedge : hedges.policies()) {
            apply(hedge, merged, events);
        }
    }

    private static void apply(Retry retry, Map<String, String> merged, List<ConfigEvent> events) {
        apply("retry", retry, retry.configFromCode(), RetryProperties.TABLE, merged, events);
    }

    private static void apply(Hedge hedge, Map<String, String> merged, List<ConfigEvent> events) {
        apply("hedge", hedge, hedge.configFromCode(), HedgeProperties.TABLE, merged, events);
    }

    private static <C, B> void apply(String segment, Reconfigurable<C> policy, C fromCode,
            PolicyPropertyTable<C, B> table, Map<String, String> merged, List<ConfigEvent> events) {
        String name = policy.name();
        Map<String, String> mine = keysOf(segment, name, merged);
        C next;
        try {
            next = table.apply(name, fromCode, mine);
        } catch (InvalidConfigException refused) {
            String key = fullKey(table, name, refused.key(), mine);
            String value = mine.getOrDefault(key, refused.value());
            events.add(new ConfigEvent(ConfigEvent.Kind.REFUSED, segment, name, propertyOf(segment, key), key, value,
                    key + " = " + value + ": " + refused.rule() + "; " + segment + " policy '" + name
                            + "' keeps the configuration in force"));
            return;
        }
        C current = policy.config();
        if (next.equals(current)) {
            return;
        }
        try {
            policy.reconfigure(next);
        } catch (RuntimeException failed) {
            events.add(new ConfigEvent(ConfigEvent.Kind.RECONFIGURE_FAILED, segment, name, null, null, null,
                    segment + " policy '" + name + "' refused its configuration (" + failed
                            + "); the configuration in force stays"));
            return;
        }
        for (PropertyDefinition<C, B> property : table.properties()) {
            Object now = property.get(policy.config());
            if (!Objects.equals(property.get(current), now)) {
                String key = mine.containsKey(table.key(name, property)) ? table.key(name, property)
                        : table.key(PolicyPropertyTable.DEFAULT_INSTANCE, property);
                String text = property.format(now);
                events.add(new ConfigEvent(ConfigEvent.Kind.APPLIED, segment, name, property.name(), key, text,
                        key + " = " + text + " applied to " + segment + " policy '" + name + "'"));
            }
        }
    }

    /** The keys of {@code segment} for instance {@code name} and for the default instance. */
    private static Map<String, String> keysOf(String segment, String name, Map<String, String> merged) {
        String own = "firebreak." + segment + "." + name + ".";
        String defaults = "firebreak." + segment + "." + PolicyPropertyTable.DEFAULT_INSTANCE + ".";
        Map<String, String> mine = new HashMap<>();
        merged.forEach((key, value) -> {
            if (key.startsWith(own) || key.startsWith(defaults)) {
                mine.put(key, value);
            }
        });
        return mine;
    }

    /**
     * The source key behind a refusal: a parse refusal names it already; a rule across the record names
     * the property only, so the instance's key is looked up first, then the default instance's.
     */
    private static <C, B> String fullKey(PolicyPropertyTable<C, B> table, String name, String refusedKey,
            Map<String, String> mine) {
        if (refusedKey == null || refusedKey.startsWith("firebreak.")) {
            return refusedKey;
        }
        for (String instance : new String[] {name, PolicyPropertyTable.DEFAULT_INSTANCE}) {
            for (PropertyDefinition<C, B> property : table.properties()) {
                String key = table.key(instance, property);
                if (property.name().equals(refusedKey) && mine.containsKey(key)) {
                    return key;
                }
            }
        }
        return refusedKey;
    }

    private static String propertyOf(String segment, String key) {
        if (key == null) {
            return null;
        }
        String rest = key.startsWith("firebreak." + segment + ".") ? key.substring(("firebreak." + segment + ".").length()) : key;
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(dot + 1);
    }

    private static <T> RegistryListener<T> hook(Consumer<T> added) {
        return new RegistryListener<>() {
            @Override
            public void onAdded(T policy) {
                added.accept(policy);
            }

            @Override
            public void onRemoved(T policy) {
                // nothing kept per policy: a removed policy is simply no longer reached
            }
        };
    }
}
