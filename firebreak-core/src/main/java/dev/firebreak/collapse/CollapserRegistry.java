package dev.firebreak.collapse;

import dev.firebreak.GuardRegistry;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The collapsers of one {@link GuardRegistry}, by name, for operations (the stream, dynamic
 * configuration): {@code registry.collapsers().find("generateIntegers")}. Its collapsers read time from
 * the guard registry's ticker and wait on its scheduler.
 */
public final class CollapserRegistry {

    private final GuardRegistry guards;
    private final ConcurrentHashMap<String, Collapser<?, ?>> collapsers = new ConcurrentHashMap<>();

    /** The collapser registry of {@code guards}; made by the guard registry itself, use {@code guards.collapsers()}. */
    public CollapserRegistry(GuardRegistry guards) {
        this.guards = Objects.requireNonNull(guards, "guards");
    }

    /** Starts building a collapser named {@code name} here: {@code collapsers.<Integer, Integers>collapser("x")}. */
    public <A, R> Collapser.Builder<A, R> collapser(String name) {
        return new Collapser.Builder<>(this, name);
    }

    /** The collapser named {@code name}, if built. */
    public Optional<Collapser<?, ?>> find(String name) {
        return Optional.ofNullable(collapsers.get(name));
    }

    /** Every collapser, in no particular order. */
    public Collection<Collapser<?, ?>> collapsers() {
        return List.copyOf(collapsers.values());
    }

    /** Removes a collapser from operations' view; it stays usable by whoever holds it. */
    public boolean remove(String name) {
        return collapsers.remove(name) != null;
    }

    /** The guard registry whose clock and guards the collapsers use. */
    public GuardRegistry guards() {
        return guards;
    }

    void register(Collapser<?, ?> collapser) {
        Collapser<?, ?> previous = collapsers.putIfAbsent(collapser.name(), collapser);
        if (previous != null) {
            throw new IllegalStateException("a collapser named '" + collapser.name()
                    + "' already exists in this registry; look it up with find(name) or remove it first");
        }
    }
}
