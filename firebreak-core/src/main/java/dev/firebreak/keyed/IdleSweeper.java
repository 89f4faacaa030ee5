package dev.firebreak.keyed;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.lang.System.Logger;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * Runs the idle sweep of a {@link KeyedGuards} when the next key may have expired: the timer fires on
 * the registry's {@link Scheduler} and only hands the sweep to an executor (removing a guard calls
 * registry listeners, which must not run on the timer thread). At most one sweep is scheduled or
 * running; each schedules the next at the earliest expiry it saw.
 *
 * <p>Invariant: while a key exists, a sweep is scheduled no later than the key's expiry, or is
 * running and will look at the key. A key created while a sweep runs sets {@code rescan}, so the
 * running sweep schedules a next one even if its scan missed the key. A scheduled sweep is never
 * later than a new key's expiry: it was set from keys used no later than now.
 */
final class IdleSweeper {

    private static final Logger LOG = System.getLogger(KeyedGuards.class.getName());

    private enum Phase { IDLE, SCHEDULED, RUNNING }

    private final Scheduler scheduler;
    private final Executor executor;
    private final long idleNanos;
    private final LongSupplier sweep; // evicts what expired; returns nanos until the next expiry, or -1 for no key
    private final ReentrantLock lock = new ReentrantLock();
    private Phase phase = Phase.IDLE;
    private boolean rescan;
    private boolean stopped;
    private Cancellable next = Cancellable.NONE;

    IdleSweeper(Scheduler scheduler, Executor executor, long idleNanos, LongSupplier sweep) {
        this.scheduler = scheduler;
        this.executor = executor;
        this.idleNanos = idleNanos;
        this.sweep = sweep;
    }

    /** A key was created: make sure a sweep will look at it by its expiry. */
    void keyCreated() {
        lock.lock();
        try {
            if (stopped) {
                return;
            }
            if (phase == Phase.IDLE) {
                scheduleLocked(idleNanos);
            } else if (phase == Phase.RUNNING) {
                rescan = true;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Cancels the scheduled sweep; a running one finishes and schedules nothing. */
    void stop() {
        lock.lock();
        try {
            stopped = true;
            next.cancel();
            if (phase == Phase.SCHEDULED) {
                phase = Phase.IDLE;
            }
        } finally {
            lock.unlock();
        }
    }

    private void scheduleLocked(long delayNanos) {
        phase = Phase.SCHEDULED;
        next = scheduler.schedule(delayNanos, this::handOff);
    }

    /** On the timer thread: nothing but the hand-off. */
    private void handOff() {
        try {
            executor.execute(this::run);
        } catch (RuntimeException refused) {
            LOG.log(Logger.Level.ERROR, "keyed guards: the eviction executor refused the idle sweep", refused);
            lock.lock();
            try {
                phase = Phase.IDLE; // the next key created schedules again
            } finally {
                lock.unlock();
            }
        }
    }

    private void run() {
        lock.lock();
        try {
            if (stopped) {
                phase = Phase.IDLE;
                return;
            }
            phase = Phase.RUNNING;
            rescan = false;
        } finally {
            lock.unlock();
        }
        long delay = -1;
        try {
            delay = sweep.getAsLong();
        } catch (RuntimeException unexpected) {
            LOG.log(Logger.Level.ERROR, "keyed guards: idle sweep failed; trying again after the idle time", unexpected);
            delay = idleNanos;
        } finally {
            lock.lock();
            try {
                if (rescan) {
                    delay = delay < 0 ? idleNanos : Math.min(delay, idleNanos);
                }
                rescan = false;
                if (stopped || delay < 0) {
                    phase = Phase.IDLE;
                } else {
                    scheduleLocked(delay);
                }
            } finally {
                lock.unlock();
            }
        }
    }
}
