package dev.firebreak.live;

import dev.firebreak.config.Level;
import dev.firebreak.event.ListenerFailures;
import java.lang.System.Logger;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Hands {@link ConfigEvent}s to the log ({@code System.Logger} named after {@link DynamicConfiguration}:
 * APPLIED at INFO, the others at WARNING) and to the listeners. Called after a decision, never under a
 * lock; a listener that throws is logged and the others still run.
 */
final class EventPublisher {

    private final CopyOnWriteArrayList<ConfigListener> listeners;

    EventPublisher(List<ConfigListener> initial) {
        this.listeners = new CopyOnWriteArrayList<>(initial);
    }

    void add(ConfigListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    void remove(ConfigListener listener) {
        listeners.remove(listener);
    }

    void publish(List<ConfigEvent> events) {
        for (ConfigEvent event : events) {
            Logger.Level level = event.kind() == ConfigEvent.Kind.APPLIED ? Logger.Level.INFO : Logger.Level.WARNING;
            ConfigLog.logger().log(level, event.message());
            for (ConfigListener listener : listeners) {
                try {
                    listener.onEvent(event);
                } catch (Throwable thrown) {
                    ListenerFailures.report(listener, "configuration event " + event.kind(), thrown);
                }
            }
        }
    }
}
