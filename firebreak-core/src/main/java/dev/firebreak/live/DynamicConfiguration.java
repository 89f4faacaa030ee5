package dev.firebreak.live;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardRegistry;
import dev.firebreak.callpolicy.CallPolicy;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.config.ConfigResolver;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.Reconfigurable;
import dev.firebreak.hedge.HedgeConfig;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.retry.RetryConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Live configuration for one {@link GuardRegistry}: reads Hystrix-style properties from layered
 * {@link PropertySource}s, resolves the configuration of each guard, pool, collapser, retry and
 * hedging policy through Hystrix's precedence, and applies changes to the running objects without a
 * restart.
 *
 * <pre>{@code
 * DynamicConfiguration config = DynamicConfiguration.builder(registry)
 *     .source(PropertiesFileSource.of(Path.of("firebreak.properties")))
 *     .source(SystemPropertiesSource.instance())
 *     .listener(event -> log(event))
 *     .build();
 * }</pre>
 *
 * <p>Precedence, weakest first: global default from code ({@link Builder#commandDefaults}) &lt;
 * dynamic global default ({@code firebreak.command.default.*}) &lt; instance default from code (set
 * in the guard's builder) &lt; dynamic instance value ({@code firebreak.command.<name>.*}); the same
 * for {@code threadpool}, {@code collapser}, {@code retry} and {@code hedge} keys. Keys of the scopes
 * Hystrix has (command, threadpool, collapser) may start with {@code hystrix.} instead of
 * {@code firebreak.}; for the same key the {@code firebreak.} one wins, and a later source wins over
 * an earlier one.
 *
 * <p>A refresh (each poll on the registry's scheduler, each push from a source, or {@link #refresh()}) reads
 * every source; if anything changed it checks each value on its own, then each resolved record as a whole, and
 * calls {@code reconfigure} on the objects whose configuration changed. A refused value never half-applies: the
 * last valid value stays in force and a REFUSED {@link ConfigEvent} names key, value and rule; an object whose
 * {@code reconfigure} throws keeps its configuration in force (RECONFIGURE_FAILED). A file read mid-edit applies
 * once stable. Properties that cannot change while running keep their running value (FIXED_PROPERTY_IGNORED) and
 * apply to objects created afterwards, which this configuration resolves through the registry's
 * {@link ConfigResolver} hook. The running objects are the registry's guards, pools, collapsers, retry and
 * hedging policies (a collapser built since the last change is reached at the next refresh) and any collapser
 * bound with {@link #bind}.
 *
 * <p>Thread-safety: resolution and every {@code reconfigure} happen under one lock, so objects receive
 * configurations in the order resolved; listeners and the log are called after the lock is released.
 */
public final class DynamicConfiguration implements ConfigResolver, AutoCloseable {

    private final GuardRegistry registry;
    private final SourceSet sources;
    private final GlobalCode globalCode;
    private final Poller poller;
    private final EventPublisher publisher;
    private final Runnable sourceChanged = this::refresh;
    private final RegistryHooks registryHooks;

    /** Guards every field below and every reconfigure call. */
    private final ReentrantLock lock = new ReentrantLock();
    private AcceptedProperties accepted = AcceptedProperties.empty();
    private Map<String, String> lastMerged = Map.of();
    private final RunningConfigurations running = new RunningConfigurations();
    private final TargetDirectory targets;
    private volatile boolean closed;

    private DynamicConfiguration(Builder b) {
        this.registry = b.registry;
        this.targets = new TargetDirectory(registry);
        this.registryHooks = new RegistryHooks(registry, targets, this::applyAtOnce, this::forget);
        this.sources = new SourceSet(b.sources, registry, b.pollInterval.toNanos(), b.suspectSettle.toNanos());
        this.globalCode = b.globalCode;
        this.poller = new Poller(registry.scheduler(), b.pollInterval.toNanos(), b.refreshExecutor, this::refresh);
        this.publisher = new EventPublisher(b.listeners);
    }

    /** Starts building the dynamic configuration of {@code registry}. */
    public static Builder builder(GuardRegistry registry) {
        return new Builder(registry);
    }

    /** Reads every source now and applies what changed on this thread, returning once objects and listeners have it. */
    public void refresh() {
        refresh(false);
    }

    private void refresh(boolean force) {
        List<ConfigEvent> events = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                return;
            }
            Map<String, String> merged = sources.read(events);
            boolean changed = force || !merged.equals(lastMerged);
            if (changed) {
                accepted = accepted.next(merged, lastMerged, events, registry.resultPredicates());
                lastMerged = merged;
            }
            List<Target<?, ?>> all = targets.all();
            for (Target<?, ?> target : all) { // unchanged sources still reach objects seen for the first time
                if (changed || !running.knows(target.identity())) {
                    apply(target, events);
                }
            }
            Set<Object> live = TargetDirectory.identities(all);
            running.retain(live); // removed guards and collapsers
            targets.retain(live);
        } finally {
            lock.unlock();
            publisher.publish(events);
        }
    }

    /** Each source's state after the last read, in order: its revision, its keys, whether and how long it is failing. */
    public List<SourceStatus> sources() {
        return sources.statuses(registry.ticker().read());
    }

    /** Subscribes to every applied change and refusal. */
    public void addListener(ConfigListener listener) {
        publisher.add(listener);
    }

    /** Unsubscribes a listener added with {@link #addListener}. */
    public void removeListener(ConfigListener listener) {
        publisher.remove(listener);
    }

    /** Every property of {@code guard} with its value in force and the layer it came from. */
    public List<EffectiveProperty> properties(Guard guard) {
        return view(() -> targets.guard(guard));
    }

    /** Every property of {@code pool} with its value in force and the layer it came from. */
    public List<EffectiveProperty> properties(GuardThreadPool pool) {
        return view(() -> targets.pool(pool));
    }

    /** The effective properties of the guard named {@code name}, if the registry has one. */
    public Optional<List<EffectiveProperty>> commandProperties(String name) {
        return registry.find(name).map(this::properties);
    }

    /** The effective properties of the pool named {@code name}, if the registry has one. */
    public Optional<List<EffectiveProperty>> threadPoolProperties(String name) {
        return registry.findPool(name).map(this::properties);
    }

    /** Every property of a retry or hedging policy with its value in force and the layer it came from. */
    public List<EffectiveProperty> properties(CallPolicy<?> policy) {
        return view(() -> targets.callPolicy(policy));
    }

    /** The effective properties of the collapser named {@code name} (in the registry, or bound), if any. */
    public Optional<List<EffectiveProperty>> collapserProperties(String name) {
        lock.lock();
        try {
            return targets.findCollapser(name).map(target -> view(() -> target));
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ ConfigResolver (creation hooks)

    @Override
    public <C> C resolve(ConfigScope<C, ?> scope, String name, C fromCode) {
        lock.lock();
        try {
            targets.created(scope, name, fromCode);
        } finally {
            lock.unlock();
        }
        return resolveNew(scope, name, fromCode);
    }

    /** Binds a collapser kept outside the registry; only the collapser scope is bound this way. */
    @Override
    @SuppressWarnings("unchecked")
    public <C> Registration bind(ConfigScope<C, ?> scope, Reconfigurable<C> target, C fromCode) {
        if (scope != CollapserConfig.scope()) {
            throw new IllegalArgumentException("only collapsers are bound by hand (guards and pools are found in"
                    + " the registry), not " + scope);
        }
        return bindCollapser((Reconfigurable<CollapserConfig>) target, (CollapserConfig) fromCode);
    }

    private Registration bindCollapser(Reconfigurable<CollapserConfig> collapser, CollapserConfig fromCode) {
        Target<CollapserConfig, CollapserConfig.Builder> target = new Target<>(collapser, CollapserConfig.scope(),
                collapser.name(), Objects.requireNonNull(fromCode, "fromCode"), collapser::config,
                collapser::reconfigure);
        applyAtOnce(() -> {
            targets.bind(target); // under the lock, and only while open
            return List.of(target);
        });
        return () -> {
            lock.lock();
            try {
                targets.unbind(target);
                running.forget(collapser);
            } finally {
                lock.unlock();
            }
        };
    }

    /** Stops polling and listening: running objects keep their configuration; later ones get their code's. */
    @Override
    public void close() {
        closed = true;
        poller.stop();
        registry.releaseConfigResolver(this);
        registryHooks.stop();
        sources.unsubscribe(sourceChanged);
    }

    private void start() {
        registry.useConfigResolver(this); // refuses a second configuration before anything is touched
        registry.whenClosed(this::close);
        registryHooks.start();
        sources.subscribe(sourceChanged);
        refresh(true);
        poller.start();
    }

    /** Resolves {@code target} and reconfigures it if its record changed (all of it or none of it). Under lock. */
    private <C, B> void apply(Target<C, B> target, List<ConfigEvent> events) {
        running.apply(target, resolution(target.scope(), target.name(), target.code()), events);
    }

    private <C, B> C resolveNew(ConfigScope<C, B> scope, String name, C fromCode) {
        Objects.requireNonNull(fromCode, "fromCode");
        List<ConfigEvent> events = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                return fromCode;
            }
            C config = resolution(scope, name, fromCode).forNewInstance(events).config();
            running.created(scope, name, events);
            return config;
        } finally {
            lock.unlock();
            publisher.publish(events);
        }
    }

    private <C, B> List<EffectiveProperty> view(Supplier<Target<C, B>> find) {
        lock.lock();
        try {
            Target<C, B> target = find.get();
            return running.view(target, resolution(target.scope(), target.name(), target.code()));
        } finally {
            lock.unlock();
        }
    }

    private <C, B> LayeredResolution<C, B> resolution(ConfigScope<C, B> scope, String name, C code) {
        return new LayeredResolution<>(scope, name, code, globalCode.of(scope), accepted);
    }

    /** Applies the configuration in force to objects just registered, under the lock; publishes after it. */
    private void applyAtOnce(Supplier<List<Target<?, ?>>> registered) {
        List<ConfigEvent> events = new ArrayList<>();
        lock.lock();
        try {
            if (!closed) {
                for (Target<?, ?> target : registered.get()) {
                    apply(target, events);
                }
            }
        } finally {
            lock.unlock();
            publisher.publish(events);
        }
    }

    private void forget(Object identity) {
        lock.lock();
        try {
            running.forget(identity);
        } finally {
            lock.unlock();
        }
    }

    /** Builds and starts a {@link DynamicConfiguration}. */
    public static final class Builder {
        private final GuardRegistry registry;
        private final List<PropertySource> sources = new ArrayList<>();
        private final List<ConfigListener> listeners = new ArrayList<>();
        private final GlobalCode globalCode = new GlobalCode(); // unset: a scope's built-in defaults
        private Duration pollInterval = Duration.ofSeconds(1);
        private Duration suspectSettle = SettlingSnapshot.DEFAULT_SUSPECT_SETTLE;
        private Executor refreshExecutor = task -> Thread.ofVirtual().name("firebreak-config-refresh").start(task);

        private Builder(GuardRegistry registry) {
            this.registry = Objects.requireNonNull(registry, "registry");
        }

        /** Adds a source; a later source wins over an earlier one for the same key. */
        public Builder source(PropertySource source) {
            sources.add(Objects.requireNonNull(source, "source"));
            return this;
        }

        /** Sets global defaults from code for every guard: {@code .commandDefaults(c -> c.timeout(to -> to.timeout(Duration.ofMillis(500))))}. */
        public Builder commandDefaults(Consumer<GuardConfig.Builder> defaults) {
            return defaults(GuardConfig.scope(), GuardConfig::toBuilder, defaults);
        }

        /** Sets global defaults from code for every thread pool. */
        public Builder threadPoolDefaults(Consumer<ThreadPoolConfig.Builder> defaults) {
            return defaults(ThreadPoolConfig.scope(), ThreadPoolConfig::toBuilder, defaults);
        }

        /** Sets global defaults from code for every collapser. */
        public Builder collapserDefaults(Consumer<CollapserConfig.Builder> defaults) {
            return defaults(CollapserConfig.scope(), CollapserConfig::toBuilder, defaults);
        }

        /** Sets global defaults from code for every retry policy. */
        public Builder retryDefaults(Consumer<RetryConfig.Builder> defaults) {
            return defaults(RetryConfig.scope(), RetryConfig::toBuilder, defaults);
        }

        /** Sets global defaults from code for every hedging policy. */
        public Builder hedgeDefaults(Consumer<HedgeConfig.Builder> defaults) {
            return defaults(HedgeConfig.scope(), HedgeConfig::toBuilder, defaults);
        }

        private <C, B> Builder defaults(ConfigScope<C, B> scope, Function<C, B> toBuilder, Consumer<B> change) {
            B builder = toBuilder.apply(globalCode.of(scope));
            change.accept(builder);
            globalCode.set(scope, scope.build(builder));
            return this;
        }

        /** How often the sources are read on the registry's scheduler (default 1 s); zero: never, only pushes and {@link #refresh()}. */
        public Builder pollInterval(Duration interval) {
            if (interval.isNegative()) {
                throw new InvalidConfigException("pollInterval", interval, "must be >= 0");
            }
            this.pollInterval = interval;
            return this;
        }

        /** How long a file read mid-edit that lost most keys in force must stay unchanged to apply (default 30 s). */
        public Builder suspectSettle(Duration settle) {
            if (settle.isNegative()) {
                throw new InvalidConfigException("suspectSettle", settle, "must be >= 0");
            }
            this.suspectSettle = settle;
            return this;
        }

        /**
         * Where a poll reads the sources (default: a new virtual thread, so a slow source never holds
         * the scheduler's thread). Tests on a ManualClock pass {@code Runnable::run}.
         */
        public Builder refreshExecutor(Executor executor) {
            this.refreshExecutor = Objects.requireNonNull(executor, "executor");
            return this;
        }

        /** Adds a listener before the first refresh, so it sees the first events too. */
        public Builder listener(ConfigListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * Installs the configuration on the registry (new guards, pools, collapsers and call policies
         * resolve through it), reads the sources once, applies them to the objects already running, and
         * starts polling.
         */
        public DynamicConfiguration build() {
            DynamicConfiguration configuration = new DynamicConfiguration(this);
            configuration.start();
            return configuration;
        }
    }
}
