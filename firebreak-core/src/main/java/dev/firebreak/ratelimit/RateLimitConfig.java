package dev.firebreak.ratelimit;

import static dev.firebreak.config.Check.atLeast;
import static dev.firebreak.config.Check.notNegative;
import static dev.firebreak.config.Check.positive;
import static dev.firebreak.config.Check.present;

import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.InvalidConfigException;
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
        present("rateLimit.kind", kind);
        positive("rateLimit.permitsPerSecond", permitsPerSecond);
        present("rateLimit.window", window);
        present("rateLimit.maxWaitInMilliseconds", maxWait);
        if (window.isNegative() || window.isZero()) {
            throw new InvalidConfigException("rateLimit.window", window.toMillis(), "must be > 0");
        }
        if (maxWait.isNegative()) {
            throw new InvalidConfigException("rateLimit.maxWaitInMilliseconds", maxWait.toMillis(), "must be >= 0");
        }
        if (kind == RateLimitKind.TOKEN_BUCKET) {
            atLeast("rateLimit.burst", burst, 1);
        } else {
            notNegative("rateLimit.burst", burst);
            long permits = (long) permitsPerSecond * window.toMillis() / 1000 + burst;
            if (permits < 1 || permits > MAX_WINDOW_PERMITS) {
                throw new InvalidConfigException("rateLimit.window", window.toMillis(),
                        "permitsPerSecond * window + burst must be between 1 and " + MAX_WINDOW_PERMITS + " (was "
                                + permits + ")", List.of("rateLimit.permitsPerSecond", "rateLimit.burst"));
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

    /** This record's property table, keys {@code firebreak.command.<name>.rateLimit.*}. */
    public static ConfigScope<RateLimitConfig, Builder> scope() {
        return RateLimitProperties.SCOPE;
    }

    /** Builds a {@link RateLimitConfig}; {@link #build()} validates. */
    public static final class Builder {
        private boolean enabled;
        private RateLimitKind kind = RateLimitKind.TOKEN_BUCKET;
        private int permitsPerSecond = 100;
        private int burst = 1;
        private Duration window = Duration.ofSeconds(1);
        private Duration maxWait = Duration.ZERO;

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
        public Builder enabled(boolean v) { enabled = v; return this; }
        /** {@code rateLimit.kind}. */
        public Builder kind(RateLimitKind v) { kind = v; return this; }
        /** {@code rateLimit.permitsPerSecond}. */
        public Builder permitsPerSecond(int v) { permitsPerSecond = v; return this; }
        /** {@code rateLimit.burst}. */
        public Builder burst(int v) { burst = v; return this; }
        /** {@code rateLimit.window}. */
        public Builder window(Duration v) { window = v; return this; }
        /** {@code rateLimit.window} in milliseconds (the property table's form). */
        public Builder windowInMilliseconds(int v) { window = Duration.ofMillis(v); return this; }
        /** {@code rateLimit.maxWaitInMilliseconds}. */
        public Builder maxWait(Duration v) { maxWait = v; return this; }
        /** {@code rateLimit.maxWaitInMilliseconds} (the property table's form). */
        public Builder maxWaitInMilliseconds(int v) { maxWait = Duration.ofMillis(v); return this; }

        /** Validates and builds; throws {@link InvalidConfigException} on a bad value. */
        public RateLimitConfig build() {
            return new RateLimitConfig(enabled, kind, permitsPerSecond, burst, window, maxWait);
        }
    }
}
