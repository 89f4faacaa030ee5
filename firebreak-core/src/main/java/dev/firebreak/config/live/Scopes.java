package dev.firebreak.config.live;

import dev.firebreak.GuardConfig;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.isolation.ThreadPoolConfig;
import java.util.List;

/** Every scope live configuration reads keys for: guards, thread pools, collapsers. */
final class Scopes {

    private Scopes() {
    }

    /** The scopes, in the order keys are matched. */
    static List<ConfigScope<?, ?>> all() {
        return List.of(GuardConfig.scope(), ThreadPoolConfig.scope(), CollapserConfig.scope());
    }
}
