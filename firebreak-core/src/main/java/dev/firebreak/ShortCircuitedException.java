package dev.firebreak;

import dev.firebreak.event.EventType;

/** The call never ran: the guard's circuit breaker is open. */
public final class ShortCircuitedException extends GuardException {

    ShortCircuitedException(String guard) {
        super(guard, EventType.SHORT_CIRCUITED, guard + ": short-circuited (circuit open)", null);
    }
}
