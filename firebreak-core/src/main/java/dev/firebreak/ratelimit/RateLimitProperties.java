package dev.firebreak.ratelimit;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofInt;
import static dev.firebreak.config.PropertyDefinition.ofMillis;

import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.ratelimit.RateLimitConfig.Builder;
import java.util.List;

/**
 * The property table of the rate limiter ({@code firebreak.command.<name>.rateLimit.*}): one row per
 * {@link RateLimitConfig} component, every one live but {@code rateLimit.enabled} (fixed at creation: a
 * guard built without a rate limiter keeps the pipeline's fast path). The only place these key names live.
 */
final class RateLimitProperties {

    static final PropertyDefinition<RateLimitConfig, Builder> ENABLED = ofBoolean("rateLimit.enabled", "enabled", FIREBREAK_FIXED,
            "whether calls are rate-limited", RateLimitConfig::enabled, (b, v) -> b.enabled = v);
    static final PropertyDefinition<RateLimitConfig, Builder> KIND = ofEnum("rateLimit.kind", "kind", FIREBREAK_LIVE,
            "TOKEN_BUCKET or SLIDING_WINDOW", RateLimitKind.class, RateLimitConfig::kind, (b, v) -> b.kind = v);
    static final PropertyDefinition<RateLimitConfig, Builder> PERMITS_PER_SECOND = ofInt("rateLimit.permitsPerSecond", "permitsPerSecond", FIREBREAK_LIVE,
            "the sustained rate of admitted calls", RateLimitConfig::permitsPerSecond, (b, v) -> b.permitsPerSecond = v);
    static final PropertyDefinition<RateLimitConfig, Builder> BURST = ofInt("rateLimit.burst", "burst", FIREBREAK_LIVE,
            "a token bucket's capacity; a sliding window's allowance over rate * window", RateLimitConfig::burst, (b, v) -> b.burst = v);
    static final PropertyDefinition<RateLimitConfig, Builder> WINDOW = ofMillis("rateLimit.window", "window", FIREBREAK_LIVE,
            "a sliding window's length", RateLimitConfig::window, (b, v) -> b.window = v);
    static final PropertyDefinition<RateLimitConfig, Builder> MAX_WAIT = ofMillis("rateLimit.maxWaitInMilliseconds", "maxWait", FIREBREAK_LIVE,
            "the longest a caller waits for a permit; 0 refuses at once", RateLimitConfig::maxWait, (b, v) -> b.maxWait = v);

    static final List<PropertyDefinition<RateLimitConfig, Builder>> ROWS = List.of(ENABLED, KIND, PERMITS_PER_SECOND, BURST, WINDOW, MAX_WAIT);

    private RateLimitProperties() {
    }
}
