package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.concurrency.HystrixContextScheduler;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import rx.Scheduler;

/** {@link HystrixThreadPool}: 1.5.18's pool API over the key's Firebreak pool. */
class ThreadPoolViewTest extends BridgeFixture {

    private static HystrixThreadPoolKey poolKey(String name) {
        return HystrixThreadPoolKey.Factory.asKey(name);
    }

    private static HystrixThreadPoolProperties.Setter oneThreadNoQueue() {
        return HystrixThreadPoolProperties.Setter().withCoreSize(1).withMaxQueueSize(-1);
    }

    @Test
    void theFactoryMakesTheKeysPoolAndEveryViewSharesItsExecutor() throws Exception {
        // One thread with a queue: the command waits its turn behind the task instead of being refused.
        HystrixThreadPoolProperties.Setter oneThread = HystrixThreadPoolProperties.Setter().withCoreSize(1).withMaxQueueSize(5);
        HystrixThreadPool pool = HystrixThreadPool.Factory.getInstance(poolKey("Shared"), oneThread);
        HystrixThreadPool other = new HystrixThreadPool.HystrixThreadPoolDefault(poolKey("Shared"), oneThread);

        assertThat(HystrixThreadPool.Factory.threadPools).containsKey("Shared");
        assertThat(HystrixThreadPool.Factory.getInstance(poolKey("Shared"), null)).isSameAs(pool);
        assertThat(other.getExecutor()).isSameAs(pool.getExecutor());
        assertThat(HystrixThreadPoolMetrics.getInstance(poolKey("Shared")).getThreadPool()).isSameAs(pool.getExecutor());

        // A command on the key runs on the same Firebreak pool as tasks handed to the executor.
        AtomicReference<String> taskThread = new AtomicReference<>();
        CountDownLatch ran = new CountDownLatch(1);
        pool.getExecutor().execute(() -> {
            taskThread.set(Thread.currentThread().getName());
            ran.countDown();
        });
        await(ran);
        String commandThread = new TestCommand(TestCommand.named("OnShared", HystrixCommandProperties.Setter())
                .andThreadPoolKey(poolKey("Shared")), () -> Thread.currentThread().getName()).execute();
        assertThat(taskThread.get()).isEqualTo(commandThread); // one thread: the pool's only one
        assertThat(((ThreadPoolExecutor) pool.getExecutor()).getCorePoolSize()).isEqualTo(1);
    }

    @Test
    void aFullPoolRefusesATaskNamingThePool() throws Exception {
        HystrixThreadPool pool = HystrixThreadPool.Factory.getInstance(poolKey("Full"), oneThreadNoQueue());
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        pool.getExecutor().execute(() -> {
            running.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        await(running);
        try {
            assertThatThrownBy(() -> pool.getExecutor().execute(() -> { }))
                    .isInstanceOf(RejectedExecutionException.class).hasMessageContaining("'Full'");
            assertThat(pool.isQueueSpaceAvailable()).isTrue(); // no queue: nothing to fill
        } finally {
            release.countDown();
        }
    }

    @Test
    void queueSpaceEndsAtTheRejectionThreshold() throws Exception {
        HystrixThreadPool pool = HystrixThreadPool.Factory.getInstance(poolKey("Queued"),
                HystrixThreadPoolProperties.Setter().withCoreSize(1).withMaxQueueSize(5).withQueueSizeRejectionThreshold(1));
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        pool.getExecutor().execute(() -> {
            running.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        await(running);
        try {
            assertThat(pool.isQueueSpaceAvailable()).isTrue();
            pool.getExecutor().execute(() -> { });
            assertThat(pool.isQueueSpaceAvailable()).isFalse();
        } finally {
            release.countDown();
        }
    }

    @Test
    void shutdownShutsThePoolsAndForgetsThem() {
        HystrixThreadPool pool = HystrixThreadPool.Factory.getInstance(poolKey("Closing"), oneThreadNoQueue());
        HystrixThreadPool.Factory.shutdown();

        assertThat(HystrixThreadPool.Factory.threadPools).isEmpty();
        assertThat(pool.getExecutor().isShutdown()).isTrue();
        assertThatThrownBy(() -> pool.getExecutor().execute(() -> { })).isInstanceOf(RejectedExecutionException.class);
        HystrixThreadPool next = HystrixThreadPool.Factory.getInstance(poolKey("Closing"), oneThreadNoQueue());
        assertThat(next.getExecutor()).isNotSameAs(pool.getExecutor());
        assertThat(next.getExecutor().isShutdown()).isFalse();
    }

    @Test
    void theExecutorsSettersReferToTheProperties() {
        ThreadPoolExecutor executor = (ThreadPoolExecutor) HystrixThreadPool.Factory.getInstance(poolKey("Fixed"), oneThreadNoQueue()).getExecutor();
        assertThatThrownBy(() -> executor.setCorePoolSize(4)).isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("coreSize").hasMessageContaining("hystrix.threadpool.Fixed");
        assertThatThrownBy(executor::getQueue).isInstanceOf(UnsupportedOperationException.class);
    }

    private Scheduler.Worker worker(HystrixThreadPool pool, boolean interrupt) {
        return new HystrixContextScheduler(HystrixPlugins.getInstance().getConcurrencyStrategy(), pool, () -> interrupt).createWorker();
    }

    @Test
    void unsubscribingARunningActionInterruptsItWhenAsked() throws Exception {
        HystrixThreadPool pool = HystrixThreadPool.Factory.getInstance(poolKey("Interrupting"),
                HystrixThreadPoolProperties.Setter().withCoreSize(2).withMaxQueueSize(-1));
        for (boolean interrupt : new boolean[] {true, false}) {
            AtomicBoolean interrupted = new AtomicBoolean();
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch ended = new CountDownLatch(1);
            Scheduler.Worker worker = worker(pool, interrupt);
            worker.schedule(() -> {
                started.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    interrupted.set(true);
                } finally {
                    ended.countDown();
                }
            });
            await(started);
            worker.unsubscribe();
            release.countDown();
            await(ended);
            assertThat(interrupted.get()).as("interrupt asked: %s", interrupt).isEqualTo(interrupt);
        }
    }

    @Test
    void anActionUnsubscribedBeforeItStartsNeverRuns() throws Exception {
        HystrixThreadPool pool = HystrixThreadPool.Factory.getInstance(poolKey("Skipping"),
                HystrixThreadPoolProperties.Setter().withCoreSize(1).withMaxQueueSize(5));
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Scheduler.Worker worker = worker(pool, true);
        worker.schedule(() -> {
            running.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        await(running);
        AtomicBoolean ran = new AtomicBoolean();
        worker.schedule(() -> ran.set(true)).unsubscribe(); // queued behind the first, then unsubscribed
        CountDownLatch after = new CountDownLatch(1);
        release.countDown();
        worker(pool, true).schedule(after::countDown); // runs after the queued one's turn
        await(after);
        assertThat(ran.get()).isFalse();
        assertThatThrownBy(() -> worker.schedule(() -> { }, 1, TimeUnit.SECONDS)).isInstanceOf(IllegalStateException.class);
    }
}
