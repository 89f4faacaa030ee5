package dev.firebreak.callpolicy;

import dev.firebreak.BadRequestException;
import dev.firebreak.GuardException;
import dev.firebreak.event.EventType;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;

/** How a call policy reads one attempt's outcome: the failure itself, and the event it stands for. */
public final class AttemptOutcomes {

    private AttemptOutcomes() {
    }

    /** The failure inside any {@link CompletionException} wrappers. */
    public static Throwable unwrap(Throwable thrown) {
        Throwable t = thrown;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /**
     * The bit of the execution event an attempt ended with: SUCCESS for no failure, the guard's event
     * for a {@link GuardException}, BAD_REQUEST, CANCELLED, else FAILURE.
     */
    public static long eventBit(Throwable failure) {
        if (failure == null) {
            return EventType.SUCCESS.bit();
        }
        if (failure instanceof GuardException guarded) {
            return guarded.event().bit();
        }
        if (failure instanceof BadRequestException) {
            return EventType.BAD_REQUEST.bit();
        }
        return failure instanceof CancellationException ? EventType.CANCELLED.bit() : EventType.FAILURE.bit();
    }
}
