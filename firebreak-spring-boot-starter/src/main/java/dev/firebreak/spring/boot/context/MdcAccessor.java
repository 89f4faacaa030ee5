package dev.firebreak.spring.boot.context;

import io.micrometer.context.ContextRegistry;
import io.micrometer.context.integration.Slf4jThreadLocalAccessor;

/**
 * The whole SLF4J MDC as one propagated value, unless the application registered an MDC accessor itself.
 * A class of its own, loaded only when slf4j is present, and not a member of the auto-configuration
 * (whose member classes Spring reads at startup).
 */
final class MdcAccessor {

    private MdcAccessor() {
    }

    /** Adds the MDC accessor to {@code registry} unless one with its key is there already. */
    static void register(ContextRegistry registry) {
        boolean present = registry.getThreadLocalAccessors().stream()
                .anyMatch(accessor -> Slf4jThreadLocalAccessor.KEY.equals(accessor.key()));
        if (!present) {
            registry.registerThreadLocalAccessor(new Slf4jThreadLocalAccessor());
        }
    }
}
