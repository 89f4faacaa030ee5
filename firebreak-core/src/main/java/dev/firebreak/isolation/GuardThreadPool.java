package dev.firebreak.isolation;

import dev.firebreak.metrics.ThreadPoolMetrics;
import dev.firebreak.metrics.ThreadPoolMetricsSnapshot;
import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A THREAD-isolation pool shared by the guards naming the same pool key, with Hystrix's bounds and an
 * exact admission count in front of the executor.
 *
 * <p>Semantics: a call is admitted while fewer than {@code effectiveMaximumSize() +
 * effectiveQueueBound()} calls are queued or running; otherwise it is rejected at once (no exception
 * on this path). Admitted calls get a new thread while the pool is below its maximum size and every
 * thread is busy; only when all {@code maximumSize} threads are busy do they wait in the queue (a
 * plain ThreadPoolExecutor would fill the queue first). Threads above coreSize retire after
 * keepAliveTime idle, and core threads too when allowCoreThreadsToTimeOut. coreSize,
 * maximumSize, queueSizeRejectionThreshold and both timeouts change live; maxQueueSize is fixed at
 * creation, as in Hystrix.
 *
 * <p>Lifecycle: the registry shares one pool among the guards naming its key and {@linkplain #shutdown()
 * shuts it down} when the last of them is removed. A shut-down pool runs the calls it had already taken
 * (running and queued) to their end, refuses every later one, and its threads exit, so the pool and
 * everything it holds become garbage.
 *
 * <p>Invariant: {@code admitted() <= effectiveMaximumSize() + effectiveQueueBound()} at every
 * {@link #tryAdmit()}, and each admitted call's permit is released exactly once, by
 * {@link #release()}, when its task has really ended (not when its caller walked away).
 */
public final class GuardThreadPool {

    private final String name;
    private final int maxQueueSize;
    private final Bulkhead admission;
    private final ThreadPoolExecutor executor;
    private final ReentrantLock resizeLock = new ReentrantLock();
    private final Ticker ticker;
    private final ThreadPoolMetrics metrics;
    private final AtomicInteger running = new AtomicInteger();
    /** Whether the pool's idle threads and the callers waiting for its calls spin: one site, both sides. */
    private final HandOffSpin spin = HandOffSpin.site();
    private volatile ThreadPoolConfig config;
    /** The configuration the pool was created with: its fixed properties stay in force. */
    private final ThreadPoolConfig created;

    /** A pool named {@code name} on the system clock (threads are named {@code firebreak-<name>-<n>}). */
    public GuardThreadPool(String name, ThreadPoolConfig config) {
        this(name, config, Ticker.system());
    }

    /** A pool named {@code name} whose rolling figures read {@code ticker} (threads are named {@code firebreak-<name>-<n>}). */
    public GuardThreadPool(String name, ThreadPoolConfig config, Ticker ticker) {
        this(name, config, ticker, defaultThreadNamePrefix(name));
    }

    /** A pool named {@code name} whose threads are named {@code threadNamePrefix} followed by a number from 1. */
    public GuardThreadPool(String name, ThreadPoolConfig config, Ticker ticker, String threadNamePrefix) {
        this.name = name;
        this.ticker = ticker;
        this.metrics = new ThreadPoolMetrics((int) config.rollingStatsWindow().toMillis(),
                config.rollingStatsBuckets(), ticker.read());
        this.config = config;
        this.created = config;
        this.maxQueueSize = config.maxQueueSize();
        this.admission = new Bulkhead(config.admissionBound());
        AtomicInteger ids = new AtomicInteger();
        ThreadFactory threads = runnable -> {
            Thread thread = new Thread(runnable, threadNamePrefix + ids.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        HandOffQueue queue = new HandOffQueue(admission, spin);
        this.executor = new MeteredExecutor(config.coreSize(), config.effectiveMaximumSize(),
                keepAliveMillis(config), TimeUnit.MILLISECONDS, queue, threads, (task, pool) -> {
                    // Lost a race to add a thread: the call is admitted, so it waits for the next free one.
                    if (pool.isShutdown() || !queue.force(task)) {
                        throw new RejectedExecutionException("pool " + name + " is shut down");
                    }
                });
        queue.pool = executor;
        executor.allowCoreThreadTimeOut(config.allowCoreThreadsToTimeOut());
    }

    /** The prefix of a pool's thread names unless its registry names them otherwise: {@code firebreak-<name>-}. */
    public static String defaultThreadNamePrefix(String name) {
        return "firebreak-" + name + "-";
    }

    /** The executor's keep-alive: at least a millisecond, since core threads may time out only after a positive one. */
    private static long keepAliveMillis(ThreadPoolConfig config) {
        return Math.max(1, config.keepAliveTime().toMillis());
    }

    /** The pool key. */
    public String name() {
        return name;
    }

    /** The configuration in force. */
    public ThreadPoolConfig config() {
        return config;
    }

    /**
     * Applies a new configuration: coreSize, maximumSize, the divergence flag, queueSizeRejectionThreshold
     * and keepAliveTime take effect now; a property its table marks fixed (maxQueueSize, the rolling
     * window) keeps its creation value: if {@code next} changes one, the rest is applied and false is
     * returned.
     *
     * <p>All or nothing: every derived value (the admission bound with this pool's fixed queue, the
     * sizes, the keep-alive) is computed and checked before the executor is touched, so a configuration
     * this pool cannot take throws {@link dev.firebreak.config.InvalidConfigException} naming key, value
     * and rule, and the pool keeps running with the configuration in force.
     */
    public boolean reconfigure(ThreadPoolConfig next) {
        resizeLock.lock();
        try {
            // 1. compute and check everything; nothing below may throw once the executor changes
            int core = next.coreSize();
            int max = next.effectiveMaximumSize();
            int admissionBound = next.admissionBoundWithQueue(maxQueueSize);
            long keepAliveMillis = keepAliveMillis(next);
            ThreadPoolConfig taken = ThreadPoolConfig.scope().keepFixed(created, next); // the table decides
            // 2. apply. Order matters: the executor refuses core > max at every step.
            if (core > executor.getMaximumPoolSize()) {
                executor.setMaximumPoolSize(max);
                executor.setCorePoolSize(core);
            } else {
                executor.setCorePoolSize(core);
                executor.setMaximumPoolSize(max);
            }
            executor.setKeepAliveTime(keepAliveMillis, TimeUnit.MILLISECONDS);
            executor.allowCoreThreadTimeOut(next.allowCoreThreadsToTimeOut());
            admission.setLimit(admissionBound);
            this.config = taken;
            return taken == next;
        } finally {
            resizeLock.unlock();
        }
    }

    /** Takes an admission permit if the pool and its queue bound allow; false (counted as a rejection) otherwise. Accounting: only its isolator calls it. */
    boolean tryAdmit() {
        if (admission.tryAcquire()) {
            return true;
        }
        metrics.rejected(ticker.read());
        return false;
    }

    /**
     * Runs an admitted task. The task itself must call {@link #release()} when it ends (in a finally).
     * If the pool has been shut down, the permit is released here and false is returned.
     */
    boolean execute(Runnable admittedTask) {
        try {
            executor.execute(admittedTask);
            return true;
        } catch (RejectedExecutionException shutDown) {
            admission.release();
            return false;
        }
    }

    /**
     * Runs an admitted task, leaving its permit to the caller when the pool refuses it.
     *
     * @return false if the pool is shut down (the permit is still held)
     */
    boolean executeAdmitted(Runnable admittedTask) {
        try {
            executor.execute(admittedTask);
            return true;
        } catch (RejectedExecutionException shutDown) {
            return false;
        }
    }

    /** The spin site shared by this pool's idle threads and the callers waiting for its calls. */
    HandOffSpin handOffSpin() {
        return spin;
    }

    /** Returns an admission permit. */
    void release() {
        admission.release();
    }

    /** Calls admitted and not yet released (queued plus running). */
    public int admitted() {
        return admission.inFlight();
    }

    /** The most calls ever admitted at once. */
    public int peakAdmitted() {
        return admission.peak();
    }

    /** The admission bound in force: maximum threads plus the queue bound. */
    public int admissionLimit() {
        return admission.limit();
    }

    /** Threads running a task now. */
    public int activeCount() {
        return executor.getActiveCount();
    }

    /** Tasks waiting for a thread. */
    public int queueSize() {
        return executor.getQueue().size();
    }

    /** Threads in the pool now. */
    public int poolSize() {
        return executor.getPoolSize();
    }

    /** The most threads the pool has had. */
    public int largestPoolSize() {
        return executor.getLargestPoolSize();
    }

    /** Tasks completed since creation. */
    public long completedTaskCount() {
        return executor.getCompletedTaskCount();
    }

    /** The pool's rolling figures (tasks executed, rejections, most threads active). */
    public ThreadPoolMetrics metrics() {
        return metrics;
    }

    /** All the pool's figures at once, as of now. */
    public ThreadPoolMetricsSnapshot metricsSnapshot() {
        long now = ticker.read();
        ThreadPoolConfig c = config;
        int active = executor.getActiveCount();
        return new ThreadPoolMetricsSnapshot(name, now, active, queueSize(), poolSize(), largestPoolSize(),
                executor.getCorePoolSize(), executor.getMaximumPoolSize(), completedTaskCount(),
                executor.getTaskCount(), metrics.rollingExecuted(now), metrics.rollingRejected(now),
                Math.max(active, metrics.rollingMaxActive(now)), c.queueSizeRejectionThreshold(),
                metrics.windowMillis());
    }

    /**
     * Stops taking calls: tasks already handed to the pool (running or queued) still run to their end;
     * a later {@link #execute} returns false, and the caller reports the call as rejected. Idle threads
     * exit at once, busy ones when their task ends. Idempotent.
     */
    public void shutdown() {
        executor.shutdown();
    }

    /** Whether {@link #shutdown()} was called. */
    public boolean isShutdown() {
        return executor.isShutdown();
    }

    /** Whether the pool is shut down and every task it took has ended. */
    public boolean isTerminated() {
        return executor.isTerminated();
    }

    /**
     * Waits up to {@code timeout} for a shut-down pool's tasks to end.
     *
     * @return true if the pool terminated, false if the time ran out
     */
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return executor.awaitTermination(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The executor, counting tasks run and the most running at once into the rolling figures. */
    private final class MeteredExecutor extends ThreadPoolExecutor {
        MeteredExecutor(int core, int max, long keepAlive, TimeUnit unit, BlockingQueue<Runnable> queue,
                ThreadFactory threads, RejectedExecutionHandler handler) {
            super(core, max, keepAlive, unit, queue, threads, handler);
        }

        @Override
        protected void beforeExecute(Thread thread, Runnable task) {
            metrics.taskStarted(running.incrementAndGet(), ticker.read());
        }

        @Override
        protected void afterExecute(Runnable task, Throwable thrown) {
            running.decrementAndGet();
            metrics.taskExecuted(ticker.read());
        }
    }

    /**
     * The executor's queue: refuses an offer while the pool can still grow and has no idle thread, so
     * the executor adds a thread instead of queueing (Tomcat's TaskQueue idea). Its size is bounded by
     * the admission count, not by itself. Idle threads spin briefly before parking ({@link SpinningTaskQueue}).
     */
    private static final class HandOffQueue extends SpinningTaskQueue {
        private final Bulkhead admission;
        volatile ThreadPoolExecutor pool;

        HandOffQueue(Bulkhead admission, HandOffSpin spin) {
            super(spin);
            this.admission = admission;
        }

        @Override
        public boolean offer(Runnable task) {
            ThreadPoolExecutor executor = pool;
            // admitted calls (this one included) outnumber the threads: no thread is idle, so grow.
            // The executor offers only once it has coreSize threads, and they stay unless core threads
            // may time out: up to that many admitted calls cannot outnumber them, so the lock that
            // getPoolSize() takes is skipped.
            if (executor != null && (executor.allowsCoreThreadTimeOut()
                    || admission.inFlight() > executor.getCorePoolSize())) {
                int threads = executor.getPoolSize();
                if (threads < executor.getMaximumPoolSize() && admission.inFlight() > threads) {
                    return false;
                }
            }
            return super.offer(task);
        }

        boolean force(Runnable task) {
            return super.offer(task);
        }
    }
}
