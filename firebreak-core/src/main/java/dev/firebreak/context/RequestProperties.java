package dev.firebreak.context;

import static dev.firebreak.config.PropertyDefinition.Flags.LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;

import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.context.RequestConfig.Builder;
import java.util.List;

/** The request context's property table ({@code requestCache.*}, {@code requestLog.*}): one row per {@link RequestConfig} component. */
final class RequestProperties {

    static final PropertyDefinition<RequestConfig, Builder> CACHE_ENABLED = ofBoolean("requestCache.enabled", "cacheEnabled", LIVE,
            "serve repeated calls of one request context from the request cache", RequestConfig::cacheEnabled, (b, v) -> b.cacheEnabled = v);
    static final PropertyDefinition<RequestConfig, Builder> LOG_ENABLED = ofBoolean("requestLog.enabled", "logEnabled", LIVE,
            "record calls in the request log", RequestConfig::logEnabled, (b, v) -> b.logEnabled = v);

    static final List<PropertyDefinition<RequestConfig, Builder>> ROWS = List.of(CACHE_ENABLED, LOG_ENABLED);

    private RequestProperties() {
    }
}
