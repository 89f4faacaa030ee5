package dev.firebreak.spring.boot.config;

import dev.firebreak.live.ConfigEvent;
import java.util.List;

/**
 * The application's start failed because Firebreak refused values of its configuration: the message
 * names each key, its value and the rule it broke, as the core's refusals do.
 */
public final class InvalidFirebreakConfigurationException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final transient List<ConfigEvent> refusals;

    InvalidFirebreakConfigurationException(String message, List<ConfigEvent> refusals) {
        super(message);
        this.refusals = refusals;
    }

    /** The refusals, as the core reported them. */
    public List<ConfigEvent> refusals() {
        return refusals;
    }
}
