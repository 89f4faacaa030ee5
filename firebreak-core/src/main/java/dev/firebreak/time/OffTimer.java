package dev.firebreak.time;

import java.util.concurrent.ThreadFactory;

/**
 * Work that a timer task decided on, run on a virtual thread of its own: the timer only decides (claims
 * an outcome), and everything that decision leads to (fallbacks, events, listeners, completions) runs
 * here, so no user code runs on the timer and a slow piece of it delays no other timer task in the JVM.
 *
 * <p>Used by the guard's timeout and the collapser's request deadline. If no thread can be started
 * (the JVM is out of memory or threads), the work runs on the calling thread: late on the timer is
 * better than lost.
 */
public final class OffTimer {

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
}
