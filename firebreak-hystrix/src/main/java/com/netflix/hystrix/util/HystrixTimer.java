package com.netflix.hystrix.util;

import com.netflix.hystrix.strategy.HystrixPlugins;
import java.lang.ref.Reference;
import java.lang.ref.SoftReference;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One process-wide timer that ticks listeners at their own interval on a small pool of daemon
 * threads ({@code HystrixTimer-N}), sized by the properties strategy's
 * {@link com.netflix.hystrix.strategy.properties.HystrixPropertiesStrategy#getTimerThreadPoolProperties()}
 * when the pool starts. Firebreak's commands do not need it (their timeouts run on Firebreak's
 * scheduler); it serves code that uses the timer itself.
 */
public class HystrixTimer {

    private static final HystrixTimer INSTANCE = new HystrixTimer();

    /* The running pool, or null before first use and after reset(). */
    final AtomicReference<ScheduledExecutor> executor = new AtomicReference<>();

    private HystrixTimer() {
    }

    /** The timer. */
    public static HystrixTimer getInstance() {
        return INSTANCE;
    }

    /** Stops the timer's threads and forgets every listener; the next listener starts a new pool. */
    public static void reset() {
        ScheduledExecutor running = INSTANCE.executor.getAndSet(null);
        if (running != null) {
            running.shutdown();
        }
    }

    /**
     * Ticks {@code listener} every {@link TimerListener#getIntervalTimeInMilliseconds()}, the first
     * time one interval from now. An exception from {@code tick()} is printed and the ticks go on.
     *
     * @return a reference whose {@link Reference#clear()} stops the ticks
     */
    public Reference<TimerListener> addTimerListener(TimerListener listener) {
        if (listener == null) {
            throw new NullPointerException("HystrixTimer.addTimerListener: the listener must not be null");
        }
        int interval = listener.getIntervalTimeInMilliseconds();
        if (interval <= 0) {
            throw new IllegalArgumentException("HystrixTimer.addTimerListener: intervalTimeInMilliseconds="
                    + interval + " of " + listener + " must be positive");
        }
        Runnable tick = () -> {
            try {
                listener.tick();
            } catch (RuntimeException e) {
                // the ticks must go on: a scheduled task that throws is never run again
                e.printStackTrace();
            }
        };
        ScheduledFuture<?> ticks = pool().scheduleAtFixedRate(tick, interval, interval, TimeUnit.MILLISECONDS);
        return new TimerReference(listener, ticks);
    }

    /** Starts the pool unless it runs. */
    protected void startThreadIfNeeded() {
        pool();
    }

    // Only the thread whose CAS installs a new ScheduledExecutor makes it; a thread that finds one
    // installed starts it or waits for its start in initialize()'s monitor. One that reset() shut
    // before its start stays without a pool and has left `executor`, so the loop installs another.
    private ScheduledThreadPoolExecutor pool() {
        while (true) {
            ScheduledExecutor current = executor.get();
            if (current == null) {
                executor.compareAndSet(null, new ScheduledExecutor());
                continue;
            }
            current.initialize();
            ScheduledThreadPoolExecutor pool = current.getThreadPool();
            if (pool != null) {
                return pool;
            }
        }
    }

    /* A reference that stops its listener's ticks when cleared. */
    private static final class TimerReference extends SoftReference<TimerListener> {
        private final ScheduledFuture<?> ticks;

        TimerReference(TimerListener listener, ScheduledFuture<?> ticks) {
            super(listener);
            this.ticks = ticks;
        }

        @Override
        public void clear() {
            super.clear();
            ticks.cancel(false);
        }
    }

    /** The timer's pool. */
    static class ScheduledExecutor {
        volatile ScheduledThreadPoolExecutor executor;
        private boolean shut; // guarded by this

        /** Starts the pool once; later calls, and calls after the timer's reset, do nothing. */
        public synchronized void initialize() {
            if (executor != null || shut) {
                return;
            }
            int coreSize = HystrixPlugins.getInstance().getPropertiesStrategy()
                    .getTimerThreadPoolProperties().getCorePoolSize().get();
            AtomicInteger count = new AtomicInteger();
            ThreadFactory threads = r -> {
                Thread t = new Thread(r, "HystrixTimer-" + count.incrementAndGet());
                t.setDaemon(true);
                return t;
            };
            ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(coreSize, threads);
            pool.setRemoveOnCancelPolicy(true);
            executor = pool;
        }

        synchronized void shutdown() {
            shut = true;
            if (executor != null) {
                executor.shutdownNow();
            }
        }

        public ScheduledThreadPoolExecutor getThreadPool() {
            return executor;
        }

        public boolean isInitialized() {
            return executor != null;
        }
    }

    /** What the timer ticks. */
    public interface TimerListener {
        /** Called once per interval, on a timer thread. */
        void tick();

        /** The interval between ticks. */
        int getIntervalTimeInMilliseconds();
    }
}
