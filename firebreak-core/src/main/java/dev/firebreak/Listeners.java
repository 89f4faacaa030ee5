package dev.firebreak;

import dev.firebreak.event.GuardListener;
import java.lang.System.Logger.Level;

/** Calls listeners so that one that throws is logged and never breaks a call. */
final class Listeners {

    private static final System.Logger LOG = System.getLogger("dev.firebreak");

    private Listeners() {
    }

    static void call(GuardListener listener, String guard, long events, long executionNanos, long totalNanos) {
        try {
            listener.onCall(guard, events, executionNanos, totalNanos);
        } catch (Throwable thrown) {
            LOG.log(Level.WARNING, "listener " + listener + " of guard " + guard + " threw; ignored", thrown);
        }
    }
}
