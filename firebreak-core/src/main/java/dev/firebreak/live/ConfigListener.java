package dev.firebreak.live;

/**
 * Told of every {@link ConfigEvent}, after the change (or refusal) has been decided and outside any
 * lock of the configuration. A listener that throws is logged and does not stop the others.
 */
@FunctionalInterface
public interface ConfigListener {

    /** One event. */
    void onEvent(ConfigEvent event);
}
