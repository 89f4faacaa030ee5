package dev.firebreak.time;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A coarse reading of a source ticker ({@link Ticker#readCoarse()} of the system ticker): one daemon
 * platform thread refreshes it every tick (about a millisecond) while it is read, and a reader takes it
 * with one volatile load. An idle JVM has no endless wake-ups: after a lap of {@code idleTicks} ticks
 * in which nobody read it, the thread marks the clock stopped and parks until it is needed again; the
 * next reader finds it stopped, reads the source itself, and restarts the thread (one compare-and-set,
 * one unpark, no lock).
 *
 * <p>Invariants ({@code reading} is the one state word):
 * <ul>
 *   <li><b>Stopped</b> is {@code reading == STOPPED}. Only the ticking thread writes STOPPED, and only
 *       while running. Only a reader leaves it, by one compare-and-set from STOPPED to a reading of the
 *       source taken after it saw STOPPED; one reader wins per stop, and the winner alone unparks the
 *       thread: exactly one restart per stop.
 *   <li><b>Running</b>: {@code reading} is a reading of the source. Readers write only from STOPPED, so
 *       while running the ticking thread is the only writer and stores plainly (volatile).
 *   <li><b>Monotonic</b>: a reader returns only values {@code reading} held (a reader that lost the
 *       restart returns the winner's value, not its own), so readers see them in the state word's
 *       modification order; and each value written was read from the source after the previous one was
 *       written and seen by its writer (the thread's program order; a restarter reads the source after
 *       it saw STOPPED, which the thread wrote after its last reading; the restarted thread reads it after
 *       it saw the restarter's value). With a monotonic source the values are in order.
 *   <li><b>Never ahead</b> of the source: every value was read from the source before it was written,
 *       so before any reader returned it. A source reading equal to STOPPED is stored one nanosecond
 *       earlier (by subtraction), which keeps both rules above.
 *   <li><b>No lost wake-up</b>: the thread parks without a deadline only after it saw STOPPED, and checks
 *       again after every return from the park; a restart's unpark that comes before the park makes the
 *       park return at once.
 *   <li>{@code demanded} decides only when to stop (a reader sets it when it finds it clear, the thread
 *       clears it once a lap; opaque accesses, no fence on the read path): a stale view of it delays or
 *       hastens one stop and breaks none of the rules above.
 * </ul>
 * Lag: while running, a reading is at most one tick plus the thread's wake-up lateness old; a stopped
 * clock's reader gets the source's reading itself.
 */
final class CoarseClock {

    /** The refresh period of the system ticker's coarse clock: one millisecond. */
    static final long TICK_NANOS = 1_000_000L;
    /** Ticks in a lap of the system ticker's coarse clock: it stops after a lap (about a second) unread. */
    static final int IDLE_TICKS = 1_000;
    /** The state word's value while the thread is stopped. */
    static final long STOPPED = Long.MIN_VALUE;

    private static final VarHandle READING;
    private static final VarHandle DEMANDED;
    private static final VarHandle RESTARTS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            READING = lookup.findVarHandle(CoarseClock.class, "reading", long.class);
            DEMANDED = lookup.findVarHandle(CoarseClock.class, "demanded", boolean.class);
            RESTARTS = lookup.findVarHandle(CoarseClock.class, "restarts", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Ticker source;
    private final long tickNanos;
    private final int idleTicks;
    private final Runnable wake;
    private volatile long reading = STOPPED; // starts stopped: the first reader starts the ticks
    private boolean demanded; // opaque accesses only
    private int ticksThisLap; // the ticking thread's own
    private volatile long stops = 1; // written by the ticking thread only; the initial state counts as a stop
    private volatile long restarts; // added to by each winning restarter

    /**
     * A clock over {@code source} whose thread, {@code threadName}, ticks every {@code tickNanos} while
     * read and stops after {@code idleTicks} ticks unread. The thread starts parked: it ticks from the
     * first read on.
     */
    CoarseClock(String threadName, Ticker source, long tickNanos, int idleTicks) {
        if (tickNanos <= 0 || idleTicks <= 0) {
            throw new IllegalArgumentException("tickNanos and idleTicks must be positive: " + tickNanos + ", " + idleTicks);
        }
        Thread thread = Thread.ofPlatform().daemon().name(threadName).unstarted(this::loop);
        this.source = source;
        this.tickNanos = tickNanos;
        this.idleTicks = idleTicks;
        this.wake = () -> LockSupport.unpark(thread);
        thread.start();
    }

    /**
     * A clock with no thread of its own, for a model check: the test calls {@link #tick()} as the
     * thread would, and {@code wake} is run once per restart where the thread would be unparked.
     */
    CoarseClock(Ticker source, int idleTicks, Runnable wake) {
        this.source = source;
        this.tickNanos = 0L;
        this.idleTicks = idleTicks;
        this.wake = wake;
    }

    /** The coarse reading (see {@link Ticker#readCoarse()}): one volatile load unless the clock is stopped. */
    long read() {
        long r = reading;
        if (r != STOPPED) {
            if (!(boolean) DEMANDED.getOpaque(this)) {
                DEMANDED.setOpaque(this, true); // once a lap at most: the thread clears it
            }
            return r;
        }
        return restart();
    }

    /** The clock was stopped: the source's own reading, and the thread restarted by whoever stores it first. */
    private long restart() {
        DEMANDED.setOpaque(this, true);
        while (true) {
            long now = storable(source.read());
            if (READING.compareAndSet(this, STOPPED, now)) {
                RESTARTS.getAndAdd(this, 1L);
                wake.run();
                return now;
            }
            long r = reading;
            if (r != STOPPED) {
                return r; // the winner's value (or a later one), never this reader's own: see "Monotonic"
            }
            // stopped again meanwhile (the thread ran a whole lap unread): read the source again
        }
    }

    /**
     * One step of the ticking thread: publishes a new reading of the source and, at the end of a lap
     * nobody read in, stops the clock; a stopped clock is left as it is.
     *
     * @return true to step again after a tick; false to wait for a restart's unpark
     */
    boolean tick() {
        if (reading == STOPPED) {
            return false;
        }
        reading = storable(source.read()); // the only writer while running: see "Running"
        if (++ticksThisLap < idleTicks) {
            return true;
        }
        ticksThisLap = 0;
        if ((boolean) DEMANDED.getOpaque(this)) {
            DEMANDED.setOpaque(this, false);
            return true;
        }
        stops = stops + 1; // before the stop is visible, so restarts never exceed stops
        reading = STOPPED;
        return false;
    }

    /** A source reading as the state word may hold it: STOPPED itself becomes the nanosecond before. */
    private static long storable(long sourceReading) {
        return sourceReading == STOPPED ? sourceReading - 1 : sourceReading;
    }

    private void loop() {
        while (true) {
            if (tick()) {
                LockSupport.parkNanos(this, tickNanos);
            } else {
                LockSupport.park(this);
            }
        }
    }

    /** Whether the clock is stopped now (for tests). */
    boolean isStopped() {
        return reading == STOPPED;
    }

    /** How many times the clock stopped, the stopped state it starts in included (for tests). */
    long stops() {
        return stops;
    }

    /** How many times a reader restarted it (for tests): {@link #stops()} while running, one less while stopped. */
    long restarts() {
        return restarts;
    }
}
