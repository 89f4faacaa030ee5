package dev.firebreak.context;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.PropertyDefinition;
import java.util.List;

/**
 * The request context's immutable configuration for one guard: whether it uses the request cache and
 * the request log. Its keys live in {@link RequestProperties}; the guard's configuration holds one
 * ({@code config.request()}).
 *
 * @param cacheEnabled {@code requestCache.enabled}, default true
 * @param logEnabled {@code requestLog.enabled}, default true
 */
public record RequestConfig(
        boolean cacheEnabled,
        boolean logEnabled) {

    /** Validates every value, naming key, value and rule. */
    public RequestConfig {
    }

    /** This record's property table, one row per component: the only place its keys live. */
    public static List<PropertyDefinition<RequestConfig, Builder>> properties() {
        return RequestProperties.ROWS;
    }

    /** The defaults. */
    public static RequestConfig defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds a {@link RequestConfig}; each setter records its property as set in code. */
    public static final class Builder extends ConfigBuilder<Builder> {
        boolean cacheEnabled = true;
        boolean logEnabled = true;

        private Builder() {
        }

        private Builder(RequestConfig c) {
            cacheEnabled = c.cacheEnabled;
            logEnabled = c.logEnabled;
        }

        /** {@code requestCache.enabled}. */
        public Builder cacheEnabled(boolean v) { return set(RequestProperties.CACHE_ENABLED, v); }
        /** {@code requestLog.enabled}. */
        public Builder logEnabled(boolean v) { return set(RequestProperties.LOG_ENABLED, v); }

        /** Validates and builds. */
        public RequestConfig build() {
            return new RequestConfig(cacheEnabled, logEnabled);
        }
    }
}
