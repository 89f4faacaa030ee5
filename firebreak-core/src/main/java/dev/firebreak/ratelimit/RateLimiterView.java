package dev.firebreak.ratelimit;

import java.util.Objects;

/**
 * What a user may see of a guard's rate limiter ({@code guard.controls().rateLimiter()}): its configuration,
 * figures and refusals. It offers nothing that takes a permit: only the guard's pipeline admits, through
 * the {@link RateLimiter} it holds.
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

    /**
     * How long from {@code nowNanos} (the registry's ticker) until a permit is free, reserving nothing:
     * what a server answers a refused client in {@code Retry-After}. 0 when one is free now.
     */
    public long nanosUntilPermit(long nowNanos) {
        return limiter.nanosUntilPermit(nowNanos);
    }

    /** Subscribes to the limiter's refusals (see {@link RateLimitListener}). */
    public void addListener(RateLimitListener listener) {
        limiter.addListener(listener);
    }

    /** Unsubscribes a listener added with {@link #addListener}. */
    public void removeListener(RateLimitListener listener) {
        limiter.removeListener(listener);
    }

    @Override
    public String toString() {
        return limiter.toString();
    }
}
