package dev.firebreak.time;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The default {@link Scheduler}: a single daemon thread driving a {@link ScheduledThreadPoolExecutor}
 * with remove-on-cancel, so cancelled timeouts do not pile up in its queue.
 */
final class SystemScheduler implements Scheduler {

    static final SystemScheduler INSTANCE = new SystemScheduler();

    private final ScheduledThreadPoolExecutor executor;

    private SystemScheduler() {
        AtomicInteger ids = new AtomicInteger();
        executor = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "firebreak-timer-" + ids.incrementAndGet());
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
}
