package dev.firebreak.registry;

/**
 * Told when a {@link Registry} changes: an object added under a new name, removed, or replaced by
 * another under the same name. Called after the change, outside any lock, on the thread that made it;
 * a listener that throws is caught and logged once ({@link dev.firebreak.event.ListenerFailures}) and
 * never undoes or breaks the change.
 *
 * @param <T> the kind of object registered
 */
public interface RegistryListener<T> {

    /** {@code added} was registered under a name that was free. */
    void onAdded(T added);

    /** {@code removed} left the registry. */
    void onRemoved(T removed);

    /** {@code current} took the place of {@code previous} under the same name; by default, a removal then an addition. */
    default void onReplaced(T previous, T current) {
        onRemoved(previous);
        onAdded(current);
    }
}
