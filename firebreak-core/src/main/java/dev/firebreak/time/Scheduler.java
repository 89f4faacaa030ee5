package dev.firebreak.time;

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

    /** The process-wide default scheduler: one daemon timer thread, cancelled tasks removed at once. */
    static Scheduler system() {
        return SystemScheduler.INSTANCE;
    }
}
