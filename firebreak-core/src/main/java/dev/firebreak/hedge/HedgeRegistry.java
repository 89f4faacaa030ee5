package dev.firebreak.hedge;

import dev.firebreak.GuardRegistry;
import dev.firebreak.registry.Registry;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;

/**
 * The hedging policies of one {@link GuardRegistry}, by name, for operations (the stream, live
 * configuration, Micrometer): {@code HedgeRegistry.of(registry).find("profiles")}. Kept as an extension
 * of the guard registry (one per guard registry), so the guard layer never imports this package.
 *
 * <p>A policy is registered when built, in the registry of the guard it goes through. Building a
 * second policy under a name in use replaces the first in operations' view (a replaced event); the
 * first stays usable by whoever holds it. Once the guard registry closes, no policy is registered.
 */
public final class HedgeRegistry {

    private final GuardRegistry guards;
    private final Registry<Hedge> hedges = new Registry<>("hedging policy", Hedge::name);

    private HedgeRegistry(GuardRegistry guards) {
        this.guards = Objects.requireNonNull(guards, "guards");
        guards.whenClosed(hedges::close);
    }

    /** The hedge registry of {@code guards}, made on first use. */
    public static HedgeRegistry of(GuardRegistry guards) {
        return guards.extension(HedgeRegistry.class, HedgeRegistry::new);
    }

    /** The hedging policy named {@code name}, if built. */
    public Optional<Hedge> find(String name) {
        return hedges.find(name);
    }

    /** Every hedging policy, in no particular order. */
    public Collection<Hedge> hedges() {
        return hedges.all();
    }

    /** Removes a policy from operations' view; it stays usable by whoever holds it. */
    public boolean remove(String name) {
        return hedges.remove(name);
    }

    /** The policies by name, with their added, removed and replaced events. */
    public Registry<Hedge> registry() {
        return hedges;
    }

    /** The guard registry whose guards and clock the policies use. */
    public GuardRegistry guards() {
        return guards;
    }

    void register(Hedge hedge) {
        if (!hedges.isClosed()) {
            hedges.replace(hedge);
        }
    }
}
