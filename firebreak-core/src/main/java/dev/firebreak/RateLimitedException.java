package dev.firebreak;

import dev.firebreak.event.EventType;

/**
 * The call never ran: the guard's rate limiter had no permit for it, or none within its
 * {@code rateLimit.maxWait} (RATE_LIMITED). The limit it names is the rate, in permits per second.
 *
 * <p>A subclass of {@link RejectedException}, so code written when the rate limiter's refusals were
 * plain rejections still catches them; test for this type first to tell the two apart.
 */
public final class RateLimitedException extends RejectedException {

    RateLimitedException(String guard, int permitsPerSecond) {
        this(guard, permitsPerSecond, false);
    }

    /** {@code shared}: as for {@link RejectedException}, one instance per rate in force, handed to fallbacks. */
    RateLimitedException(String guard, int permitsPerSecond, boolean shared) {
        super(guard, EventType.RATE_LIMITED, permitsPerSecond, shared);
    }

    /** The rate in force when the call was refused, in permits per second. */
    public int permitsPerSecond() {
        return limit;
    }

    @Override
    String describe() {
        return guard() + ": rate limited (" + limit + " permits per second)";
    }
}
