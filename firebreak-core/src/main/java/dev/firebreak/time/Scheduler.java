package dev.firebreak.time;

import dev.firebreak.time.internal.OffTimer;

/**
 * Runs a task after a delay: the only way Firebreak code waits for time to pass (timeouts, breaker
 * sleep windows, collapser windows, stream intervals).
 *
 * <p>Tasks must be short and must not block: they run on a shared timer thread (or, under a
 * {@code dev.firebreak.testkit.ManualClock} (artifact firebreak-testkit), on the thread that advances the clock).
 */
public interface Scheduler {

    /**
     * Schedules {@code task} to run once, {@code delayNanos} from now (zero or negative: as soon as
     * possible).
     *
     * @return a handle that cancels the task if it has not started yet
     */
    Cancellable schedule(long delayNanos, Runnable task);

    /**
     * Runs {@code work} that one of this scheduler's tasks decided on (a timed-out call's fallback, its
     * events and the completion of its future) off the timer thread. The default starts a virtual thread
     * named {@code firebreak-timeout-<n>}. A scheduler may run it on threads of its own naming (the
     * Hystrix bridge names them as Hystrix's timer did), but never on the timer thread itself: a slow
     * fallback must not delay other tasks.
     */
    default void runOffTimer(Runnable work) {
        OffTimer.TIMEOUT.run(work);
    }

    /** The process-wide default scheduler: one daemon timer thread, cancelled tasks removed at once. */
    static Scheduler system() {
        return SystemScheduler.INSTANCE;
    }
}
