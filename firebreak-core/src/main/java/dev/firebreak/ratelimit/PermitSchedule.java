package dev.firebreak.ratelimit;

/**
 * When the next permit may be granted: the arithmetic of a rate limiter, on clock readings passed in.
 * Not thread-safe: the {@link RateLimiter}'s lock serializes every call.
 */
interface PermitSchedule {

    /**
     * Reserves the next permit for a caller arriving at {@code nowNanos} who may wait up to
     * {@code maxWaitNanos}: the wait before its grant (0: at once), or -1 if it would have to wait
     * longer, in which case nothing is reserved. Reservations are granted in the order they were made.
     */
    long reserve(long nowNanos, long maxWaitNanos);

    /**
     * How long a caller arriving at {@code nowNanos} would wait for its permit (0: one is free now),
     * reserving nothing: what a server tells a refused client ({@code Retry-After}).
     */
    long nanosUntilPermit(long nowNanos);

    /** Static factory: the schedule {@code config} describes, from its first reservation on. */
    static PermitSchedule of(RateLimitConfig config) {
        return switch (config.kind()) {
            case TOKEN_BUCKET -> new TokenBucket(config.permitsPerSecond(), config.burst());
            case SLIDING_WINDOW -> new SlidingWindow(config.window().toNanos(), config.slidingWindowPermits());
        };
    }
}
