package dev.firebreak.bench;

import dev.firebreak.time.Ticker;
import java.io.PrintStream;
import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Waits, before a full run, for the machine to settle: until the 1-minute load average is at most half
 * the cores (the bar {@link RunInfo#noisy()} reads), checked every few seconds, for at most a bounded
 * time. The build that {@code ./firebreak bench} makes just before the run (a minute of both cores)
 * otherwise leaves a load of 1 to 2 that decays over the first minute of measurements; an idle machine
 * brings the 1-minute figure from 2 to 1 in about 40 s. When the time runs out the run starts anyway,
 * and the summary says the figures are noisy.
 */
final class QuietStart {

    /** How long a full run waits at most. */
    static final Duration MAX_WAIT = Duration.ofMinutes(2);

    /** How often the load is read while waiting. */
    static final Duration POLL = Duration.ofSeconds(5);

    /** Sleeps for a while (the real one is {@link Thread#sleep}; tests pass their own). */
    @FunctionalInterface
    interface Sleeper {
        /** Sleeps {@code millis} milliseconds. */
        void sleep(long millis) throws InterruptedException;
    }

    private final Supplier<LoadAverage> load;
    private final LongSupplier nanoClock;
    private final Sleeper sleeper;
    private final PrintStream out;

    QuietStart(Supplier<LoadAverage> load, LongSupplier nanoClock, Sleeper sleeper, PrintStream out) {
        this.load = load;
        this.nanoClock = nanoClock;
        this.sleeper = sleeper;
        this.out = out;
    }

    /** The machine's own load, clock and sleep. */
    static QuietStart system(PrintStream out) {
        return new QuietStart(LoadAverage::now, Ticker.system()::read, Thread::sleep, out);
    }

    /**
     * Waits until the 1-minute load is at most {@code cores / 2}, or {@code maxWait} has passed, and returns
     * the last load read (the run's "before" figure).
     */
    LoadAverage await(int cores, Duration maxWait) throws InterruptedException {
        double quiet = cores / 2.0;
        long start = nanoClock.getAsLong();
        LoadAverage now = load.get();
        if (!(now.one() > quiet)) { // NaN (unknown) does not wait
            return now;
        }
        out.println("firebreak bench: waiting for the 1-minute load (" + now + ") to fall to " + quiet
                + " or below, at most " + maxWait.toSeconds() + " s");
        while (now.one() > quiet && nanoClock.getAsLong() - start < maxWait.toNanos()) {
            sleeper.sleep(POLL.toMillis());
            now = load.get();
        }
        long waited = Duration.ofNanos(nanoClock.getAsLong() - start).toSeconds();
        out.println("firebreak bench: " + (now.one() > quiet ? "still busy" : "settled") + " after " + waited
                + " s, load averages " + now);
        return now;
    }
}
