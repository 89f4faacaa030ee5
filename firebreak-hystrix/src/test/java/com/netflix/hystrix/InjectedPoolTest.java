package com.netflix.hystrix;

import static com.netflix.hystrix.HystrixEventType.FALLBACK_SUCCESS;
import static com.netflix.hystrix.HystrixEventType.SUCCESS;
import static com.netflix.hystrix.HystrixEventType.THREAD_POOL_REJECTED;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import rx.Scheduler;
import rx.functions.Func0;
import rx.schedulers.Schedulers;

/** A thread pool given to a command instance runs its work, and a full one rejects it. */
class InjectedPoolTest extends BridgeFixture {

    /** One thread, no queue: a second task while the first runs is refused by the executor. */
    static class OneThread implements HystrixThreadPool {
        final BlockingQueue<Runnable> queue;
        final ThreadPoolExecutor executor;
        final AtomicInteger executions = new AtomicInteger();
        final AtomicInteger rejections = new AtomicInteger();

        OneThread() {
            this(new SynchronousQueue<>());
        }

        OneThread(BlockingQueue<Runnable> queue) {
            this.queue = queue;
            this.executor = new ThreadPoolExecutor(1, 1, 1, TimeUnit.MINUTES, queue, task -> new Thread(task, "given-pool"));
        }

        @Override
        public ExecutorService getExecutor() {
            return executor;
        }

        @Override
        public Scheduler getScheduler() {
            return Schedulers.from(executor);
        }

        @Override
        public Scheduler getScheduler(Func0<Boolean> shouldInterruptThread) {
            return getScheduler();
        }

        @Override
        public void markThreadExecution() {
            executions.incrementAndGet();
        }

        @Override
        public void markThreadCompletion() {
        }

        @Override
        public void markThreadRejection() {
            rejections.incrementAndGet();
        }

        @Override
        public boolean isQueueSpaceAvailable() {
            return true;
        }
    }

    private final OneThread pool = new OneThread();

    @AfterEach
    void stopPool() {
        pool.executor.shutdownNow();
    }

    /** A THREAD-isolated command on {@code pool} whose run() reports its thread's name. */
    static final class OnPool extends HystrixCommand<String> {
        private final CountDownLatch running;
        private final CountDownLatch release;

        OnPool(HystrixThreadPool pool, CountDownLatch running, CountDownLatch release) {
            super(group("GivenPool"), key("GivenPool"), null, null, pool, HystrixCommandProperties.Setter(), null, null,
                    null, null, null, null);
            this.running = running;
            this.release = release;
        }

        @Override
        protected String run() throws Exception {
            running.countDown();
            release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
            return Thread.currentThread().getName();
        }

        @Override
        protected String getFallback() {
            return "fallback";
        }
    }

    @Test
    void theWorkRunsOnTheGivenPoolAndAFullPoolRejects() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        OnPool first = new OnPool(pool, running, release);
        Future<String> holding = first.queue();
        await(running);

        OnPool second = new OnPool(pool, new CountDownLatch(1), new CountDownLatch(0));
        assertThat(second.execute()).isEqualTo("fallback");
        assertThat(second.getExecutionEvents()).containsExactly(THREAD_POOL_REJECTED, FALLBACK_SUCCESS);
        assertThat(pool.rejections).hasValue(1);

        release.countDown();
        assertThat(holding.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("given-pool");
        assertThat(first.getExecutionEvents()).containsExactly(SUCCESS);
        assertThat(first.isExecutedInThread()).isTrue();
        assertThat(pool.executions).hasValue(1);
    }

    @Test
    void cancellingTheCallInterruptsTheGivenPoolsThreadWhenConfiguredTo() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        HystrixCommand<String> command = new HystrixCommand<>(group("GivenPool"), key("GivenPoolCancel"), null, null, pool,
                HystrixCommandProperties.Setter().withExecutionIsolationThreadInterruptOnFutureCancel(true), null, null, null, null, null, null) {
            @Override
            protected String run() {
                running.countDown();
                try {
                    new CountDownLatch(1).await(SAFETY_SECONDS, TimeUnit.SECONDS);
                    return "not interrupted";
                } catch (InterruptedException expected) {
                    interrupted.countDown();
                    return "interrupted";
                }
            }
        };
        Future<String> future = command.queue();
        await(running);

        future.cancel(true);

        await(interrupted);
    }

    @Test
    void aCancelledCallStillQueuedOnTheGivenPoolLeavesItsQueue() throws Exception {
        QueuedPool queued = new QueuedPool();
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        HystrixCommandProperties.Setter interrupting = HystrixCommandProperties.Setter()
                .withExecutionIsolationThreadInterruptOnFutureCancel(true);
        try {
            Future<String> holding = new OnPool(queued, running, release).queue();
            await(running);
            HystrixCommand<String> waiting = new HystrixCommand<>(group("GivenPool"), key("GivenPoolQueued"), null, null, queued,
                    interrupting, null, null, null, null, null, null) {
                @Override
                protected String run() {
                    return "ran";
                }
            };
            Future<String> inQueue = waiting.queue();
            assertThat(queued.queue).hasSize(1);

            inQueue.cancel(true);

            assertThat(queued.queue).isEmpty();
            release.countDown();
            holding.get(SAFETY_SECONDS, TimeUnit.SECONDS);
        } finally {
            queued.executor.shutdownNow();
        }
    }

    /** One thread and a queue of ten, which says when it is full. */
    static final class QueuedPool extends OneThread {
        QueuedPool() {
            super(new LinkedBlockingQueue<>(10));
        }

        @Override
        public boolean isQueueSpaceAvailable() {
            return queue.remainingCapacity() > 0;
        }
    }
}
