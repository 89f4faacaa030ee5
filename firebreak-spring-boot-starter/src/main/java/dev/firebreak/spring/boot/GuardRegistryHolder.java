package dev.firebreak.spring.boot;

import dev.firebreak.GuardRegistry;
import dev.firebreak.spring.boot.config.EnvironmentConfigurationBinder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * The application's {@link GuardRegistry} as the starter's parts reach it: created at its first use,
 * not at startup, unless the application needs it then. An application that declares no guard and
 * configures none (no {@code firebreak.*} or {@code hystrix.*} key) and whose code does not ask for the
 * registry starts without one: no registry, no timer thread, no live configuration. The parts that need
 * it ({@code @Guarded} methods, the endpoint, the stream, Spring Cloud's factories) call {@link #get()};
 * the parts that only report on it (health) read {@link #ifCreated()}; the meters bind
 * {@link #whenCreated when it comes to life}.
 *
 * <p>There is one registry: {@link #get()} returns the application's {@code GuardRegistry} bean (the
 * starter's, a lazy singleton closed with the context, or the application's own), so code that injects
 * {@code GuardRegistry} gets the same one. The registry is created when the application has started
 * ({@link #afterSingletonsInstantiated()}) rather than at its first use when {@code neededAtStartup}
 * says so: Firebreak keys in the Environment (read, and refused values failing the start, only when
 * the registry is bound), guards listed in {@code firebreak.guards}, the Hystrix bridge (whose commands
 * must run on the application's registry from the first), or a registry that is not the starter's.
 *
 * <p>Invariant: {@code registry} is written once, under {@code lock}, and every action given to
 * {@link #whenCreated} runs exactly once with it: either queued before that write and run by the
 * thread that wrote it, or given after it and run at once by the caller.
 */
public final class GuardRegistryHolder implements SmartInitializingSingleton {

    private final ObjectProvider<GuardRegistry> registries;
    private final BooleanSupplier neededAtStartup;
    private final ReentrantLock lock = new ReentrantLock(); // never held while an action runs
    /** Actions waiting for the registry; guarded by {@code lock}; null once the registry is known. */
    private List<Consumer<GuardRegistry>> waiting = new ArrayList<>();
    private volatile GuardRegistry registry;

    /**
     * A holder of the registry {@code registries} provides (its one {@code GuardRegistry} bean), created
     * when the application has started if {@code neededAtStartup} says so, else at the first {@link #get()}.
     */
    public GuardRegistryHolder(ObjectProvider<GuardRegistry> registries, BooleanSupplier neededAtStartup) {
        this.registries = Objects.requireNonNull(registries, "registries");
        this.neededAtStartup = Objects.requireNonNull(neededAtStartup, "neededAtStartup");
    }

    /**
     * The starter's holder: the registry is needed at startup when it is not the starter's bean
     * {@code starterBean} (the application declared its own), or when {@code binders}' binder says the
     * Environment configures Firebreak ({@link EnvironmentConfigurationBinder#bindsAtStartup()}).
     */
    public static GuardRegistryHolder forStarter(ObjectProvider<GuardRegistry> registries,
            ObjectProvider<EnvironmentConfigurationBinder> binders, ListableBeanFactory beanFactory, String starterBean) {
        return new GuardRegistryHolder(registries, new NeededAtStartup(binders, beanFactory, starterBean));
    }

    /** Whether the starter's registry must be made at startup; a named class, since a lambda would be a class spun at startup. */
    private record NeededAtStartup(ObjectProvider<EnvironmentConfigurationBinder> binders, ListableBeanFactory beanFactory,
            String starterBean) implements BooleanSupplier {
        @Override
        public boolean getAsBoolean() {
            return !beanFactory.containsBeanDefinition(starterBean) || binders.getObject().bindsAtStartup();
        }
    }

    /** The application's registry, created now if it does not exist yet. */
    public GuardRegistry get() {
        GuardRegistry known = registry;
        if (known != null) {
            return known;
        }
        GuardRegistry provided = registries.getObject(); // the starter's bean calls created() while it is made
        created(provided);
        return provided;
    }

    /** The registry if it exists, without creating it. */
    public Optional<GuardRegistry> ifCreated() {
        return Optional.ofNullable(registry);
    }

    /** Runs {@code action} with the registry once it exists: now if it does, else when it is created. */
    public void whenCreated(Consumer<GuardRegistry> action) {
        Objects.requireNonNull(action, "action");
        GuardRegistry known;
        lock.lock();
        try {
            known = registry;
            if (known == null) {
                waiting.add(action);
                return;
            }
        } finally {
            lock.unlock();
        }
        action.accept(known);
    }

    /** Records the application's registry (the starter's bean calls it as it is made) and runs the waiting actions. */
    void created(GuardRegistry created) {
        Objects.requireNonNull(created, "created");
        List<Consumer<GuardRegistry>> actions;
        lock.lock();
        try {
            if (registry != null) {
                return;
            }
            registry = created;
            actions = waiting;
            waiting = null;
        } finally {
            lock.unlock();
        }
        for (Consumer<GuardRegistry> action : actions) {
            action.accept(created);
        }
    }

    /** Creates the registry now if the application needs it from the start (see the class comment). */
    @Override
    public void afterSingletonsInstantiated() {
        if (registry == null && neededAtStartup.getAsBoolean()) {
            get();
        }
    }
}
