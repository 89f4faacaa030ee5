package dev.firebreak;

import dev.firebreak.config.Check;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;

/**
 * How a guard bounds its calls, for {@link Guard.Builder#isolation(Isolation)}:
 * {@code Isolation.semaphore(10)}, {@code Isolation.threadPool()}, {@code Isolation.virtualThreads(100)}.
 * Every choice has a hard bound and no unbounded queue.
 */
public sealed interface Isolation {

    /** The strategy this choice stands for. */
    IsolationStrategy strategy();

    /** At most {@code maxConcurrentRequests} calls at once, each on its caller's thread. */
    static Isolation semaphore(int maxConcurrentRequests) {
        return new Semaphore(maxConcurrentRequests);
    }

    /** The guard's pool (named by its pool key) with Hystrix's default pool configuration. */
    static Isolation threadPool() {
        return new ThreadPool(null);
    }

    /** The guard's pool (named by its pool key), created with {@code config} if it does not exist yet. */
    static Isolation threadPool(ThreadPoolConfig config) {
        return new ThreadPool(config);
    }

    /** A new virtual thread per call, at most {@code maxConcurrentRequests} at once. */
    static Isolation virtualThreads(int maxConcurrentRequests) {
        return new VirtualThreads(maxConcurrentRequests);
    }

    /** SEMAPHORE isolation with its limit (0 refuses every call, as in Hystrix). */
    record Semaphore(int maxConcurrentRequests) implements Isolation {
        /** Refuses a negative limit, naming the property. */
        public Semaphore {
            Check.notNegative("execution.isolation.semaphore.maxConcurrentRequests", maxConcurrentRequests);
        }

        @Override
        public IsolationStrategy strategy() {
            return IsolationStrategy.SEMAPHORE;
        }
    }

    /** THREAD isolation; {@code config} is null for the registry's pool default. */
    record ThreadPool(ThreadPoolConfig config) implements Isolation {
        @Override
        public IsolationStrategy strategy() {
            return IsolationStrategy.THREAD;
        }
    }

    /** VIRTUAL isolation with its limit, at least 1. */
    record VirtualThreads(int maxConcurrentRequests) implements Isolation {
        /** Refuses a limit below 1 (a guard that could run no call), naming the property. */
        public VirtualThreads {
            Check.positive("execution.isolation.virtual.maxConcurrentRequests", maxConcurrentRequests);
        }

        @Override
        public IsolationStrategy strategy() {
            return IsolationStrategy.VIRTUAL;
        }
    }
}
