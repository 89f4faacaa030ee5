package dev.firebreak.spring.cloud;

import dev.firebreak.CallFailedException;
import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import java.util.Map;
import java.util.function.Function;

/** What both factories share: the guard behind an id, and the Throwable a Spring Cloud fallback receives. */
final class BreakerGuards {

    private BreakerGuards() {
    }

    /**
     * The registry's guard named {@code id}, created with the id's configuration (or the default's) and
     * {@code group} (null: the guard's own name) if the registry has none yet.
     */
    static Guard guard(GuardRegistry registry, String id, String group, Map<String, FirebreakCircuitBreakerConfig> configurations,
            Function<String, FirebreakCircuitBreakerConfig> defaults) {
        Guard existing = registry.find(id).orElse(null);
        if (existing != null) {
            return existing;
        }
        FirebreakCircuitBreakerConfig config = configurations.get(id);
        if (config == null) {
            config = defaults.apply(id);
        }
        Guard.Builder builder = registry.guard(id);
        if (group != null) {
            builder.group(group);
        }
        config.applyTo(builder);
        try {
            return builder.build();
        } catch (IllegalStateException raced) {
            return registry.find(id).orElseThrow(() -> raced); // another thread built it first
        }
    }

    /** The call's own exception for a failure; the {@code GuardException} for a timeout, rejection or open breaker. */
    static Throwable cause(GuardException failure) {
        if (failure instanceof CallFailedException && failure.getCause() != null) {
            return failure.getCause();
        }
        return failure;
    }
}
