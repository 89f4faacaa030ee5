package dev.firebreak.ratelimit;

import static dev.firebreak.config.Check.notNegative;
import static dev.firebreak.config.Check.positive;
import static dev.firebreak.config.Check.present;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import java.time.Duration;
import java.util.List;

/**
 * The immutable configuration of a guard's rate limiter, keys {@code firebreak.command.<name>.rateLimit.*}
 * (see {@link RateLimitProperties} and docs/limits.md). Every value is validated when the record is
 * made; a bad one throws {@link InvalidConfigException} naming the key, the value and the rule.
 *
 * @param enabled {@code rateLimit.enabled}, default false
 * @param kind {@code rateLimit.kind}: TOKEN_BUCKET (default) or SLIDING_WINDOW
 * @param permitsPerSecond {@code rateLimit.permitsPerSecond}, default 100, at least 1
 * @param burst {@code rateLimit.burst}: a token bucket's capacity (at least 1), a sliding window's
 *     allowance over {@code permitsPerSecond * window} (at least 0); default 1
 * @param window {@code rateLimit.window} in milliseconds: a sliding window's length, default 1 s
 * @param maxWait {@code rateLimit.maxWaitInMilliseconds}: the longest a caller waits for a permit,
 *     default 0 (refuse at once)
 */
public record RateLimitConfig(boolean enabled, RateLimitKind kind, int permitsPerSecond, int burst, Duration window,
        Duration maxWait) {

    /** The most permits a sliding window may count (its ring of grant times). */
    public static final int MAX_WINDOW_PERMITS = 1_000_000;

    /** Validates every value (see the class Javadoc). */
    public RateLimitConfig {
        present(RateLimitProperties.KIND.name(), kind);
        positive(RateLimitProperties.PERMITS_PER_SECOND.name(), permitsPerSecond);
        positive(RateLimitProperties.WINDOW.name(), window);
        notNegative(RateLimitProperties.MAX_WAIT.name(), maxWait);
        if (kind == RateLimitKind.TOKEN_BUCKET) {
            if (burst < 1) { // a rule across burst and kind: a bucket needs room for one permit
                throw new InvalidConfigException(RateLimitProperties.BURST.name(), burst,
                        "must be >= 1 for " + RateLimitProperties.KIND.name() + " TOKEN_BUCKET",
                        List.of(RateLimitProperties.KIND.name()));
            }
        } else {
            notNegative(RateLimitProperties.BURST.name(), burst);
            long permits = (long) permitsPerSecond * window.toMillis() / 1000 + burst;
            if (permits < 1 || permits > MAX_WINDOW_PERMITS) {
                throw new InvalidConfigException(RateLimitProperties.WINDOW.name(), window.toMillis(),
                        "permitsPerSecond * window + burst must be between 1 and " + MAX_WINDOW_PERMITS + " (was "
                                + permits + ")",
                        List.of(RateLimitProperties.PERMITS_PER_SECOND.name(), RateLimitProperties.BURST.name(),
                                RateLimitProperties.KIND.name()));
            }
        }
    }

    /** A sliding window's permits per window: {@code permitsPerSecond * window + burst}. */
    public int slidingWindowPermits() {
        return (int) ((long) permitsPerSecond * window.toMillis() / 1000 + burst);
    }

    /** The defaults: disabled. */
    public static RateLimitConfig defaults() {
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

    /** This record's property table, one row per component: the only place its keys live. */
    public static List<PropertyDefinition<RateLimitConfig, Builder>> properties() {
        return RateLimitProperties.ROWS;
    }

    /** Builds a {@link RateLimitConfig}; each setter records its property as set in code; {@link #build()} validates. */
    public static final class Builder extends ConfigBuilder<Builder> {
        boolean enabled;
        RateLimitKind kind = RateLimitKind.TOKEN_BUCKET;
        int permitsPerSecond = 100;
        int burst = 1;
        Duration window = Duration.ofSeconds(1);
        Duration maxWait = Duration.ZERO;

        private Builder() {
        }

        private Builder(RateLimitConfig c) {
            enabled = c.enabled;
            kind = c.kind;
            permitsPerSecond = c.permitsPerSecond;
            burst = c.burst;
            window = c.window;
            maxWait = c.maxWait;
        }

        /** {@code rateLimit.enabled}. */
        public Builder enabled(boolean v) { return set(RateLimitProperties.ENABLED, v); }
        /** {@code rateLimit.kind}. */
        public Builder kind(RateLimitKind v) { return set(RateLimitProperties.KIND, v); }
        /** {@code rateLimit.permitsPerSecond}. */
        public Builder permitsPerSecond(int v) { return set(RateLimitProperties.PERMITS_PER_SECOND, v); }
        /** {@code rateLimit.burst}. */
        public Builder burst(int v) { return set(RateLimitProperties.BURST, v); }
        /** {@code rateLimit.window}. */
        public Builder window(Duration v) { return set(RateLimitProperties.WINDOW, v); }
        /** {@code rateLimit.window} in milliseconds (the property table's form). */
        public Builder windowInMilliseconds(int v) { return window(Duration.ofMillis(v)); }
        /** {@code rateLimit.maxWaitInMilliseconds}. */
        public Builder maxWait(Duration v) { return set(RateLimitProperties.MAX_WAIT, v); }
        /** {@code rateLimit.maxWaitInMilliseconds} (the property table's form). */
        public Builder maxWaitInMilliseconds(int v) { return maxWait(Duration.ofMillis(v)); }

        /** Every property of {@code whole}, each recorded as set in code. */
        public Builder from(RateLimitConfig whole) {
            for (PropertyDefinition<RateLimitConfig, Builder> row : RateLimitProperties.ROWS) {
                set(row, row.get(whole));
            }
            return this;
        }

        /** Validates and builds; throws {@link InvalidConfigException} on a bad value. */
        public RateLimitConfig build() {
            return new RateLimitConfig(enabled, kind, permitsPerSecond, burst, window, maxWait);
        }
    }
}
