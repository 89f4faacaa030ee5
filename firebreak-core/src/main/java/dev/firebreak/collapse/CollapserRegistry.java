package dev.firebreak.collapse;

import dev.firebreak.GuardRegistry;
import dev.firebreak.registry.Registry;
import java.util.Collection;
import java.util.Objects;
import java.util.Optional;

/**
 * The collapsers of one {@link GuardRegistry}, by name, for operations (the stream, dynamic
 * configuration): {@code CollapserRegistry.of(registry).find("generateIntegers")}. Its collapsers read time from
 * the guard registry's ticker and wait on its scheduler.
 */
public final class CollapserRegistry {

    private final GuardRegistry guards;
    private final Registry<Collapser<?, ?>> collapsers = new Registry<>("collapser", Collapser::name);

    private CollapserRegistry(GuardRegistry guards) {
        this.guards = Objects.requireNonNull(guards, "guards");
        guards.whenClosed(collapsers::close);
    }

    /** The collapser registry of {@code guards} (one per guard registry, kept as its extension). */
    public static CollapserRegistry of(GuardRegistry guards) {
        return guards.extension(CollapserRegistry.class, CollapserRegistry::new);
    }

    /** Starts building a collapser named {@code name} here: {@code collapsers.<Integer, Integers>collapser("x")}. */
    public <A, R> CollapserBuilder<A, R> collapser(String name) {
        return new CollapserBuilder<>(this, name);
    }

    /** The collapser named {@code name}, if built. */
    public Optional<Collapser<?, ?>> find(String name) {
        return collapsers.find(name);
    }

    /** Every collapser, in no particular order. */
    public Collection<Collapser<?, ?>> collapsers() {
        return collapsers.all();
    }

    /** Removes a collapser from operations' view; it stays usable by whoever holds it. */
    public boolean remove(String name) {
        return collapsers.remove(name);
    }

    /** The collapsers by name, with their added, removed and replaced events. */
    public Registry<Collapser<?, ?>> registry() {
        return collapsers;
    }

    /** The guard registry whose clock and guards the collapsers use. */
    public GuardRegistry guards() {
        return guards;
    }

    void register(Collapser<?, ?> collapser) {
        collapsers.register(collapser);
    }
}
