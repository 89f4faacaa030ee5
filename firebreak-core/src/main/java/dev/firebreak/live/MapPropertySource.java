package dev.firebreak.live;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Properties set programmatically (an operations endpoint, a test). Every {@link #set} or
 * {@link #remove} pushes the change to the subscribed configuration, which applies it on the calling
 * thread before the call returns.
 */
public final class MapPropertySource implements PropertySource {

    private final String name;
    private final ConcurrentHashMap<String, String> properties = new ConcurrentHashMap<>();
    private final CopyOnWriteArrayList<Runnable> listeners = new CopyOnWriteArrayList<>();

    /** An empty source called {@code name}. */
    public MapPropertySource(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** Sets {@code key} to {@code value} and pushes the change. */
    public MapPropertySource set(String key, String value) {
        properties.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
        changed();
        return this;
    }

    /** Sets every entry of {@code values} at once and pushes one change. */
    public MapPropertySource setAll(Map<String, String> values) {
        properties.putAll(values);
        changed();
        return this;
    }

    /** Removes {@code key} (its value falls back to the weaker layers) and pushes the change. */
    public MapPropertySource remove(String key) {
        properties.remove(key);
        changed();
        return this;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Map<String, String> read() {
        return Map.copyOf(properties);
    }

    @Override
    public void addChangeListener(Runnable listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public void removeChangeListener(Runnable listener) {
        listeners.remove(listener);
    }

    private void changed() {
        for (Runnable listener : listeners) {
            listener.run();
        }
    }
}
