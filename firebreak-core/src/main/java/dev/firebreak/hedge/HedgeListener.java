package dev.firebreak.hedge;

import java.time.Duration;

/**
 * Told of every hedge a {@link Hedge} policy starts ({@link Hedge#addListener}): once per hedge, just
 * before its attempt starts, on the thread that starts it (the hedge executor's), never under a lock. A
 * listener that throws is logged once and ignored: it never breaks the call. Keep it fast and non-blocking.
 */
@FunctionalInterface
public interface HedgeListener {

    /**
     * A call that has not answered yet starts attempt {@code attempt} beside those in flight.
     *
     * @param policy the hedging policy's name
     * @param attempt the number of the attempt starting (2 for the call's first hedge)
     * @param sinceCallStart how long the call had been running when the hedge was due
     */
    void onHedge(String policy, int attempt, Duration sinceCallStart);

    /**
     * Attempt {@code attempt} of a call answered with a server's delay ({@code Retry-After}): no further
     * hedge starts for that call. Told once per call, on the thread that completed the attempt. The
     * default does nothing.
     *
     * @param policy the hedging policy's name
     * @param attempt the number of the attempt that answered (1 for the call's first)
     * @param delay the delay the server asked for
     */
    default void onServerDelay(String policy, int attempt, Duration delay) {
    }
}
