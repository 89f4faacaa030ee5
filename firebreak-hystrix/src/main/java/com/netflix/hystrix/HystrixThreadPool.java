package com.netflix.hystrix;

import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.concurrency.HystrixContextScheduler;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherFactory;
import dev.firebreak.hystrix.HystrixBridge;
import dev.firebreak.isolation.GuardThreadPool;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import rx.Scheduler;
import rx.functions.Func0;

/**
 * A thread pool that commands run on, as 1.5.18's interface shows it. The bridge's pools are Firebreak
 * pools, one per thread-pool key; {@link HystrixThreadPoolDefault} is the view of one.
 */
public interface HystrixThreadPool {

    /** The executor the pool's tasks run on. */
    ExecutorService getExecutor();

    /** An RxJava scheduler on this pool that interrupts a running action when it is unsubscribed. */
    Scheduler getScheduler();

    /** An RxJava scheduler on this pool; an unsubscribed running action is interrupted if {@code shouldInterruptThread} says so. */
    Scheduler getScheduler(Func0<Boolean> shouldInterruptThread);

    /** Tells the pool a task started on it. */
    void markThreadExecution();

    /** Tells the pool a task ended on it. */
    void markThreadCompletion();

    /** Tells the pool it refused a task. */
    void markThreadRejection();

    /** Whether the queue can take another task now. */
    boolean isQueueSpaceAvailable();

    /** The pools by thread-pool key. */
    class Factory {
        /** The pools made through {@link #getInstance}, by key name, until {@link #shutdown()}. */
        static final ConcurrentHashMap<String, HystrixThreadPool> threadPools = new ConcurrentHashMap<>();

        Factory() {
        }

        /** The pool of {@code key}, made with {@code defaults} (instance defaults from code) if it does not exist. */
        static HystrixThreadPool getInstance(HystrixThreadPoolKey key, HystrixThreadPoolProperties.Setter defaults) {
            HystrixThreadPool found = threadPools.get(key.name());
            if (found != null && !found.getExecutor().isShutdown()) {
                return found;
            }
            return threadPools.compute(key.name(), (name, current) -> current != null && !current.getExecutor().isShutdown()
                    ? current : new HystrixThreadPoolDefault(key, defaults));
        }

        /*
         * 1.5.18 shuts every pool down here and forgets them, so the next command makes a new pool. A
         * Firebreak pool belongs to the guards of the command keys that use it, so the bridge forgets
         * those keys (HystrixBridge.reset): their pools shut down, and the next command of a key makes
         * its guard and pool afresh.
         */
        static synchronized void shutdown() {
            HystrixBridge.reset();
            threadPools.clear();
            StrategyPools.shutdown(); // the pools a concurrency strategy supplied, as 1.5.18 shut its pools down
        }

        /** As {@link #shutdown()}, then waits up to {@code timeout} for the pools it shut down to finish their tasks. */
        static synchronized void shutdown(long timeout, TimeUnit unit) {
            Collection<GuardThreadPool> before = List.copyOf(HystrixBridge.registry().pools());
            shutdown();
            // The deadline is on the bridge registry's clock (the system clock unless one was installed).
            long deadline = HystrixBridge.nanoTime() + unit.toNanos(timeout);
            try {
                for (GuardThreadPool pool : before) {
                    if (pool.isShutdown()) { // a pool still shared with a guard outside the bridge stays running
                        pool.awaitTermination(Duration.ofNanos(Math.max(0, deadline - HystrixBridge.nanoTime())));
                    }
                }
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The view of a thread-pool key's Firebreak pool. Two views of one key share the pool and its
     * executor; the view keeps the pool it was made on, so after that pool is shut down its executor
     * says so and refuses tasks. The {@code mark...} methods do nothing: the Firebreak pool counts its
     * tasks itself.
     */
    class HystrixThreadPoolDefault implements HystrixThreadPool {
        private final PoolExecutor executor;
        private final HystrixThreadPoolKey key;

        /** The view of {@code key}'s pool, making the pool with {@code defaults} if it does not exist. */
        public HystrixThreadPoolDefault(HystrixThreadPoolKey key, HystrixThreadPoolProperties.Setter defaults) {
            this.key = key;
            this.executor = PoolExecutor.of(key, defaults);
            HystrixThreadPoolMetrics metrics = HystrixThreadPoolMetrics.getInstance(key);
            if (metrics != null) {
                HystrixMetricsPublisherFactory.createOrRetrievePublisherForThreadPool(key, metrics, metrics.getProperties());
            }
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
            return new HystrixContextScheduler(HystrixPlugins.getInstance().getConcurrencyStrategy(), this, shouldInterruptThread);
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

        /** True while the queue holds fewer tasks than {@code queueSizeRejectionThreshold}; always true with no queue. */
        @Override
        public boolean isQueueSpaceAvailable() {
            return executor.queueSpaceAvailable();
        }
    }
}
