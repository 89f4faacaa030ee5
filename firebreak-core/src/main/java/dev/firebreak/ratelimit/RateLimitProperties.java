package dev.firebreak.ratelimit;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofInt;

import dev.firebreak.config.ConfigScope;
import dev.firebreak.ratelimit.RateLimitConfig.Builder;
import java.util.List;
import java.util.Set;

/**
 * The property table of the rate limiter ({@code firebreak.command.<name>.rateLimit.*}): one row per
 * {@link RateLimitConfig} component, every one live. The only place these key names live.
 */
final class RateLimitProperties {

    static final ConfigScope<RateLimitConfig, Builder> SCOPE = new ConfigScope<>("command", RateLimitConfig.class,
            List.of(
                    ofBoolean("rateLimit.enabled", "enabled", FIREBREAK_LIVE, "whether calls are rate-limited",
                            RateLimitConfig::enabled, Builder::enabled),
                    ofEnum("rateLimit.kind", "kind", FIREBREAK_LIVE, "TOKEN_BUCKET or SLIDING_WINDOW",
                            RateLimitKind.class, RateLimitConfig::kind, Builder::kind),
                    ofInt("rateLimit.permitsPerSecond", "permitsPerSecond", FIREBREAK_LIVE,
                            "the sustained rate of admitted calls", RateLimitConfig::permitsPerSecond,
                            Builder::permitsPerSecond),
                    ofInt("rateLimit.burst", "burst", FIREBREAK_LIVE,
                            "a token bucket's capacity; a sliding window's allowance over the rate",
                            RateLimitConfig::burst, Builder::burst),
                    ofInt("rateLimit.window", "window", FIREBREAK_LIVE,
                            "a sliding window's length in milliseconds", c -> millis(c.window().toMillis()),
                            Builder::windowInMilliseconds),
                    ofInt("rateLimit.maxWaitInMilliseconds", "maxWait", FIREBREAK_LIVE,
                            "the longest a caller waits for a permit; 0 refuses at once",
                            c -> millis(c.maxWait().toMillis()), Builder::maxWaitInMilliseconds)),
            RateLimitConfig::builder, Builder::build, c -> Set.of(), (b, names) -> { });

    private RateLimitProperties() {
    }

    private static int millis(long millis) {
        return millis > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) millis;
    }
}
