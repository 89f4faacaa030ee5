package com.netflix.hystrix;

import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
import com.netflix.hystrix.strategy.concurrency.HystrixContextScheduler;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadPoolExecutor;
import rx.Scheduler;
import rx.functions.Func0;

/*
 * Thread pools supplied by a registered concurrency strategy. A strategy that overrides
 * getThreadPool(key, properties) made 1.5.18's pools (to instrument them, name their threads, bound
 * them its own way); the bridge then runs a THREAD command's work on that executor, through the
 * injected-pool admission (InjectedPool: a full pool is THREAD_POOL_REJECTED), asking the strategy once
 * per thread-pool key, as 1.5.18's pool factory did. A strategy that only wraps callables (the usual
 * Spring Cloud Netflix kind) leaves the pools to Firebreak. Hystrix.reset() forgets the pools and shuts
 * them down, as 1.5.18 did.
 */
final class StrategyPools {

    private static final Map<Class<?>, Boolean> SUPPLIES = new ConcurrentHashMap<>();
    private static final Map<String, Supplied> POOLS = new ConcurrentHashMap<>();

    private StrategyPools() {
    }

    /**
     * {@code injected} with the strategy's pool of {@code key} when {@code strategy} (the registered one,
     * null for the default) supplies pools and the instance brought no pool of its own; else
     * {@code injected} as it is.
     */
    static InjectedParts withStrategyPool(InjectedParts injected, HystrixConcurrencyStrategy strategy, HystrixThreadPoolKey key,
            HystrixThreadPoolProperties.Setter defaults) {
        if (strategy == null || injected != null && injected.threadPool != null || !supplies(strategy)) {
            return injected;
        }
        HystrixThreadPool pool = POOLS.computeIfAbsent(key.name(), name -> {
            HystrixThreadPoolProperties properties = HystrixPropertiesFactory.getThreadPoolProperties(key, defaults);
            return new Supplied(key, strategy, properties, strategy.getThreadPool(key, properties));
        });
        return injected == null
                ? new InjectedParts(null, pool, null, null, null, null)
                : new InjectedParts(injected.breaker, pool, injected.metrics, injected.fallbackSemaphore,
                        injected.executionSemaphore, injected.hook);
    }

    /** Whether {@code strategy}'s class overrides {@code getThreadPool(key, properties)}. */
    static boolean supplies(HystrixConcurrencyStrategy strategy) {
        return SUPPLIES.computeIfAbsent(strategy.getClass(), type -> {
            try {
                return type.getMethod("getThreadPool", HystrixThreadPoolKey.class, HystrixThreadPoolProperties.class)
                        .getDeclaringClass() != HystrixConcurrencyStrategy.class;
            } catch (NoSuchMethodException impossible) {
                throw new AssertionError("HystrixConcurrencyStrategy.getThreadPool(key, properties) is public", impossible);
            }
        });
    }

    /** Forgets the strategies' pools and shuts them down (Hystrix.reset). */
    static void shutdown() {
        for (String name : POOLS.keySet()) {
            Supplied pool = POOLS.remove(name);
            if (pool != null) {
                pool.executor.shutdown();
            }
        }
    }

    /** A strategy's executor as 1.5.18's HystrixThreadPool. */
    private static final class Supplied implements HystrixThreadPool {
        private final HystrixConcurrencyStrategy strategy;
        private final HystrixThreadPoolProperties properties;
        private final ThreadPoolExecutor executor;

        Supplied(HystrixThreadPoolKey key, HystrixConcurrencyStrategy strategy, HystrixThreadPoolProperties properties,
                ThreadPoolExecutor executor) {
            if (executor == null) {
                throw new IllegalStateException("concurrency strategy " + strategy.getClass().getName()
                        + " returned no thread pool from getThreadPool for thread-pool key " + key.name());
            }
            this.strategy = strategy;
            this.properties = properties;
            this.executor = executor;
        }

        @Override
        public ThreadPoolExecutor getExecutor() {
            return executor;
        }

        @Override
        public Scheduler getScheduler() {
            return getScheduler(() -> true);
        }

        @Override
        public Scheduler getScheduler(Func0<Boolean> shouldInterruptThread) {
            return new HystrixContextScheduler(strategy, this, shouldInterruptThread);
        }

        @Override
        public void markThreadExecution() {
        }

        @Override
        public void markThreadCompletion() {
        }

        @Override
        public void markThreadRejection() {
        }

        /** As 1.5.18: with a queue, true while it holds fewer tasks than queueSizeRejectionThreshold. */
        @Override
        public boolean isQueueSpaceAvailable() {
            if (properties.maxQueueSize().get() <= 0) {
                return true; // no queue: the executor itself refuses what it cannot start
            }
            return executor.getQueue().size() < properties.queueSizeRejectionThreshold().get();
        }
    }
}
