package dev.firebreak.time;

/** {@link Ticker} backed by {@link System#nanoTime()}; the one place main code reads the system clock. */
enum SystemTicker implements Ticker {
    INSTANCE;

    @Override
    public long read() {
        return System.nanoTime();
    }
}
