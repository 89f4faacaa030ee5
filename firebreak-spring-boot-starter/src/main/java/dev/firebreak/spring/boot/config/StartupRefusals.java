package dev.firebreak.spring.boot.config;

import dev.firebreak.live.ConfigEvent;
import dev.firebreak.live.ConfigListener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Collects what the first read of the configuration refused, so a bad value in {@code application.yml}
 * fails the application's start with the core's message (key, value, rule). After start-up it collects
 * nothing: a bad value arriving live is refused, logged by the core, and the last valid value stays.
 */
final class StartupRefusals implements ConfigListener {

    private final List<ConfigEvent> refused = new CopyOnWriteArrayList<>();
    private volatile boolean started;

    @Override
    public void onEvent(ConfigEvent event) {
        if (!started && (event.kind() == ConfigEvent.Kind.REFUSED || event.kind() == ConfigEvent.Kind.SOURCE_FAILED)) {
            refused.add(event);
        }
    }

    /** Ends the window without failing: the configuration was bound after the application started. */
    void afterStartup() {
        started = true;
    }

    /** Ends the start-up window; throws if anything was refused in it. */
    void startupDone() {
        started = true;
        if (!refused.isEmpty()) {
            StringBuilder message = new StringBuilder("Firebreak refused its configuration at startup:");
            for (ConfigEvent event : refused) {
                message.append("\n  ").append(event.message());
            }
            throw new InvalidFirebreakConfigurationException(message.toString(), List.copyOf(refused));
        }
    }
}
