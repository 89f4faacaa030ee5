package dev.firebreak;

import dev.firebreak.event.EventType;

/**
 * The call never ran: its isolation was full (THREAD_POOL_REJECTED, SEMAPHORE_REJECTED or
 * LIMIT_REJECTED, see {@link #event()}), its rate limiter had no permit (RATE_LIMITED; the limit named
 * is the rate per second), or its thread pool was shut down (THREAD_POOL_REJECTED, see
 * {@link GuardRegistry#remove(String)}).
 */
public final class RejectedException extends GuardException {

    RejectedException(String guard, EventType event, int limit) {
        super(guard, event, guard + ": rejected (" + event + ", limit " + limit + ")", null);
    }

    /** THREAD_POOL_REJECTED because the guard's pool was shut down (its last guard left the registry). */
    static RejectedException poolShutDown(String guard, String pool) {
        return new RejectedException(guard, guard + ": rejected (" + EventType.THREAD_POOL_REJECTED + "): pool '"
                + pool + "' was shut down when its last guard was removed from the registry");
    }

    private RejectedException(String guard, String message) {
        super(guard, EventType.THREAD_POOL_REJECTED, message, null);
    }
}
