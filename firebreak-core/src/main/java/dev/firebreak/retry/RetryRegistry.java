package dev.firebreak.retry;

import dev.firebreak.GuardRegistry;
import dev.firebreak.registry.Registry;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;

/**
 * The retry policies of one {@link GuardRegistry}, by name, for operations (the stream, live
 * configuration, Micrometer): {@code RetryRegistry.of(registry).find("users")}. Kept as an extension
 * of the guard registry (one per guard registry), so the guard layer never imports this package.
 *
 * <p>A policy is registered when built, in the registry of the guard it goes through. Building a
 * second policy under a name in use replaces the first in operations' view (a replaced event); the
 * first stays usable by whoever holds it. Once the guard registry closes, no policy is registered.
 */
public final class RetryRegistry {

    private final GuardRegistry guards;
    private final Registry<Retry> retries = new Registry<>("retry policy", Retry::name);

    private RetryRegistry(GuardRegistry guards) {
        this.guards = Objects.requireNonNull(guards, "guards");
        guards.whenClosed(retries::close);
    }

    /** The retry registry of {@code guards}, made on first use. */
    public static RetryRegistry of(GuardRegistry guards) {
        return guards.extension(RetryRegistry.class, RetryRegistry::new);
    }

    /** The retry policy named {@code name}, if built. */
    public Optional<Retry> find(String name) {
        return retries.find(name);
    }

    /** Every retry policy, in no particular order. */
    public Collection<Retry> retries() {
        return retries.all();
    }

    /** Removes a policy from operations' view; it stays usable by whoever holds it. */
    public boolean remove(String name) {
        return retries.remove(name);
    }

    /** The policies by name, with their added, removed and replaced events. */
    public Registry<Retry> registry() {
        return retries;
    }

    /** The guard registry whose guards and clock the policies use. */
    public GuardRegistry guards() {
        return guards;
    }

    void register(Retry retry) {
        if (!retries.isClosed()) {
            retries.replace(retry);
        }
    }
}
