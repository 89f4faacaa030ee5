package dev.firebreak.live;

import dev.firebreak.config.Level;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.lang.System.Logger;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs a refresh every interval: the tick fires on the registry's {@link Scheduler} and hands the work
 * to an executor, so a slow source never holds the timer thread. The next tick is scheduled only when
 * the previous refresh has ended, so refreshes from polling never overlap.
 */
final class Poller {

    private final Scheduler scheduler;
    private final long intervalNanos;
    private final Executor executor;
    private final Runnable refresh;
    private final ReentrantLock lock = new ReentrantLock();
    private Cancellable next = Cancellable.NONE;
    private boolean stopped;

    Poller(Scheduler scheduler, long intervalNanos, Executor executor, Runnable refresh) {
        this.scheduler = scheduler;
        this.intervalNanos = intervalNanos;
        this.executor = executor;
        this.refresh = refresh;
    }

    /** Schedules the next tick, unless polling is off or stopped. */
    void start() {
        if (intervalNanos <= 0) {
            return;
        }
        lock.lock();
        try {
            if (!stopped) {
                next = scheduler.schedule(intervalNanos, () -> executor.execute(this::tick));
            }
        } finally {
            lock.unlock();
        }
    }

    /** Cancels the pending tick; a refresh already running finishes and schedules nothing. */
    void stop() {
        lock.lock();
        try {
            stopped = true;
            next.cancel();
        } finally {
            lock.unlock();
        }
    }

    private void tick() {
        try {
            refresh.run();
        } catch (RuntimeException unexpected) {
            ConfigLog.logger().log(Logger.Level.ERROR, "dynamic configuration refresh failed", unexpected);
        } finally {
            start();
        }
    }
}
