package dev.firebreak.time;

import java.time.Instant;

/**
 * {@link Ticker} backed by {@link System#nanoTime()}; the one place main code reads the system clock (and,
 * for {@link Ticker#wallTime()}, the system's wall clock).
 * Its coarse reading is a {@link CoarseClock} over the same clock, started on its first use.
 */
enum SystemTicker implements Ticker {
    INSTANCE;

    @Override
    public long read() {
        return System.nanoTime();
    }

    @Override
    public long readCoarse() {
        return Coarse.CLOCK.read();
    }

    /** The system's wall clock ({@link Ticker#wallTime()}'s default): the one place main code reads it. */
    static Instant systemWallTime() {
        return Instant.ofEpochMilli(System.currentTimeMillis());
    }

    /** Holds the coarse clock, so that a JVM that never asks for a coarse reading has no ticking thread. */
    private static final class Coarse {
        static final CoarseClock CLOCK = new CoarseClock("firebreak-clock", System::nanoTime,
                CoarseClock.TICK_NANOS, CoarseClock.IDLE_TICKS);
    }
}
