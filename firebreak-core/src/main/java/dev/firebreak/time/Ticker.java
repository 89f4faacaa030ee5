package dev.firebreak.time;

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

    /** The system's monotonic clock, {@link System#nanoTime()}. */
    static Ticker system() {
        return SystemTicker.INSTANCE;
    }
}
