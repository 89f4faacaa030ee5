package dev.firebreak;

import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.config.ConfigResolver;
import dev.firebreak.event.GuardListener;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The guards and thread pools of one application, by name, with the one {@link Ticker} and one
 * {@link Scheduler} they all use. Operations (the stream, the dashboard, dynamic configuration) find
 * guards here.
 *
 * <p>{@link #global()} uses the system clock; tests make their own registry around a
 * {@link dev.firebreak.testkit.ManualClock}: {@code GuardRegistry.builder().clock(clock).build()}.
 */
public final class GuardRegistry {

    private static final GuardRegistry GLOBAL = builder().build();

    private final Ticker ticker;
    private final Scheduler scheduler;
    private final ConcurrentHashMap<String, Guard> guards = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, GuardThreadPool> pools = new ConcurrentHashMap<>();
    private final CopyOnWriteArrayList<GuardListener> listeners = new CopyOnWriteArrayList<>();
    private final CopyOnWriteArrayList<RegistryListener> registryListeners = new CopyOnWriteArrayList<>();
    private final CollapserRegistry collapsers = new CollapserRegistry(this);
    private volatile ConfigResolver configResolver = ConfigResolver.codeOnly();

    private GuardRegistry(Ticker ticker, Scheduler scheduler) {
        this.ticker = ticker;
        this.scheduler = scheduler;
    }

    /** The process-wide registry on the system clock, used by {@link Guard#named(String)}. */
    public static GuardRegistry global() {
        return GLOBAL;
    }

    /** A builder for a registry of its own (tests, several isolated subsystems). */
    public static Builder builder() {
        return new Builder();
    }

    /** Starts building a guard named {@code name} in this registry. */
    public Guard.Builder guard(String name) {
        return new Guard.Builder(this, name);
    }

    /** The guard named {@code name}, if built. */
    public Optional<Guard> find(String name) {
        return Optional.ofNullable(guards.get(name));
    }

    /** Every guard, in no particular order. */
    public Collection<Guard> guards() {
        return List.copyOf(guards.values());
    }

    /** Every thread pool, in no particular order. */
    public Collection<GuardThreadPool> pools() {
        return List.copyOf(pools.values());
    }

    /** The pool named {@code name}, if one exists. */
    public Optional<GuardThreadPool> findPool(String name) {
        return Optional.ofNullable(pools.get(name));
    }

    /** The collapsers of this registry, by name; they share its clock. */
    public CollapserRegistry collapsers() {
        return collapsers;
    }

    /** The clock every part of this registry reads. */
    public Ticker ticker() {
        return ticker;
    }

    /** The scheduler every part of this registry waits on. */
    public Scheduler scheduler() {
        return scheduler;
    }

    /** Subscribes to every call of every guard of this registry. */
    public void addListener(GuardListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Unsubscribes a listener added with {@link #addListener}. */
    public void removeListener(GuardListener listener) {
        listeners.remove(listener);
    }

    /** Subscribes to guards being added and removed. */
    public void addRegistryListener(RegistryListener listener) {
        registryListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Unsubscribes a listener added with {@link #addRegistryListener}. */
    public void removeRegistryListener(RegistryListener listener) {
        registryListeners.remove(listener);
    }

    /**
     * What turns the configuration a builder gave into the one a new guard, pool or collapser starts
     * with; by default the code's configuration as is. Dynamic configuration installs itself here.
     */
    public ConfigResolver configResolver() {
        return configResolver;
    }

    /** Installs {@code resolver} for guards, pools and collapsers created from now on. */
    public void useConfigResolver(ConfigResolver resolver) {
        this.configResolver = Objects.requireNonNull(resolver, "resolver");
    }

    /**
     * Removes a guard: it stays usable by whoever holds it, but operations no longer see it. Its pool
     * stays while other guards may share it.
     */
    public boolean remove(String name) {
        Guard removed = guards.remove(name);
        if (removed != null) {
            for (RegistryListener listener : registryListeners) {
                listener.onRemoved(removed);
            }
        }
        return removed != null;
    }

    List<GuardListener> listeners() {
        return listeners;
    }

    GuardThreadPool poolFor(String name, ThreadPoolConfig configIfNew) {
        return pools.computeIfAbsent(name, key -> new GuardThreadPool(key, configResolver.threadPoolConfig(key,
                configIfNew == null ? ThreadPoolConfig.defaults() : configIfNew), ticker));
    }

    void register(Guard guard) {
        Guard previous = guards.putIfAbsent(guard.name(), guard);
        if (previous != null) {
            throw new IllegalStateException("a guard named '" + guard.name()
                    + "' already exists in this registry; look it up with find(name) or remove it first");
        }
        for (RegistryListener listener : registryListeners) {
            listener.onAdded(guard);
        }
    }

    /** Told when guards join or leave a registry (Micrometer binders, the stream). */
    public interface RegistryListener {
        /** A guard was built. */
        void onAdded(Guard guard);

        /** A guard was removed. */
        void onRemoved(Guard guard);
    }

    /** Builds a {@link GuardRegistry}. */
    public static final class Builder {
        private Ticker ticker = Ticker.system();
        private Scheduler scheduler = Scheduler.system();

        private Builder() {
        }

        /** The time source (default: the system's monotonic clock). */
        public Builder ticker(Ticker ticker) {
            this.ticker = Objects.requireNonNull(ticker, "ticker");
            return this;
        }

        /** The scheduler (default: one shared daemon timer thread). */
        public Builder scheduler(Scheduler scheduler) {
            this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
            return this;
        }

        /** One object serving as both ticker and scheduler, such as a ManualClock. */
        public <C extends Ticker & Scheduler> Builder clock(C clock) {
            return ticker(clock).scheduler(clock);
        }

        /** Builds the registry. */
        public GuardRegistry build() {
            return new GuardRegistry(ticker, scheduler);
        }
    }
}
