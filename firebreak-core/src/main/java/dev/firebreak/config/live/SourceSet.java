package dev.firebreak.config.live;

import java.io.IOException;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ordered sources of one {@link DynamicConfiguration}, read together into one snapshot: a later
 * source wins for the same key, only {@code firebreak.*} and {@code hystrix.*} keys are kept, and a
 * source that fails keeps its last good snapshot (its failure reported once until it recovers).
 *
 * <p>Not thread-safe: the owner reads it under its lock.
 */
final class SourceSet {

    private final List<PropertySource> sources;
    private final Map<PropertySource, Map<String, String>> lastGood = new IdentityHashMap<>();
    private final Map<PropertySource, String> lastFailure = new IdentityHashMap<>();

    SourceSet(List<PropertySource> sources) {
        this.sources = List.copyOf(sources);
    }

    /** Subscribes {@code listener} to every source that pushes changes. */
    void subscribe(Runnable listener) {
        for (PropertySource source : sources) {
            source.addChangeListener(listener);
        }
    }

    /** Undoes {@link #subscribe}. */
    void unsubscribe(Runnable listener) {
        for (PropertySource source : sources) {
            source.removeChangeListener(listener);
        }
    }

    /** Reads every source and merges them; new failures are added to {@code events}. */
    Map<String, String> read(List<ConfigEvent> events) {
        Map<String, String> merged = new LinkedHashMap<>();
        for (PropertySource source : sources) {
            try {
                Map<String, String> snapshot = new HashMap<>();
                source.read().forEach((key, value) -> {
                    if (key != null && value != null && (key.startsWith("firebreak.") || key.startsWith("hystrix."))) {
                        snapshot.put(key, value);
                    }
                });
                lastGood.put(source, snapshot);
                lastFailure.remove(source);
            } catch (IOException | RuntimeException failed) {
                String reason = String.valueOf(failed.getMessage());
                if (!reason.equals(lastFailure.put(source, reason))) {
                    events.add(new ConfigEvent(ConfigEvent.Kind.SOURCE_FAILED, null, null, null, source.name(), null,
                            "source " + source.name() + " cannot be read (" + failed.getClass().getSimpleName()
                                    + ": " + reason + "); its previous properties stay in force"));
                }
            }
            merged.putAll(lastGood.getOrDefault(source, Map.of()));
        }
        return Map.copyOf(merged);
    }
}
