package dev.firebreak.fallback;

import static dev.firebreak.config.Check.notNegative;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.PropertyDefinition;
import java.util.List;

/**
 * The fallback's immutable configuration. Its keys and rules live in {@link FallbackProperties}; the
 * guard's configuration holds one ({@code config.fallback()}).
 *
 * @param enabled {@code fallback.enabled}, default true
 * @param maxConcurrentRequests {@code fallback.isolation.semaphore.maxConcurrentRequests}, default 10
 */
public record FallbackConfig(
        boolean enabled,
        int maxConcurrentRequests) {

    /** Validates every value, naming key, value and rule. */
    public FallbackConfig {
        notNegative(FallbackProperties.MAX_CONCURRENT_REQUESTS.name(), maxConcurrentRequests);
    }

    /** This record's property table, one row per component: the only place its keys live. */
    public static List<PropertyDefinition<FallbackConfig, Builder>> properties() {
        return FallbackProperties.ROWS;
    }

    /** The defaults. */
    public static FallbackConfig defaults() {
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

    /** Builds a {@link FallbackConfig}; each setter records its property as set in code. */
    public static final class Builder extends ConfigBuilder<Builder> {
        boolean enabled = true;
        int maxConcurrentRequests = 10;

        private Builder() {
        }

        private Builder(FallbackConfig c) {
            enabled = c.enabled;
            maxConcurrentRequests = c.maxConcurrentRequests;
        }

        /** {@code fallback.enabled}. */
        public Builder enabled(boolean v) { return set(FallbackProperties.ENABLED, v); }
        /** {@code fallback.isolation.semaphore.maxConcurrentRequests}. */
        public Builder maxConcurrentRequests(int v) { return set(FallbackProperties.MAX_CONCURRENT_REQUESTS, v); }

        /** Validates and builds. */
        public FallbackConfig build() {
            return new FallbackConfig(enabled, maxConcurrentRequests);
        }
    }
}
