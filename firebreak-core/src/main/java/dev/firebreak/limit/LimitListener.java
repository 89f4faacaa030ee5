package dev.firebreak.limit;

/**
 * Told of every change an adaptive limit's algorithm makes to a guard's concurrency limit, registered
 * on the guard's isolation ({@code guard.controls().isolator().addLimitListener}): once per change, on
 * the thread whose finished attempt moved it, after the limit's lock is released, so changes made on
 * different threads may be reported out of order ({@code atNanos} orders them). A listener that throws
 * is logged once and ignored: it never breaks a call. Keep it fast and non-blocking.
 */
@FunctionalInterface
public interface LimitListener {

    /**
     * The limit went from {@code from} to {@code to}.
     *
     * @param atNanos the {@link dev.firebreak.time.Ticker} reading at which the sample that moved it ended
     */
    void onLimitChanged(int from, int to, long atNanos);
}
