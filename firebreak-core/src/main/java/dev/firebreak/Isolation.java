package dev.firebreak;

import dev.firebreak.config.Check;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;
import java.util.Objects;

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

    /** The guard's pool (named by its pool key) with the registry's pool configuration (Hystrix's defaults). */
    static Isolation threadPool() {
        return new ThreadPool();
    }

    /** The guard's pool (named by its pool key), created with {@code config} if it does not exist yet. */
    static Isolation threadPool(ThreadPoolConfig config) {
        return new ConfiguredThreadPool(config);
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

    /** THREAD isolation on the guard's pool, created with the registry's pool configuration if new. */
    record ThreadPool() implements Isolation {
        @Override
        public IsolationStrategy strategy() {
            return IsolationStrategy.THREAD;
        }
    }

    /** THREAD isolation on the guard's pool, created with {@code config} if new. */
    record ConfiguredThreadPool(ThreadPoolConfig config) implements Isolation {
        /** Requires the configuration (for the registry's, use {@link Isolation#threadPool()}). */
        public ConfiguredThreadPool {
            Objects.requireNonNull(config, "config: use Isolation.threadPool() for the registry's pool configuration");
        }

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
