/**
 * The rate limiter, at most so many calls per period: its configuration
 * ({@link dev.firebreak.ratelimit.RateLimitConfig}, the {@code rateLimit.*} keys) and the read-only
 * {@link dev.firebreak.ratelimit.RateLimiterView} that {@code guard.controls().rateLimiter()} returns.
 */
package dev.firebreak.ratelimit;
