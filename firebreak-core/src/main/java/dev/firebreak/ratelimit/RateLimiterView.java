package dev.firebreak.ratelimit;

import java.util.Objects;

/**
 * What a user may see of a guard's rate limiter ({@code guard.controls().rateLimiter()}): its configuration
 * and figures. It offers nothing that takes a permit: only the guard's pipeline admits, through the
 * {@link RateLimiter} it holds.
 */
public final class RateLimiterView {

    private final RateLimiter limiter;

    private RateLimiterView(RateLimiter limiter) {
        this.limiter = Objects.requireNonNull(limiter, "limiter");
    }

    /** The read-only view of {@code limiter}. */
    public static RateLimiterView of(RateLimiter limiter) {
        return new RateLimiterView(limiter);
    }

    /** The configuration in force. */
    public RateLimitConfig config() {
        return limiter.config();
    }

    /** Attempts admitted since creation. */
    public long admitted() {
        return limiter.admitted();
    }

    /** Attempts refused (RATE_LIMITED) since creation. */
    public long refused() {
        return limiter.refused();
    }

    /** Callers waiting for their permit now. */
    public int waiting() {
        return limiter.waiting();
    }

    @Override
    public String toString() {
        return limiter.toString();
    }
}
