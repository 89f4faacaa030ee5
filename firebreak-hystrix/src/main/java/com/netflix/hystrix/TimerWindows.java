package com.netflix.hystrix;

import com.netflix.hystrix.collapser.CollapserTimer;
import com.netflix.hystrix.util.HystrixTimer.TimerListener;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.lang.ref.Reference;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A Firebreak {@link Scheduler} over an injected {@link CollapserTimer}: the window scheduler of a
 * collapser key whose first instance was given a timer. Each task is one listener, ticking every
 * delay (rounded up to whole milliseconds, at least 1): its first tick clears the listener's reference
 * and runs the task; cancelling clears it without running. So the timer holds exactly the windows
 * that are open.
 */
final class TimerWindows implements Scheduler {

    private final CollapserTimer timer;

    TimerWindows(CollapserTimer timer) {
        this.timer = timer;
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        long roundedUp = (Math.max(0L, delayNanos) + 999_999L) / TimeUnit.MILLISECONDS.toNanos(1);
        int millis = (int) Math.min(Integer.MAX_VALUE, Math.max(1L, roundedUp));
        Window window = new Window(task, millis);
        window.armed(timer.addListener(window));
        return window::cancel;
    }

    /* One window: runs once or is cancelled once, whichever comes first; either clears the reference. */
    private static final class Window implements TimerListener {
        private final Runnable task;
        private final int millis;
        private final AtomicBoolean ended = new AtomicBoolean();
        private volatile Reference<TimerListener> reference;

        Window(Runnable task, int millis) {
            this.task = task;
            this.millis = millis;
        }

        /* The timer's reference; a window that ended before it came (a tick at once) clears it here. */
        void armed(Reference<TimerListener> given) {
            reference = given;
            if (ended.get()) {
                clear();
            }
        }

        @Override
        public void tick() {
            if (ended.compareAndSet(false, true)) {
                clear();
                task.run();
            }
        }

        boolean cancel() {
            if (ended.compareAndSet(false, true)) {
                clear();
                return true;
            }
            return false;
        }

        private void clear() {
            Reference<TimerListener> r = reference;
            if (r != null) {
                r.clear();
            }
        }

        @Override
        public int getIntervalTimeInMilliseconds() {
            return millis;
        }
    }
}
