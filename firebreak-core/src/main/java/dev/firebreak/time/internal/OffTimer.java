package dev.firebreak.time.internal;

import java.util.concurrent.ThreadFactory;

/**
 * Work that a timer task decided on, run on a virtual thread of its own: the timer only decides (claims
 * an outcome), and everything that decision leads to (fallbacks, events, listeners, completions) runs
 * here, so no user code runs on the timer and a slow piece of it delays no other timer task in the JVM.
 *
 * <p>Used by the guard's timeout and the collapser's request deadline. If no thread can be started
 * (the JVM is out of memory or threads), the work runs on the calling thread: late on the timer is
 * better than lost.
 *
 * <p>A timer task that must start other work on the timer (a collapser's window closing starts the
 * batch's guarded call, whose hand-off to a pool or a virtual thread is cheap) marks itself with
 * {@link #asTimerTask}; code that would otherwise run user code inline (a short-circuited or rejected
 * call's fallback and listeners) asks {@link #inTimerTask()} and hands that work off instead.
 */
public final class OffTimer {

    private static final ThreadLocal<Boolean> IN_TIMER_TASK = new ThreadLocal<>();

    /** Where a guard's timeout hands its work by default ({@code Scheduler.runOffTimer}): threads {@code firebreak-timeout-<n>}. */
    public static final OffTimer TIMEOUT = new OffTimer("firebreak-timeout-");

    private final ThreadFactory threads;

    /** Work handed off here runs on virtual threads named {@code threadNamePrefix} followed by a number. */
    public OffTimer(String threadNamePrefix) {
        this.threads = Thread.ofVirtual().name(threadNamePrefix, 0).factory();
    }

    /** Runs {@code work} on a new virtual thread; on the calling thread only if none can be started. */
    public void run(Runnable work) {
        try {
            threads.newThread(work).start();
        } catch (Throwable refused) { // no thread to be had: late on the timer is better than lost
            work.run();
        }
    }

    /** Runs {@code task} (a timer task, on the calling thread) marked so that {@link #inTimerTask()} is true inside it. */
    public static void asTimerTask(Runnable task) {
        if (IN_TIMER_TASK.get() != null) {
            task.run();
            return;
        }
        IN_TIMER_TASK.set(Boolean.TRUE);
        try {
            task.run();
        } finally {
            IN_TIMER_TASK.remove();
        }
    }

    /** Whether the calling thread is inside a task run through {@link #asTimerTask}: user code must not run here. */
    public static boolean inTimerTask() {
        return IN_TIMER_TASK.get() != null;
    }
}
