package dev.firebreak;

import dev.firebreak.event.EventType;

/**
 * The call never ran: its isolation was full (THREAD_POOL_REJECTED, SEMAPHORE_REJECTED or
 * LIMIT_REJECTED, see {@link #event()}), its rate limiter had no permit (RATE_LIMITED: then it is the
 * subclass {@link RateLimitedException}, whose limit is the rate per second), or its thread pool was
 * shut down (THREAD_POOL_REJECTED, see {@link GuardRegistry#remove(String)}).
 *
 * <p>A {@code catch (RejectedException e)} or an {@code instanceof} test catches rate-limited calls too;
 * test for {@link RateLimitedException} first to tell the rate limiter's refusals from the isolation's.
 */
public sealed class RejectedException extends GuardException permits RateLimitedException, PriorityRejectedException {

    /** The limit that refused the call; -1 when the message says why instead (a pool shut down). */
    final int limit;

    RejectedException(String guard, EventType event, int limit) {
        this(guard, event, limit, false);
    }

    /**
     * {@code shared}: an instance a guard hands to the fallbacks of its rejections while the limit stays
     * {@code limit} (a new limit, a new instance; nothing in it belongs to one call).
     */
    RejectedException(String guard, EventType event, int limit, boolean shared) {
        super(guard, event, shared);
        this.limit = limit;
    }

    /** Whether this exception says {@code event} at {@code limit} (so may stand for another such refusal). */
    boolean says(EventType event, int limit) {
        return this.limit == limit && event() == event;
    }

    @Override
    String describe() {
        return guard() + ": rejected (" + event() + ", limit " + limit + ")";
    }

    /** THREAD_POOL_REJECTED because the guard's pool was shut down (its last guard left the registry). */
    static RejectedException poolShutDown(String guard, String pool) {
        return new RejectedException(guard, guard + ": rejected (" + EventType.THREAD_POOL_REJECTED + "): pool '"
                + pool + "' was shut down when its last guard was removed from the registry");
    }

    private RejectedException(String guard, String message) {
        super(guard, EventType.THREAD_POOL_REJECTED, message, null);
        this.limit = -1;
    }
}
