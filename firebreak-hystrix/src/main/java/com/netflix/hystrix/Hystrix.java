package com.netflix.hystrix;

import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherFactory;
import dev.firebreak.hystrix.HystrixBridge;
import java.util.ArrayDeque;

/** Process-wide operations. */
public class Hystrix {

    /** The command keys whose run or fallback is on this thread now, innermost last. */
    private static final ThreadLocal<ArrayDeque<HystrixCommandKey>> CURRENT = ThreadLocal.withInitial(ArrayDeque::new);

    /**
     * Forgets every command and collapser key made so far, and every registered plugin (as hystrix-core
     * 1.5.18 does): their guards and collapsers leave the bridge's registry, so the next command of a key
     * starts with fresh metrics, breaker and configuration. Thread pools stay in the registry (Firebreak
     * shares them by name) and are reused.
     */
    public static void reset() {
        HystrixBridge.reset();
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
