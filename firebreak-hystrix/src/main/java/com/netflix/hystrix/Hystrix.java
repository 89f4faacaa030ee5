package com.netflix.hystrix;

import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherFactory;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/** Process-wide operations. */
public class Hystrix {

    /** The command keys whose run or fallback is on this thread now, innermost last. */
    private static final ThreadLocal<ArrayDeque<HystrixCommandKey>> CURRENT = ThreadLocal.withInitial(ArrayDeque::new);

    /**
     * Forgets every command and collapser key made so far, and every registered plugin (as hystrix-core
     * 1.5.18 does): their guards and collapsers leave the bridge's registry, so the next command of a key
     * starts with fresh metrics, breaker and configuration. As in 1.5.18, the thread pools of those
     * commands are shut down (tasks already handed to them run to their end) and forgotten: the next
     * command of a thread-pool key gets a new pool. A pool that a guard outside the bridge still uses
     * (a shared registry) stays.
     */
    public static void reset() {
        HystrixThreadPool.Factory.shutdown(); // forgets the command and collapser keys, whose pools shut down
        resetTheRest();
    }

    /**
     * As {@link #reset()}, then waits up to {@code time} for the thread pools it shut down to finish the
     * tasks they had. Returns early if the waiting thread is interrupted (its interrupt flag stays set).
     */
    public static void reset(long time, TimeUnit unit) {
        HystrixThreadPool.Factory.shutdown(time, unit);
        resetTheRest();
    }

    private static void resetTheRest() {
        HystrixPlugins.reset();
        HystrixMetricsPublisherFactory.reset();
        CURRENT.remove();
    }

    /**
     * The key of the command whose {@code run()}, {@code construct()} or fallback is running on this
     * thread (the innermost one when commands nest), or null.
     */
    public static HystrixCommandKey getCurrentThreadExecutingCommand() {
        return CURRENT.get().peekLast();
    }

    /** How many commands are marked as running on this thread (nested commands count each). */
    static int getCommandCount() {
        return CURRENT.get().size();
    }

    /** Marks {@code key} as running on this thread until the returned handle is closed, on this thread. */
    static Running startCurrentThreadExecutingCommand(HystrixCommandKey key) {
        ArrayDeque<HystrixCommandKey> stack = CURRENT.get();
        stack.addLast(key);
        return () -> stack.removeLastOccurrence(key);
    }

    /** The time a command is marked as running on a thread. */
    @FunctionalInterface
    interface Running extends AutoCloseable {
        @Override
        void close();
    }
}
