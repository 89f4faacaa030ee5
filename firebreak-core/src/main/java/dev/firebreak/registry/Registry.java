package dev.firebreak.registry;

import dev.firebreak.event.ListenerFailures;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * Named objects of one kind (guards, thread pools, collapsers, any policy object) with added, removed
 * and replaced events, so that operations (Micrometer, the stream, live configuration) react to
 * changes instead of polling.
 *
 * <p>Invariants: at most one object per name; every change is decided by one atomic map operation
 * and then announced exactly once, after the change and outside any lock, to the listeners present
 * at that moment; a listener that throws is handled by {@link ListenerFailures} and neither undoes
 * the change nor keeps the other listeners from hearing of it. Once {@linkplain #close() closed}, a
 * registry refuses every new object with a {@link RegistryClosedException}.
 *
 * @param <T> the kind of object registered
 */
public final class Registry<T> {

    private final String kind;
    private final Function<? super T, String> naming;
    private final ConcurrentHashMap<String, T> byName = new ConcurrentHashMap<>();
    private final CopyOnWriteArrayList<RegistryListener<? super T>> listeners = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    /**
     * An empty registry of {@code kind} (a word for messages: "guard", "pool") whose objects are named
     * by {@code naming}.
     */
    public Registry(String kind, Function<? super T, String> naming) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.naming = Objects.requireNonNull(naming, "naming");
    }

    /**
     * Registers {@code value} under its name.
     *
     * @throws IllegalStateException if the name is taken (naming the kind and the name)
     * @throws RegistryClosedException if this registry is closed
     */
    public T register(T value) {
        String name = nameOf(value);
        refuseIfClosed(name);
        T previous = byName.putIfAbsent(name, value);
        if (previous != null) {
            throw new IllegalStateException("a " + kind + " named '" + name
                    + "' already exists in this registry; look it up with find(name) or remove it first");
        }
        announceAdded(value);
        return value;
    }

    /**
     * The object named {@code name}, made by {@code factory} and registered (an added event) if there
     * was none. The factory runs at most once per absent name, inside the map's atomic step, so it must
     * be short and must not touch this registry.
     */
    public T computeIfAbsent(String name, Function<String, ? extends T> factory) {
        T existing = byName.get(name);
        if (existing != null) {
            return existing;
        }
        refuseIfClosed(name);
        boolean[] made = new boolean[1];
        T value = byName.computeIfAbsent(name, key -> {
            made[0] = true;
            return factory.apply(key);
        });
        if (made[0]) {
            announceAdded(value);
        }
        return value;
    }

    /**
     * Puts {@code value} under its name, replacing whatever was there: a replaced event if there was
     * an object, else an added event.
     *
     * @return the object replaced, if any
     */
    public Optional<T> replace(T value) {
        String name = nameOf(value);
        refuseIfClosed(name);
        T previous = byName.put(name, value);
        if (previous == null) {
            announceAdded(value);
        } else if (previous != value) {
            for (RegistryListener<? super T> listener : listeners) {
                ListenerFailures.notify(listener, kind + " '" + name + "' replaced",
                        () -> listener.onReplaced(previous, value));
            }
        }
        return Optional.ofNullable(previous);
    }

    /** Removes the object named {@code name} (a removed event); false if there was none. */
    public boolean remove(String name) {
        T removed = byName.remove(name);
        if (removed == null) {
            return false;
        }
        announceRemoved(removed);
        return true;
    }

    /** Removes {@code value} if it is still the one under its name (a removed event). */
    public boolean remove(T value) {
        String name = nameOf(value);
        if (!byName.remove(name, value)) {
            return false;
        }
        announceRemoved(value);
        return true;
    }

    /** The object named {@code name}, if registered. */
    public Optional<T> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** The object named {@code name}, or null: for paths that must not allocate. */
    public T get(String name) {
        return byName.get(name);
    }

    /** Every object, in no particular order, as of now. */
    public Collection<T> all() {
        return List.copyOf(byName.values());
    }

    /** The number of objects registered now. */
    public int size() {
        return byName.size();
    }

    /** Subscribes to additions, removals and replacements. */
    public void addListener(RegistryListener<? super T> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Unsubscribes a listener. */
    public void removeListener(RegistryListener<? super T> listener) {
        listeners.remove(listener);
    }

    /**
     * Refuses every new object from now on and returns the objects registered, which stay findable
     * (their owner shuts them down). Idempotent.
     */
    public Collection<T> close() {
        closed = true;
        return all();
    }

    /** True once {@link #close()} was called. */
    public boolean isClosed() {
        return closed;
    }

    private String nameOf(T value) {
        return Objects.requireNonNull(naming.apply(Objects.requireNonNull(value, kind)), kind + " name");
    }

    private void refuseIfClosed(String name) {
        if (closed) {
            throw new RegistryClosedException(kind + " '" + name + "'");
        }
    }

    private void announceAdded(T value) {
        for (RegistryListener<? super T> listener : listeners) {
            ListenerFailures.notify(listener, kind + " '" + nameOf(value) + "' added", () -> listener.onAdded(value));
        }
    }

    private void announceRemoved(T value) {
        for (RegistryListener<? super T> listener : listeners) {
            ListenerFailures.notify(listener, kind + " '" + nameOf(value) + "' removed", () -> listener.onRemoved(value));
        }
    }
}
