package dev.firebreak.event;

/**
 * Told of every completed call of a guard (subscribe per guard, or for every guard of a registry).
 *
 * <p>Called once per call, after the caller's result is decided, never under a lock. A listener that
 * throws is logged and ignored: it never breaks a call. Keep it fast and non-blocking; it runs on the
 * thread that completed the call.
 */
@FunctionalInterface
public interface GuardListener {

    /**
     * One call ended.
     *
     * @param guard the guard's name
     * @param events the call's events as a mask (see {@link Events})
     * @param executionNanos how long the user's call ran (0 if it never ran; for a timed-out call,
     *     the time until the deadline)
     * @param totalNanos from entering the guard to the caller's outcome, fallback included
     */
    void onCall(String guard, long events, long executionNanos, long totalNanos);
}
