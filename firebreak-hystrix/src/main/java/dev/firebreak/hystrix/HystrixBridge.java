package dev.firebreak.hystrix;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.live.DynamicConfiguration;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Where the Hystrix bridge keeps its Firebreak parts: one process-wide {@link GuardRegistry} holding a
 * guard per command key (group and thread-pool keys as the guard's group and pool) and a collapser
 * per collapser key, configured live from Archaius's {@code hystrix.*} properties through a
 * {@link DynamicConfiguration}. Point the stream server or the Micrometer binder at {@link #registry()}
 * to see bridged commands there.
 *
 * <p>By default the registry runs on the system clock; {@link #install(GuardRegistry)} swaps in another
 * (one on a {@code ManualClock} in tests, or {@code GuardRegistry.global()} to share an application's).
 *
 * <p>Thread-safety: creation of guards and collapsers and the swap of the registry happen under one
 * lock; lookups of existing ones take no lock.
 */
public final class HystrixBridge {

    /** Guards {@link #state} changes and every creation, so one key never builds two guards. */
    private static final ReentrantLock LOCK = new ReentrantLock();
    private static volatile State state;
    private static final Set<String> GUARDS = ConcurrentHashMap.newKeySet();
    private static final Set<String> COLLAPSERS = ConcurrentHashMap.newKeySet();
    /** Guards the bridge makes for itself (a collapser's pass-through); not command keys. */
    private static final Set<String> INTERNAL = ConcurrentHashMap.newKeySet();

    private HystrixBridge() {
    }

    /** The registry of bridged commands, created on first use on the system clock. */
    public static GuardRegistry registry() {
        return current().registry;
    }

    /** The live configuration that reads Archaius's {@code hystrix.*} properties. */
    public static DynamicConfiguration configuration() {
        return current().configuration;
    }

    /**
     * Runs bridged commands on {@code registry} from now on: commands and collapsers made before are
     * forgotten (as by {@code Hystrix.reset()}) and its live configuration is bound to Archaius.
     */
    public static void install(GuardRegistry registry) {
        install(registry, builder -> { });
    }

    /**
     * As {@link #install(GuardRegistry)}, with more of the live configuration given by {@code customizer}
     * (applied after the bridge's own settings): sources added there come after Archaius's, so they win
     * over it for the same key (a framework's environment, with Archaius's {@code ConfigurationManager}
     * still read beneath it), and listeners added there see the first events.
     *
     * @return the live configuration now bound to {@code registry}
     */
    public static DynamicConfiguration install(GuardRegistry registry, Consumer<DynamicConfiguration.Builder> customizer) {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(customizer, "customizer");
        LOCK.lock();
        try {
            forgetAll();
            State old = state;
            if (old != null) {
                old.close(); // first: the registry may be the same, and it accepts one configuration at a time
            }
            state = null;
            state = State.on(registry, customizer);
            return state.configuration;
        } finally {
            LOCK.unlock();
        }
    }

    /**
     * Undoes {@link #install} if {@code registry} is the one installed (its owner is closing it): its
     * configuration is closed, and the next bridged command runs on a new registry of the bridge's own.
     */
    public static void uninstall(GuardRegistry registry) {
        LOCK.lock();
        try {
            State s = state;
            if (s != null && s.registry == registry) {
                forgetAll();
                s.close();
                state = null;
            }
        } finally {
            LOCK.unlock();
        }
    }

    /** Forgets every bridged command and collapser (their guards leave the registry). */
    public static void reset() {
        LOCK.lock();
        try {
            forgetAll();
        } finally {
            LOCK.unlock();
        }
    }

    /** The guard of a command key, if a command with that key was made. */
    public static Optional<Guard> findGuard(String commandKey) {
        return GUARDS.contains(commandKey) ? registry().find(commandKey) : Optional.empty();
    }

    /** The guard of command key {@code commandKey}, built by {@code builder} the first time. */
    public static Guard guard(String commandKey, Function<GuardRegistry, Guard> builder) {
        return getOrBuild(commandKey, builder, GUARDS);
    }

    /**
     * A guard the bridge needs for itself (not a command key: {@link #findGuard} and the command
     * metrics do not list it), built by {@code builder} the first time; forgotten on reset.
     */
    public static Guard internalGuard(String name, Function<GuardRegistry, Guard> builder) {
        return getOrBuild(name, builder, INTERNAL);
    }

    private static Guard getOrBuild(String name, Function<GuardRegistry, Guard> builder, Set<String> names) {
        Optional<Guard> found = names.contains(name) ? registry().find(name) : Optional.empty();
        if (found.isPresent()) {
            return found.get();
        }
        LOCK.lock();
        try {
            GuardRegistry registry = registry();
            Guard guard = registry.find(name).orElseGet(() -> builder.apply(registry));
            names.add(name);
            return guard;
        } finally {
            LOCK.unlock();
        }
    }

    /** The collapser named {@code collapserKey}, built by {@code builder} the first time. */
    @SuppressWarnings("unchecked")
    public static <A, R> Collapser<A, R> collapser(String collapserKey, Function<CollapserRegistry, Collapser<A, R>> builder) {
        CollapserRegistry collapsers = CollapserRegistry.of(registry());
        Optional<Collapser<?, ?>> found = COLLAPSERS.contains(collapserKey) ? collapsers.find(collapserKey) : Optional.empty();
        if (found.isPresent()) {
            return (Collapser<A, R>) found.get();
        }
        LOCK.lock();
        try {
            CollapserRegistry registry = CollapserRegistry.of(registry());
            Collapser<A, R> collapser = (Collapser<A, R>) registry.find(collapserKey).orElseGet(() -> builder.apply(registry));
            COLLAPSERS.add(collapserKey);
            return collapser;
        } finally {
            LOCK.unlock();
        }
    }

    /** The collapser keys the bridge has made a Firebreak collapser for (in the registry in force). */
    public static Set<String> collapserKeys() {
        return Set.copyOf(COLLAPSERS);
    }

    /** Reads the registry's clock, in nanoseconds. */
    public static long nanoTime() {
        return registry().ticker().read();
    }

    private static State current() {
        State s = state;
        if (s != null) {
            return s;
        }
        LOCK.lock();
        try {
            if (state == null) {
                state = State.on(GuardRegistry.builder().build(), builder -> { });
            }
            return state;
        } finally {
            LOCK.unlock();
        }
    }

    private static void forgetAll() {
        State s = state;
        if (s != null) {
            for (String name : GUARDS) {
                s.registry.remove(name);
            }
            for (String name : INTERNAL) {
                s.registry.remove(name);
            }
            for (String name : COLLAPSERS) {
                CollapserRegistry.of(s.registry).remove(name);
            }
        }
        GUARDS.clear();
        INTERNAL.clear();
        COLLAPSERS.clear();
    }

    /** One registry with its live configuration. */
    private record State(GuardRegistry registry, DynamicConfiguration configuration, ArchaiusPropertySource source) {

        static State on(GuardRegistry registry, Consumer<DynamicConfiguration.Builder> customizer) {
            ArchaiusPropertySource source = new ArchaiusPropertySource();
            DynamicConfiguration.Builder builder = DynamicConfiguration.builder(registry)
                    .source(source)
                    .pollInterval(Duration.ZERO) // Archaius pushes every change
                    .collapserDefaults(c -> c.dispatchStrategy(DispatchStrategy.TIMER));
            customizer.accept(builder);
            try {
                return new State(registry, builder.build(), source);
            } catch (RuntimeException refused) {
                source.detach();
                throw refused;
            }
        }

        void close() {
            source.detach();
            configuration.close();
        }
    }

}
