package dev.firebreak.time;

import java.time.Instant;

/**
 * A monotonic time source in nanoseconds: the only way Firebreak code reads time.
 *
 * <p>Values have no absolute meaning; only differences between two readings do, and they must be
 * compared by subtraction ({@code b - a > 0}), never with {@code <}, because a reading may start
 * anywhere, including near {@link Long#MAX_VALUE} or below zero, and wrap around.
 *
 * <p>This seam exists so that tests can replace time: see {@code dev.firebreak.testkit.ManualClock} (artifact firebreak-testkit).
 */
@FunctionalInterface
public interface Ticker {

    /** Returns the current reading in nanoseconds. */
    long read();

    /**
     * Returns a reading that may lag {@link #read()} by about a millisecond, for code that needs no
     * sub-millisecond durations (a rolling bucket's time, a duration compared after the fact with a
     * limit configured in milliseconds) and can save the cost of a precise reading. The contract:
     * <ul>
     *   <li>monotonic, as {@link #read()} is: a reading is never before (by subtraction) a coarse
     *       reading that happened before it (earlier on the same thread, or handed over from another);
     *   <li>never ahead of {@link #read()}: a {@code read()} begun after this method returned gives a
     *       reading at or after this one;
     *   <li>behind {@link #read()} by at most about a millisecond plus the operating system's lateness in
     *       waking the thread that keeps the reading (more on an overloaded machine, whose threads wait
     *       to be scheduled).
     * </ul>
     * The default is {@link #read()} itself: exact, so a ticker that only implements {@code read()} (a
     * test's manual clock) stays exact. The {@linkplain #system() system ticker} returns a reading that
     * a daemon thread refreshes about every millisecond while it is asked for (one volatile load).
     */
    default long readCoarse() {
        return read();
    }

    /**
     * The wall-clock time now, for the rare decision that needs a date rather than a duration (an HTTP
     * {@code Retry-After} date: {@code dev.firebreak.callpolicy.RetryAfter}). Never use it to measure
     * durations: it may jump. The default is the system's wall clock; a test's manual clock overrides
     * it to move with its own reading, so a date is as injectable as a duration.
     */
    default Instant wallTime() {
        return SystemTicker.systemWallTime();
    }

    /** The system's monotonic clock, {@link System#nanoTime()}; its coarse reading is kept by a ticking thread. */
    static Ticker system() {
        return SystemTicker.INSTANCE;
    }
}
