package dev.firebreak.fallback;

import static dev.firebreak.config.PropertyDefinition.Flags.LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofInt;

import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.fallback.FallbackConfig.Builder;
import java.util.List;

/** The fallback's property table ({@code fallback.*}): one row per {@link FallbackConfig} component. */
final class FallbackProperties {

    static final PropertyDefinition<FallbackConfig, Builder> ENABLED = ofBoolean("fallback.enabled", "enabled", LIVE,
            "run the fallback on failure or rejection", FallbackConfig::enabled, (b, v) -> b.enabled = v);
    static final PropertyDefinition<FallbackConfig, Builder> MAX_CONCURRENT_REQUESTS = ofInt("fallback.isolation.semaphore.maxConcurrentRequests", "maxConcurrentRequests", LIVE,
            "fallbacks running at once", FallbackConfig::maxConcurrentRequests, (b, v) -> b.maxConcurrentRequests = v);

    static final List<PropertyDefinition<FallbackConfig, Builder>> ROWS = List.of(ENABLED, MAX_CONCURRENT_REQUESTS);

    private FallbackProperties() {
    }
}
