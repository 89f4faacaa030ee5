package dev.firebreak.time;

import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The default {@link Scheduler}: one daemon thread, {@code firebreak-timer-1}, parked until the
 * earliest deadline. Scheduling costs one small entry and, unless the new task is due before the
 * moment the thread already sleeps until, no wake-up of the timer thread (a guard's timeouts are
 * scheduled on every call and nearly all cancelled: a wake-up per call would be a futex call and a
 * context switch each). A cancelled task leaves the queue at once.
 *
 * <p>Invariants: the heap and {@code sleepingUntil} change under {@code lock} only. The timer thread
 * sets {@code sleepingUntil} (the deadline it parks until; {@code idle} when it parks with nothing
 * queued) before it releases the lock to park; a task queued as the new earliest before that
 * deadline (or while idle) unparks it after its insertion, so no earlier deadline is slept through
 * (an unpark that comes before the park makes the park return at once). Each task runs at most once,
 * on the timer thread, and never after a successful {@code cancel()}.
 */
final class SystemScheduler implements Scheduler {

    static final SystemScheduler INSTANCE = new SystemScheduler("firebreak-timer-1");

    private final Ticker ticker = Ticker.system();
    private final ReentrantLock lock = new ReentrantLock();
    private final DeadlineHeap queue = new DeadlineHeap();
    private final Thread thread;
    private long sleepingUntil; // under lock: the deadline the timer parks until
    private boolean idle = true; // under lock: the timer parks with nothing queued

    SystemScheduler(String threadName) {
        thread = Thread.ofPlatform().daemon().name(threadName).unstarted(this::loop);
        thread.start();
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        Task entry = new Task(ticker.read() + Math.max(0L, delayNanos), task);
        boolean wake;
        lock.lock();
        try {
            wake = queue.add(entry) && (idle || entry.deadline - sleepingUntil < 0);
        } finally {
            lock.unlock();
        }
        if (wake) {
            LockSupport.unpark(thread);
        }
        return entry;
    }

    /** Whether the timer thread is parked until a deadline now (for tests: an earlier task must wake it). */
    boolean isParkedUntilADeadline() {
        return thread.getState() == Thread.State.TIMED_WAITING; // only its deadline park is timed
    }

    private void loop() {
        while (true) {
            Runnable due = null;
            long parkNanos = -1L; // < 0: park until woken
            lock.lock();
            try {
                DeadlineHeap.Entry first = queue.peek();
                if (first == null) {
                    idle = true;
                } else {
                    long wait = first.deadline - ticker.read();
                    if (wait <= 0L) {
                        queue.remove(first);
                        due = first.task;
                    } else {
                        idle = false;
                        sleepingUntil = first.deadline;
                        parkNanos = wait;
                    }
                }
            } finally {
                lock.unlock();
            }
            if (due != null) {
                runQuietly(due);
            } else if (parkNanos < 0L) {
                LockSupport.park(this);
            } else {
                LockSupport.parkNanos(this, parkNanos);
            }
        }
    }

    private static void runQuietly(Runnable task) {
        try {
            task.run();
        } catch (Throwable ignored) {
            // A task's own failure is its own: the timer goes on to the next one (as a scheduled executor does).
        }
    }

    /** One scheduled task, and its handle. */
    private final class Task extends DeadlineHeap.Entry implements Cancellable {
        Task(long deadline, Runnable task) {
            super(deadline, task);
        }

        @Override
        public boolean cancel() {
            lock.lock();
            try {
                return queue.remove(this);
            } finally {
                lock.unlock();
            }
        }
    }
}
