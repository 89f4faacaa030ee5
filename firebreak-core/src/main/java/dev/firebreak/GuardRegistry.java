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
 * <p>Per-name resources are given back: {@link #remove(String)} drops the guard, and the last guard
 * of a thread pool to leave shuts that pool down (see {@link #remove(String)}). For guards made per
 * tenant or per host, {@link dev.firebreak.keyed.KeyedGuards} adds a cap on their number and idle eviction.
 *
 * <p>{@link #global()} uses the system clock; tests make their own registry around a
 * {@link dev.firebreak.testkit.ManualClock}: {@code GuardRegistry.builder().clock(clock).build()}.
 */
public final class GuardRegistry {

    private static final System.Logger LOG = System.getLogger("dev.firebreak");
    private static final GuardRegistry GLOBAL = builder().build();

    private final Ticker ticker;
    private final Scheduler scheduler;
    private final ConcurrentHashMap<String, Guard> guards = new ConcurrentHashMap<>();
    private final SharedPools pools = new SharedPools();
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

    /** Every live thread pool (one with at least one guard), in no particular order. */
    public Collection<GuardThreadPool> pools() {
        return pools.all();
    }

    /** The live pool named {@code name}, if one exists. */
    public Optional<GuardThreadPool> findPool(String name) {
        return Optional.ofNullable(pools.find(name));
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
     * Removes the guard named {@code name}, if any: operations (the stream, metrics binders, dynamic
     * configuration) no longer see it, and its name is free for a new guard. Under THREAD isolation it
     * gives back its share of its pool; when it was the pool's last guard, the pool is shut down: calls
     * already handed to the pool run to their end, and any later call through a reference to the
     * removed guard is rejected (THREAD_POOL_REJECTED, with a message saying the pool was shut down).
     * A guard built later with the same pool key gets a fresh pool. SEMAPHORE and VIRTUAL guards stay
     * fully usable by whoever still holds them.
     *
     * @return true if a guard was removed
     */
    public boolean remove(String name) {
        Guard removed = guards.remove(name);
        if (removed != null) {
            removed(removed);
        }
        return removed != null;
    }

    /**
     * Removes {@code guard} if it is still the one registered under its name (a guard built later
     * under the same name is left alone); otherwise as {@link #remove(String)}.
     *
     * @return true if this guard was removed
     */
    public boolean remove(Guard guard) {
        boolean removed = guards.remove(guard.name(), guard);
        if (removed) {
            removed(guard);
        }
        return removed;
    }

    private void removed(Guard guard) {
        if (guard.pool() != null) {
            pools.release(guard.pool());
        }
        for (RegistryListener listener : registryListeners) {
            try {
                listener.onRemoved(guard);
            } catch (RuntimeException thrown) {
                LOG.log(System.Logger.Level.WARNING, "registry listener " + listener + " threw on removing guard "
                        + guard.name() + "; ignored", thrown);
            }
        }
    }

    List<GuardListener> listeners() {
        return listeners;
    }

    /** Takes a share of the pool named {@code name} for a guard being built; {@link #remove} gives it back. */
    GuardThreadPool poolFor(String name, ThreadPoolConfig configIfNew) {
        return pools.acquire(name, key -> new GuardThreadPool(key, configResolver.threadPoolConfig(key,
                configIfNew == null ? ThreadPoolConfig.defaults() : configIfNew), ticker));
    }

    void register(Guard guard) {
        Guard previous = guards.putIfAbsent(guard.name(), guard);
        if (previous != null) {
            if (guard.pool() != null) {
                pools.release(guard.pool()); // the refused guard never ran a call: give its share back
            }
            throw new IllegalStateException("a guard named '" + guard.name()
                    + "' already exists in this registry; look it up with find(name) or remove it first");
        }
        for (RegistryListener listener : registryListeners) {
            try {
                listener.onAdded(guard);
            } catch (RuntimeException thrown) {
                LOG.log(System.Logger.Level.WARNING, "registry listener " + listener + " threw on adding guard "
                        + guard.name() + "; ignored", thrown);
            }
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
