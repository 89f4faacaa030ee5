package com.netflix.hystrix.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.config.ConfigurationManager;
import com.netflix.hystrix.HystrixTimerThreadPoolProperties;
import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesStrategy;
import java.lang.ref.Reference;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TimerTest {

    private static final long SAFETY_SECONDS = 10;

    @BeforeEach
    @AfterEach
    void stopTheTimer() {
        HystrixTimer.reset();
        HystrixPlugins.reset();
        ConfigurationManager.getConfigInstance().clear();
    }

    @Test
    void ticksAListenerOnADaemonTimerThreadUntilItsReferenceIsCleared() throws InterruptedException {
        CountDownLatch threeTicks = new CountDownLatch(3);
        AtomicInteger ticks = new AtomicInteger();
        String[] thread = new String[1];
        Reference<HystrixTimer.TimerListener> ref = HystrixTimer.getInstance().addTimerListener(listener(1, () -> {
            thread[0] = Thread.currentThread().getName();
            ticks.incrementAndGet();
            threeTicks.countDown();
        }));
        assertThat(threeTicks.await(SAFETY_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(thread[0]).startsWith("HystrixTimer-");

        ref.clear();
        ScheduledThreadPoolExecutor pool = HystrixTimer.getInstance().executor.get().getThreadPool();
        assertThat(pool.getQueue()).isEmpty(); // the cancelled task left the pool's queue: no tick comes
    }

    @Test
    void aThrowingListenerKeepsBeingTicked() throws InterruptedException {
        CountDownLatch twoTicks = new CountDownLatch(2);
        HystrixTimer.getInstance().addTimerListener(listener(1, () -> {
            twoTicks.countDown();
            throw new IllegalStateException("listener failure, expected by the test");
        }));
        assertThat(twoTicks.await(SAFETY_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void resetShutsThePoolAndTheNextListenerStartsAnother() {
        HystrixTimer timer = HystrixTimer.getInstance();
        timer.addTimerListener(listener(60_000, () -> { }));
        HystrixTimer.ScheduledExecutor first = timer.executor.get();
        HystrixTimer.reset();
        assertThat(first.getThreadPool().isShutdown()).isTrue();
        assertThat(timer.executor.get()).isNull();

        first.initialize(); // a pool that reset() shut never starts again
        assertThat(first.getThreadPool().isShutdown()).isTrue();

        timer.addTimerListener(listener(60_000, () -> { }));
        assertThat(timer.executor.get()).isNotSameAs(first);
        assertThat(timer.executor.get().getThreadPool().isShutdown()).isFalse();
        HystrixTimer.reset();
        HystrixTimer.reset(); // idempotent
    }

    @Test
    void poolSizeComesFromArchaiusThenThePropertiesStrategyThenTheProcessors() {
        HystrixTimer timer = HystrixTimer.getInstance();
        timer.startThreadIfNeeded();
        assertThat(timer.executor.get().getThreadPool().getCorePoolSize())
                .isEqualTo(Runtime.getRuntime().availableProcessors());

        HystrixTimer.reset();
        HystrixPlugins.reset(); // starting the pool took the default strategy: it is fixed until reset
        HystrixPlugins.getInstance().registerPropertiesStrategy(new HystrixPropertiesStrategy() {
            @Override
            public HystrixTimerThreadPoolProperties getTimerThreadPoolProperties() {
                return new HystrixTimerThreadPoolProperties(HystrixTimerThreadPoolProperties.Setter().withCoreSize(3)) { };
            }
        });
        timer.startThreadIfNeeded();
        assertThat(timer.executor.get().getThreadPool().getCorePoolSize()).isEqualTo(3);

        HystrixTimer.reset();
        HystrixPlugins.reset();
        ConfigurationManager.getConfigInstance().setProperty("hystrix.timer.threadpool.default.coreSize", 2);
        timer.startThreadIfNeeded();
        assertThat(timer.executor.get().getThreadPool().getCorePoolSize()).isEqualTo(2);
    }

    @Test
    void badListenersAreRefused() {
        assertThatThrownBy(() -> HystrixTimer.getInstance().addTimerListener(listener(0, () -> { })))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("intervalTimeInMilliseconds=0");
        assertThatThrownBy(() -> HystrixTimer.getInstance().addTimerListener(null))
                .isInstanceOf(NullPointerException.class);
    }

    private static HystrixTimer.TimerListener listener(int intervalMillis, Runnable onTick) {
        return new HystrixTimer.TimerListener() {
            @Override
            public void tick() {
                onTick.run();
            }

            @Override
            public int getIntervalTimeInMilliseconds() {
                return intervalMillis;
            }
        };
    }
}
