package dev.firebreak.event;

import java.lang.System.Logger.Level;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one rule for calling listeners, everywhere in Firebreak (guard listeners, registry listeners,
 * circuit-state listeners, configuration listeners): a listener that throws is caught here, logged
 * once (its first failure, with the stack trace; later failures of the same listener are not logged
 * again), and never breaks the call, the registration or the transition that notified it.
 *
 * <p>Callers write {@code try { listener.onX(...); } catch (Throwable t) { ListenerFailures.report(...); }}
 * on paths that must not allocate, or {@link #notify(Object, String, Runnable)} elsewhere.
 */
public final class ListenerFailures {

    private static final System.Logger LOG = System.getLogger("dev.firebreak");

    /** Remembered failing listeners at most; past that the memory starts again (a listener may be logged twice). */
    private static final int REMEMBERED = 1024;

    /** Listeners whose failure was already logged, by identity. */
    private static final Set<Identity> LOGGED = ConcurrentHashMap.newKeySet();

    private ListenerFailures() {
    }

    /** Runs {@code notification} (a call on {@code listener}) under the rule. */
    public static void notify(Object listener, String what, Runnable notification) {
        try {
            notification.run();
        } catch (Throwable thrown) {
            report(listener, what, thrown);
        }
    }

    /**
     * Records that {@code listener} threw {@code thrown} while told {@code what}: logged at WARNING
     * the first time this listener fails, silently ignored after that.
     *
     * @return true if this failure was logged (the listener's first)
     */
    public static boolean report(Object listener, String what, Throwable thrown) {
        if (LOGGED.size() >= REMEMBERED) {
            LOGGED.clear();
        }
        if (!LOGGED.add(new Identity(listener))) {
            return false;
        }
        LOG.log(Level.WARNING, "listener " + listener + " threw while told " + what
                + "; ignored (later failures of this listener are not logged)", thrown);
        return true;
    }

    /** Identity, not equals: two equal listeners are still two listeners. */
    private record Identity(Object listener) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Identity that && that.listener == listener;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(listener);
        }
    }
}
