package dev.firebreak;

import dev.firebreak.event.EventType;

/**
 * The call never ran: the guard's circuit breaker is open. A fallback may receive the guard's shared
 * instance (nothing in it belongs to one call); the caller always receives its own.
 */
public final class ShortCircuitedException extends GuardException {

    ShortCircuitedException(String guard) {
        this(guard, false);
    }

    /** {@code shared}: the one instance a guard hands to the fallbacks of its short-circuited calls. */
    ShortCircuitedException(String guard, boolean shared) {
        super(guard, EventType.SHORT_CIRCUITED, shared);
    }

    @Override
    String describe() {
        return guard() + ": short-circuited (circuit open)";
    }
}
