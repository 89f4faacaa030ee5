package dev.firebreak.callpolicy;

import dev.firebreak.GuardRegistry;
import dev.firebreak.registry.Registry;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;

/**
 * The call policies of one kind of one {@link GuardRegistry}, by name, for operations (the stream,
 * live configuration, Micrometer). Each kind ({@code RetryRegistry}, {@code HedgeRegistry}) is an
 * extension of the guard registry (one per guard registry), so the guard layer never imports the
 * policies' packages.
 *
 * <p>A policy is registered when built, in the registry of the guard it goes through. Building a
 * second policy under a name in use replaces the first in operations' view (a replaced event); the
 * first stays usable by whoever holds it. Once the guard registry closes, no policy is registered.
 *
 * @param <P> the kind of policy
 */
public abstract class CallPolicyRegistry<P extends CallPolicy<?>> {

    private final GuardRegistry guards;
    private final Registry<P> policies;

    /** An empty registry of {@code kind} (a word for messages) over {@code guards}. */
    protected CallPolicyRegistry(GuardRegistry guards, String kind) {
        this.guards = Objects.requireNonNull(guards, "guards");
        this.policies = new Registry<>(kind, CallPolicy::name);
        guards.whenClosed(policies::close);
    }

    /** The policy named {@code name}, if built. */
    public final Optional<P> find(String name) {
        return policies.find(name);
    }

    /** Every policy, in no particular order. */
    public final Collection<P> policies() {
        return policies.all();
    }

    /** Removes a policy from operations' view; it stays usable by whoever holds it. */
    public final boolean remove(String name) {
        return policies.remove(name);
    }

    /** The policies by name, with their added, removed and replaced events. */
    public final Registry<P> registry() {
        return policies;
    }

    /** The guard registry whose guards and clock the policies use. */
    public final GuardRegistry guards() {
        return guards;
    }

    /** Registers a policy just built (replacing one of the same name); nothing once the guards closed. */
    protected final void register(P policy) {
        if (!policies.isClosed()) {
            policies.replace(policy);
        }
    }
}
