package com.netflix.hystrix.metric.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.config.ConfigurationManager;
import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.GuardRegistry;
import dev.firebreak.hystrix.HystrixBridge;
import dev.firebreak.testkit.ManualClock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import rx.Subscription;
import rx.observers.TestSubscriber;
import rx.schedulers.TestScheduler;

class UtilizationStreamTest {

    private final TestScheduler ticks = new TestScheduler();

    @BeforeEach
    void freshBridge() {
        ConfigurationManager.getConfigInstance().clear();
        HystrixPlugins.reset();
        HystrixBridge.install(GuardRegistry.builder().clock(new ManualClock()).build());
    }

    @AfterEach
    void cleanUp() {
        HystrixPlugins.reset();
    }

    /** A THREAD-isolated command on pool "UtilPool" that waits for {@code release}. */
    private static HystrixCommand<String> blocked(CountDownLatch running, CountDownLatch release) {
        return new HystrixCommand<>(HystrixCommand.Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey("Util"))
                .andCommandKey(HystrixCommandKey.Factory.asKey("Busy"))
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey("UtilPool"))
                .andCommandPropertiesDefaults(HystrixCommandProperties.Setter().withExecutionTimeoutEnabled(false))) {
            @Override
            protected String run() throws Exception {
                running.countDown();
                release.await();
                return "done";
            }
        };
    }

    @Test
    void eachIntervalSamplesTheRunningCommandsAndTheirPool() throws Exception {
        HystrixUtilizationStream stream = new HystrixUtilizationStream(100, ticks);
        TestSubscriber<HystrixUtilization> seen = new TestSubscriber<>();
        Subscription s = stream.observe().subscribe(seen);
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<String> busy = blocked(running, release).queue();
        assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();

        ticks.advanceTimeBy(100, TimeUnit.MILLISECONDS);
        release.countDown();
        assertThat(busy.get(10, TimeUnit.SECONDS)).isEqualTo("done");

        assertThat(seen.getOnNextEvents()).singleElement().satisfies(sample -> {
            assertThat(sample.getCommandUtilizationMap().get(HystrixCommandKey.Factory.asKey("Busy"))
                    .getConcurrentCommandCount()).isEqualTo(1);
            HystrixThreadPoolUtilization pool = sample.getThreadPoolUtilizationMap()
                    .get(HystrixThreadPoolKey.Factory.asKey("UtilPool"));
            assertThat(pool.getCurrentActiveCount()).isEqualTo(1);
            assertThat(pool.getCurrentCorePoolSize()).isEqualTo(10);
        });
        s.unsubscribe();
    }

    @Test
    void samplingRunsOnlyWhileObserved() {
        HystrixUtilizationStream stream = new HystrixUtilizationStream(100, ticks);
        assertThat(stream.isSourceCurrentlySubscribed()).isFalse();
        TestSubscriber<Object> commands = new TestSubscriber<>();
        Subscription s = stream.observeCommandUtilization().subscribe(commands);
        assertThat(stream.isSourceCurrentlySubscribed()).isTrue();
        ticks.advanceTimeBy(300, TimeUnit.MILLISECONDS);
        assertThat(commands.getOnNextEvents()).hasSize(3);
        s.unsubscribe();
        assertThat(stream.isSourceCurrentlySubscribed()).isFalse();
        assertThat(stream.getIntervalInMilliseconds()).isEqualTo(100);
    }

    @Test
    void theIntervalComesFromItsPropertyAndMustBePositive() {
        assertThat(HystrixUtilizationStream.getInstance()).isSameAs(HystrixUtilizationStream.getInstance());
        assertThatThrownBy(() -> new HystrixUtilizationStream(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("intervalInMilliseconds=0");
    }
}
