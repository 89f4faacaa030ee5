package dev.firebreak.time;

/**
 * {@link Ticker} backed by {@link System#nanoTime()}; the one place main code reads the system clock.
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

    /** Holds the coarse clock, so that a JVM that never asks for a coarse reading has no ticking thread. */
    private static final class Coarse {
        static final CoarseClock CLOCK = new CoarseClock("firebreak-clock", System::nanoTime,
                CoarseClock.TICK_NANOS, CoarseClock.IDLE_TICKS);
    }
}
