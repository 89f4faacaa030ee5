package dev.firebreak.hystrix;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.util.concurrent.ThreadFactory;

/*
 * The scheduler of the bridge's own registry: its tasks wait on Firebreak's system timer (they only
 * decide, and run no user code), and what a timeout decided on (the fallback, the events, the end the
 * subscriber sees) runs on a virtual thread named HystrixTimer-<n>, as 1.5.18's timeouts ran on its
 * HystrixTimer threads. Tests that look at the thread name of a timed-out command see Hystrix's.
 */
final class HystrixTimerScheduler implements Scheduler {

    private final Scheduler timer;
    private final ThreadFactory threads = Thread.ofVirtual().name("HystrixTimer-", 1).factory();

    HystrixTimerScheduler(Scheduler timer) {
        this.timer = timer;
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        return timer.schedule(delayNanos, task);
    }

    @Override
    public void runOffTimer(Runnable work) {
        try {
            threads.newThread(work).start();
        } catch (Throwable refused) { // no thread to be had: late on the timer is better than lost
            work.run();
        }
    }
}
