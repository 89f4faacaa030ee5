package dev.firebreak;

import dev.firebreak.event.EventType;

/** The call ran and threw; {@link #getCause()} is what it threw. */
public final class CallFailedException extends GuardException {

    CallFailedException(String guard, Throwable cause) {
        super(guard, EventType.FAILURE, guard + ": failed: " + cause, cause);
    }
}
