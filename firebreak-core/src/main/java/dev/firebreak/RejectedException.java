package dev.firebreak;

import dev.firebreak.event.EventType;

/**
 * The call never ran: its isolation was full (THREAD_POOL_REJECTED, SEMAPHORE_REJECTED or
 * LIMIT_REJECTED, see {@link #event()}).
 */
public final class RejectedException extends GuardException {

    RejectedException(String guard, EventType event, int limit) {
        super(guard, event, guard + ": rejected (" + event + ", limit " + limit + ")", null);
    }
}
