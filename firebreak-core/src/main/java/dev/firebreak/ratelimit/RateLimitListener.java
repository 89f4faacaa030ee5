package dev.firebreak.ratelimit;

/**
 * Told of every attempt a guard's rate limiter refuses (RATE_LIMITED), registered on its view
 * ({@code guard.controls().rateLimiter().addListener}): once per refusal, on the refused caller's
 * thread, after the limiter's lock is released. A listener that throws is logged once and ignored: it
 * never breaks the call, which goes on to its fallback. Keep it fast and non-blocking.
 */
@FunctionalInterface
public interface RateLimitListener {

    /**
     * An attempt found no permit, or none within its {@code rateLimit.maxWait}.
     *
     * @param permitsPerSecond the rate in force
     * @param atNanos the registry's {@link dev.firebreak.time.Ticker} reading the attempt entered at
     */
    void onRateLimited(int permitsPerSecond, long atNanos);
}
