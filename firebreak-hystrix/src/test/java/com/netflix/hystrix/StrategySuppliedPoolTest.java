package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A concurrency strategy that supplies the thread pools (overrides {@code getThreadPool}) runs THREAD
 * commands on its executors: asked once per thread-pool key, a full executor is THREAD_POOL_REJECTED
 * and the fallback answers. A strategy that only wraps callables leaves the pools to Firebreak.
 */
class StrategySuppliedPoolTest extends BridgeFixture {

    /** {@code threads} threads and no queue per thread-pool key, named after the strategy. */
    static final class OwnPoolsStrategy extends HystrixConcurrencyStrategy {
        final AtomicInteger asked = new AtomicInteger();
        private final int threads;

        OwnPoolsStrategy(int threads) {
            this.threads = threads;
        }

        @Override
        public ThreadPoolExecutor getThreadPool(HystrixThreadPoolKey key, HystrixThreadPoolProperties properties) {
            asked.incrementAndGet();
            AtomicInteger made = new AtomicInteger();
            return new ThreadPoolExecutor(threads, threads, 1, TimeUnit.MINUTES, new SynchronousQueue<>(), task -> {
                Thread thread = new Thread(task, "strategy-" + key.name() + "-" + made.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
        }
    }

    /** Wraps callables only, as most Spring Cloud Netflix strategies did. */
    static final class WrapOnlyStrategy extends HystrixConcurrencyStrategy {
    }

    @AfterEach
    void forgetThePools() {
        Hystrix.reset(); // shuts the strategy's executors down, as 1.5.18 did
    }

    private static TestCommand onPool(String key, Callable<String> work) {
        return new TestCommand.WithFallback(TestCommand.named(key, HystrixCommandProperties.Setter()
                .withExecutionTimeoutEnabled(false)), work);
    }

    @Test
    void threadCommandsRunOnTheStrategysPoolWhichIsAskedForOncePerKey() {
        OwnPoolsStrategy strategy = new OwnPoolsStrategy(2); // the first command's thread may not be idle again yet
        HystrixPlugins.getInstance().registerConcurrencyStrategy(strategy);

        TestCommand first = onPool("OwnPoolA", () -> Thread.currentThread().getName());
        TestCommand second = onPool("OwnPoolA", () -> Thread.currentThread().getName());

        assertThat(first.execute()).startsWith("strategy-TestGroup-");
        assertThat(second.execute()).startsWith("strategy-TestGroup-");
        assertThat(first.isExecutedInThread()).isTrue();
        assertThat(strategy.asked).hasValue(1);
    }

    @Test
    void aFullStrategyPoolRejectsAndTheFallbackAnswers() throws Exception {
        HystrixPlugins.getInstance().registerConcurrencyStrategy(new OwnPoolsStrategy(1));
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TestCommand busy = onPool("OwnPoolB", () -> {
            running.countDown();
            release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
            return "done";
        });
        Future<String> holding = busy.queue();
        await(running);

        TestCommand refused = onPool("OwnPoolB", () -> "never");
        assertThat(refused.execute()).isEqualTo("fallback");
        assertThat(refused.isResponseRejected()).isTrue();
        assertThat(refused.getExecutionEvents()).contains(HystrixEventType.THREAD_POOL_REJECTED);

        release.countDown();
        assertThat(holding.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("done");
    }

    @Test
    void aStrategyThatOnlyWrapsCallablesLeavesThePoolsToFirebreak() {
        HystrixPlugins.getInstance().registerConcurrencyStrategy(new WrapOnlyStrategy());

        TestCommand command = onPool("WrapOnly", () -> Thread.currentThread().getName());

        assertThat(command.execute()).doesNotStartWith("strategy-");
        assertThat(command.isExecutedInThread()).isTrue();
    }
}
