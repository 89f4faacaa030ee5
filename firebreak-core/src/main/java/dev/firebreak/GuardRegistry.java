package dev.firebreak;

import dev.firebreak.chaos.ChaosFaults;
import dev.firebreak.classify.ResultPredicates;
import dev.firebreak.config.ConfigResolver;
import dev.firebreak.context.CallTracer;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.event.GuardListener;
import dev.firebreak.event.ListenerFailures;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.registry.Registry;
import dev.firebreak.registry.RegistryClosedException;
import dev.firebreak.registry.internal.ClosableScheduler;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * The guards and thread pools of one application, by name, with the one {@link Ticker} and one
 * {@link Scheduler} they all use. Operations (the stream, the dashboard, dynamic configuration) find
 * guards here, and follow them through the added, removed and replaced events of
 * {@link #guardRegistry()} and {@link #poolRegistry()}. Call policies built on guards (collapsers)
 * keep their own registries as {@linkplain #extension extensions} of this one, so this layer knows
 * nothing of them.
 *
 * <p>Per-name resources are given back: {@link #remove(String)} drops the guard, and the last guard
 * of a thread pool to leave shuts that pool down. For guards made per tenant or per host,
 * {@link dev.firebreak.keyed.KeyedGuards} adds a cap on their number and idle eviction.
 *
 * <p>{@link #global()} uses the system clock; tests make their own registry around a manual clock
 * (firebreak-testkit's {@code ManualClock}): {@code GuardRegistry.builder().clock(clock).build()}.
 *
 * <p>A registry of one's own can be {@linkplain #close() closed}: its pools shut down, its scheduler
 * refuses new work, attached configuration stops polling, and any later call on its guards and
 * collapsers, or any new guard, pool or collapser, fails at once with a {@link RegistryClosedException}.
 */
public final class GuardRegistry implements AutoCloseable {

    private static final GuardRegistry GLOBAL = builder().build();

    private final Ticker ticker;
    private final ClosableScheduler scheduler;
    private final Registry<Guard> guards = new Registry<>("guard", Guard::name);
    private final SharedPools pools = new SharedPools();
    private final Registry<GuardThreadPool> poolIndex = new Registry<>("thread pool", GuardThreadPool::name);
    private final CopyOnWriteArrayList<GuardListener> listeners = new CopyOnWriteArrayList<>();
    private final CopyOnWriteArrayList<Runnable> closeActions = new CopyOnWriteArrayList<>();
    private final ConcurrentHashMap<Class<?>, Object> extensions = new ConcurrentHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile ConfigResolver configResolver = ConfigResolver.codeOnly();
    /** Observes every call of every guard, and the call policies on them; null (none) costs a call one read. */
    private volatile CallTracer tracer;
    private final ContextCarrier contextCarrier;
    private final ResultPredicates resultPredicates;
    private final ChaosFaults chaosFaults;
    private final Function<String, String> poolThreadNames;

    private GuardRegistry(Builder built) {
        this.chaosFaults = new ChaosFaults(built.allowChaos);
        this.poolThreadNames = built.poolThreadNames;
        this.ticker = built.ticker;
        this.contextCarrier = built.contextCarrier;
        this.resultPredicates = built.resultPredicates;
        this.scheduler = new ClosableScheduler(built.scheduler, "registry");
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
        refuseIfClosed("guard '" + name + "'");
        return new Guard.Builder(this, name);
    }

    /** The guard named {@code name}, if built. */
    public Optional<Guard> find(String name) {
        return guards.find(name);
    }

    /** Every guard, in no particular order. */
    public Collection<Guard> guards() {
        return guards.all();
    }

    /** Every live thread pool (one with at least one guard), in no particular order. */
    public Collection<GuardThreadPool> pools() {
        return pools.all();
    }

    /** The pool named {@code name}, if one exists. */
    public Optional<GuardThreadPool> findPool(String name) {
        return Optional.ofNullable(pools.find(name));
    }

    /** The guards by name, with their added, removed and replaced events. */
    public Registry<Guard> guardRegistry() {
        return guards;
    }

    /** The live thread pools by name, with their added, replaced and removed (shut down) events. */
    public Registry<GuardThreadPool> poolRegistry() {
        return poolIndex;
    }

    /** The one object of {@code type} kept with this registry, made by {@code factory} the first time (how call policies attach their own registry). */
    public <T> T extension(Class<T> type, Function<? super GuardRegistry, ? extends T> factory) {
        Object existing = extensions.get(type);
        if (existing == null) {
            existing = extensions.computeIfAbsent(type, key -> factory.apply(this));
        }
        return type.cast(existing);
    }

    /** The clock every part of this registry reads. */
    public Ticker ticker() {
        return ticker;
    }

    /** The scheduler every part of this registry waits on; it refuses new work once the registry is closed. */
    public Scheduler scheduler() {
        return scheduler;
    }

    /** What carries thread-bound context (MDC, tracing) from a call's submitter to where it runs. */
    public ContextCarrier contextCarrier() {
        return contextCarrier;
    }

    /** Where the result predicates that configuration names ({@code recordResultPredicate}) are found. */
    public ResultPredicates resultPredicates() {
        return resultPredicates;
    }

    /** The faults {@code chaos.faults} may name, and whether this registry allows chaos at all (see {@link Builder#allowChaos}). */
    public ChaosFaults chaosFaults() {
        return chaosFaults;
    }

    /** Subscribes to every call of every guard of this registry. */
    public void addListener(GuardListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Unsubscribes a listener added with {@link #addListener}. */
    public void removeListener(GuardListener listener) {
        listeners.remove(listener);
    }

    /** Subscribes to guards being added and removed (as {@code guardRegistry().addListener}). */
    public void addRegistryListener(RegistryListener listener) {
        guards.addListener(listener);
    }

    /** Unsubscribes a listener added with {@link #addRegistryListener}. */
    public void removeRegistryListener(RegistryListener listener) {
        guards.removeListener(listener);
    }

    /** What turns a builder's configuration into a new guard's, pool's or collapser's (default: as is); dynamic configuration installs itself here. */
    public ConfigResolver configResolver() {
        return configResolver;
    }

    /**
     * Installs {@code resolver} for guards, pools and collapsers created from now on. Only one resolver other than
     * {@link ConfigResolver#codeOnly()} may be installed at a time: a second would override the first's values.
     *
     * @throws IllegalStateException if another resolver is installed (close its dynamic configuration first), or closed
     */
    public synchronized void useConfigResolver(ConfigResolver resolver) {
        Objects.requireNonNull(resolver, "resolver");
        refuseIfClosed("configuration");
        ConfigResolver current = configResolver;
        if (current != ConfigResolver.codeOnly() && resolver != ConfigResolver.codeOnly() && current != resolver) {
            throw new IllegalStateException("this registry already has a configuration resolver (" + current
                    + "); a second one would override its values: close the first before binding another");
        }
        this.configResolver = resolver;
    }

    /**
     * Installs {@code tracer}: from the next call on, every call of this registry's guards (those built before
     * too) and of the retries, hedges and collapsers on them is observed (see {@link CallTracer}). One tracer at
     * a time: a second would leave the first's observations unfinished, so it is refused ({@link IllegalStateException}).
     */
    public synchronized void useTracer(CallTracer tracer) {
        Objects.requireNonNull(tracer, "tracer");
        CallTracer current = this.tracer;
        if (current != null && current != tracer) {
            throw new IllegalStateException("this registry already has a call tracer (" + current
                    + "); release it (releaseTracer, or close its binding) before installing another");
        }
        this.tracer = tracer;
    }

    /** Uninstalls {@code tracer} if it is the one installed; calls started before still end under it. */
    public synchronized void releaseTracer(CallTracer tracer) {
        this.tracer = this.tracer == tracer ? null : this.tracer;
    }

    /** The installed call tracer, or null if none (read once per call by guards and call policies). */
    public CallTracer tracer() {
        return tracer;
    }

    /** Uninstalls {@code resolver} if it is the one installed (its configuration closing); else nothing. */
    public synchronized void releaseConfigResolver(ConfigResolver resolver) {
        configResolver = configResolver == resolver ? ConfigResolver.codeOnly() : configResolver;
    }

    /**
     * Removes the guard named {@code name}, if any: operations no longer see it, and its name is free. Under
     * THREAD isolation it gives back its share of its pool; the pool's last guard shuts it down (calls handed
     * to it run to their end; later calls through the removed guard are THREAD_POOL_REJECTED, saying so; a
     * later guard of that pool key gets a fresh pool). SEMAPHORE and VIRTUAL guards stay usable. True if removed.
     */
    public boolean remove(String name) {
        Guard removed = guards.get(name);
        return removed != null && remove(removed);
    }

    /** Removes {@code guard} if it is still the one registered under its name, as {@link #remove(String)}; true if removed. */
    public boolean remove(Guard guard) {
        boolean removed = guards.remove(guard);
        if (removed) {
            releasePool(guard);
        }
        return removed;
    }

    /** Gives back the guard's share of its pool; the last share shuts the pool down (a removed event). */
    private void releasePool(Guard guard) {
        GuardThreadPool pool = guard.controls().threadPool();
        if (pool != null) {
            pools.release(pool);
            if (pool.isShutdown()) {
                poolIndex.remove(pool);
            }
        }
    }

    /** Runs {@code action} when this registry is closed (attached configuration stops polling this way). */
    public void whenClosed(Runnable action) {
        closeActions.add(Objects.requireNonNull(action, "action"));
    }

    /**
     * Closes this registry: attached configuration stops, every pool shuts down (running calls finish, each
     * completing once), the scheduler refuses new work, and any later call on its guards or collapsers, or
     * new guard, pool or collapser, fails at once with a {@link RegistryClosedException}. Idempotent.
     *
     * @throws UnsupportedOperationException for the {@linkplain #global() global} registry, shared by the process
     */
    @Override
    public void close() {
        if (this == GLOBAL) {
            throw new UnsupportedOperationException("the global registry is shared by the whole process and cannot be closed");
        }
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        guards.close();
        for (Runnable action : closeActions) {
            ListenerFailures.notify(action, "registry closed", action);
        }
        poolIndex.close();
        for (GuardThreadPool pool : pools.all()) {
            pool.shutdown();
        }
        scheduler.stop();
    }

    /** True once {@link #close()} was called. */
    public boolean isClosed() {
        return closed.get();
    }

    List<GuardListener> listeners() {
        return listeners;
    }

    /** Refuses {@code what} with a {@link RegistryClosedException} if this registry is closed. */
    void refuseIfClosed(String what) {
        if (closed.get()) {
            throw new RegistryClosedException(what);
        }
    }

    /** Takes a share of the pool named {@code name} for a guard being built; {@link #remove} gives it back. */
    GuardThreadPool poolFor(String name, ThreadPoolConfig configIfNew) {
        refuseIfClosed("thread pool '" + name + "'");
        GuardThreadPool pool = pools.acquire(name, key -> new GuardThreadPool(key, configResolver.resolve(ThreadPoolConfig.scope(),
                key, configIfNew == null ? ThreadPoolConfig.defaults() : configIfNew), ticker, poolThreadNames.apply(key)));
        if (poolIndex.get(name) != pool) {
            poolIndex.replace(pool); // a new pool under this key: added (or replaced a shut-down one)
        }
        if (closed.get()) { // closed while this pool was being made: it must not outlive the registry
            pool.shutdown();
            throw new RegistryClosedException("thread pool '" + name + "'");
        }
        return pool;
    }

    void register(Guard guard) {
        try {
            guards.register(guard);
        } catch (RuntimeException refused) {
            releasePool(guard); // the refused guard never ran a call: give its share back
            throw refused;
        }
    }

    /** Told when guards join or leave a registry (Micrometer binders, the stream). */
    public interface RegistryListener extends dev.firebreak.registry.RegistryListener<Guard> {
    }

    /** Builds a {@link GuardRegistry}. */
    public static final class Builder {
        private Ticker ticker = Ticker.system();
        private Scheduler scheduler = Scheduler.system();
        private ContextCarrier contextCarrier = ContextCarrier.NONE;
        private ResultPredicates resultPredicates = ResultPredicates.NONE;
        private boolean allowChaos;
        private Function<String, String> poolThreadNames = GuardThreadPool::defaultThreadNamePrefix;

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

        /** What carries thread-bound context to where calls run (default: {@link ContextCarrier#NONE}). */
        public Builder contextCarrier(ContextCarrier carrier) {
            this.contextCarrier = Objects.requireNonNull(carrier, "carrier");
            return this;
        }

        /**
         * Where the result predicates that configuration names ({@code recordResultPredicate}) are found
         * (default: {@link ResultPredicates#NONE}, so naming one is refused).
         */
        public Builder resultPredicates(ResultPredicates predicates) {
            this.resultPredicates = Objects.requireNonNull(predicates, "predicates");
            return this;
        }

        /**
         * Whether this registry's guards may inject faults ({@code chaos.*}, {@link ChaosFaults}); default false:
         * then no guard has a chaos policy and no configuration can switch one on.
         */
        public Builder allowChaos(boolean allow) {
            this.allowChaos = allow;
            return this;
        }

        /** How this registry's pool threads are named: the prefix before their number, per pool key (default {@code firebreak-<key>-}). */
        public Builder poolThreadNames(Function<String, String> prefixOfPool) {
            this.poolThreadNames = Objects.requireNonNull(prefixOfPool, "prefixOfPool");
            return this;
        }

        /** Builds the registry. */
        public GuardRegistry build() {
            return new GuardRegistry(this);
        }
    }
}
