package dev.firebreak.lab.time;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Scheduler} with its own daemon timer thread, so that each part of the lab (the downstream
 * simulator, the load driver) keeps its own timing out of the others' queues and out of the
 * process-wide scheduler the libraries under test use. Tasks must be short: hand real work to an
 * executor.
 */
public final class LabTimer implements Scheduler, AutoCloseable {

    private final ScheduledThreadPoolExecutor executor;

    /** A timer whose thread is named {@code name}. */
    public LabTimer(String name) {
        executor = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        });
        executor.setRemoveOnCancelPolicy(true);
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        var future = executor.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }

    /** Stops the timer; tasks not yet run are dropped. */
    @Override
    public void close() {
        executor.shutdownNow();
    }
}
