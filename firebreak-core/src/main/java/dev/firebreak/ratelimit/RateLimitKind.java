package dev.firebreak.ratelimit;

/** How a rate limiter counts ({@code rateLimit.kind}). */
public enum RateLimitKind {
    /**
     * A token bucket: permits accrue at {@code permitsPerSecond} up to {@code burst}; in any interval of
     * length W at most {@code permitsPerSecond * W + burst} are admitted.
     */
    TOKEN_BUCKET,
    /**
     * A sliding window: at most {@code permitsPerSecond * window + burst} admitted in any interval of
     * length {@code window}, counted exactly (a log of the last admissions' times).
     */
    SLIDING_WINDOW
}
