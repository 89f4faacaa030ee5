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
 *
 * <p>Waking early: a timed park returns late (hundreds of microseconds on a virtual machine), so the
 * timer parks until {@code deadline - lead} and spins the rest of the way ({@link ParkLead}: the lead
 * follows the park's measured lateness, and spinning has a CPU budget). While it spins it is still
 * "sleeping until" that deadline: a task queued as the new earliest sets {@code poked} under the lock,
 * and the spin stops at its next look, so an earlier deadline is never spun through either; so does
 * the cancellation of the task it spins toward, so a cancelled deadline costs no spin.
 */
final class SystemScheduler implements Scheduler {

    static final SystemScheduler INSTANCE = new SystemScheduler("firebreak-timer-1");

    private final Ticker ticker = Ticker.system();
    private final ReentrantLock lock = new ReentrantLock();
    private final DeadlineHeap queue = new DeadlineHeap();
    private final Thread thread;
    private long sleepingUntil; // under lock: the deadline the timer parks until
    private boolean idle = true; // under lock: the timer parks with nothing queued
    private volatile boolean poked; // set under lock when a new earliest task must wake the timer
    private final ParkLead lead; // confined to the timer thread
    private volatile boolean spinning; // for tests: the timer spins toward a deadline now

    SystemScheduler(String threadName) {
        this(threadName, ParkLead.fromSystemProperties());
    }

    SystemScheduler(String threadName, ParkLead lead) {
        this.lead = lead;
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
            if (wake) {
                poked = true;
            }
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

    /** The timer thread's state (for tests: WAITING is its park with nothing queued). */
    Thread.State threadState() {
        return thread.getState();
    }

    /** Whether the timer thread spins toward a deadline now (for tests: an earlier task must stop it). */
    boolean isSpinning() {
        return spinning;
    }

    private void loop() {
        while (true) {
            Runnable due = null;
            long parkNanos = -1L; // < 0: park until woken
            long spinUntil = 0L;
            boolean spin = false;
            long now;
            lock.lock();
            try {
                poked = false; // from here on, a new earliest task pokes (and unparks) again
                DeadlineHeap.Entry first = queue.peek();
                now = ticker.read();
                if (first == null) {
                    idle = true;
                } else {
                    long wait = first.deadline - now;
                    if (wait <= 0L) {
                        queue.remove(first);
                        due = first.task;
                    } else {
                        idle = false;
                        sleepingUntil = first.deadline;
                        long early = lead.leadNanos(now);
                        if (wait <= early) {
                            spin = true;
                            spinUntil = first.deadline;
                        } else {
                            parkNanos = wait - early;
                        }
                    }
                }
            } finally {
                lock.unlock();
            }
            if (due != null) {
                runQuietly(due);
            } else if (spin) {
                spinTo(spinUntil, now);
            } else if (parkNanos < 0L) {
                LockSupport.park(this);
            } else {
                LockSupport.parkNanos(this, parkNanos);
                long late = ticker.read() - (now + parkNanos);
                if (late >= 0L) { // ran its full course (an unpark returns it early)
                    lead.parkReturnedLate(late);
                }
            }
        }
    }

    /**
     * Spins until {@code deadline} or until a poke: a new earliest task, or the cancellation of the
     * task whose deadline this is.
     */
    private void spinTo(long deadline, long from) {
        spinning = true;
        long now = from;
        while (!poked && deadline - now > 0L) {
            Thread.onSpinWait();
            now = ticker.read();
        }
        spinning = false;
        lead.spun(now - from);
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
                boolean removed = queue.remove(this);
                if (removed && !idle && deadline == sleepingUntil) {
                    poked = true; // the timer may be spinning toward this deadline: let it look again
                }
                return removed;
            } finally {
                lock.unlock();
            }
        }
    }
}
