package com.netflix.hystrix.metric.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.config.ConfigurationManager;
import com.netflix.hystrix.HystrixCollapserMetrics;
import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandMetrics;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.GuardRegistry;
import dev.firebreak.event.EventType;
import dev.firebreak.hystrix.HystrixBridge;
import dev.firebreak.metrics.GuardMetrics;
import dev.firebreak.testkit.ManualClock;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import rx.Subscription;
import rx.observers.TestSubscriber;
import rx.schedulers.TestScheduler;

class DashboardStreamTest {

    private final TestScheduler ticks = new TestScheduler();

    @BeforeEach
    void freshBridge() {
        ConfigurationManager.getConfigInstance().clear();
        HystrixPlugins.reset();
        HystrixBridge.install(GuardRegistry.builder().clock(new ManualClock()).build());
        HystrixCollapserMetrics.reset(); // collapser keys of other tests
    }

    @AfterEach
    void cleanUp() {
        HystrixPlugins.reset();
    }

    private static String run(boolean fail) {
        return new HystrixCommand<String>(HystrixCommand.Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey("Dash"))
                .andCommandKey(HystrixCommandKey.Factory.asKey("Shown"))
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey("ShownPool"))
                .andCommandPropertiesDefaults(HystrixCommandProperties.Setter().withExecutionTimeoutEnabled(false))) {
            @Override
            protected String run() {
                if (fail) {
                    throw new IllegalStateException("down");
                }
                return "ok";
            }

            @Override
            protected String getFallback() {
                return "fallback";
            }
        }.execute();
    }

    @Test
    void eachSampleHoldsTheMetricsThatReadTheGuards() {
        run(false);
        run(false);
        run(true);
        HystrixDashboardStream stream = new HystrixDashboardStream(100, ticks);
        TestSubscriber<HystrixDashboardStream.DashboardData> seen = new TestSubscriber<>();
        Subscription s = stream.observe().subscribe(seen);
        ticks.advanceTimeBy(200, TimeUnit.MILLISECONDS);
        s.unsubscribe();

        assertThat(seen.getOnNextEvents()).hasSize(2);
        HystrixDashboardStream.DashboardData sample = seen.getOnNextEvents().get(1);
        HystrixCommandMetrics shown = sample.getCommandMetrics().stream()
                .filter(m -> m.getCommandKey().name().equals("Shown")).findFirst().orElseThrow();
        GuardMetrics guard = HystrixBridge.registry().find("Shown").orElseThrow().controls().metrics();
        assertThat(shown.getCumulativeCount(HystrixEventType.SUCCESS)).isEqualTo(guard.cumulativeCount(EventType.SUCCESS)).isEqualTo(2);
        assertThat(shown.getCumulativeCount(HystrixEventType.FAILURE)).isEqualTo(guard.cumulativeCount(EventType.FAILURE)).isEqualTo(1);
        assertThat(sample.getThreadPoolMetrics()).extracting(m -> m.getThreadPoolKey().name()).contains("ShownPool");
        assertThat(sample.getCollapserMetrics()).isEmpty();
    }

    @Test
    void samplingRunsOnlyWhileObservedAndTheIntervalMustBePositive() {
        HystrixDashboardStream stream = new HystrixDashboardStream(100, ticks);
        assertThat(stream.isSourceCurrentlySubscribed()).isFalse();
        TestSubscriber<HystrixDashboardStream.DashboardData> first = new TestSubscriber<>();
        TestSubscriber<HystrixDashboardStream.DashboardData> second = new TestSubscriber<>();
        Subscription s1 = stream.observe().subscribe(first);
        Subscription s2 = stream.observe().subscribe(second);
        ticks.advanceTimeBy(100, TimeUnit.MILLISECONDS);
        s1.unsubscribe();
        ticks.advanceTimeBy(100, TimeUnit.MILLISECONDS);
        assertThat(first.getOnNextEvents()).hasSize(1);
        assertThat(second.getOnNextEvents()).hasSize(2);
        assertThat(second.getOnNextEvents().get(0)).isSameAs(first.getOnNextEvents().get(0)); // one sampling, shared
        assertThat(stream.isSourceCurrentlySubscribed()).isTrue();
        s2.unsubscribe();
        assertThat(stream.isSourceCurrentlySubscribed()).isFalse();
        assertThat(HystrixDashboardStream.getInstance()).isSameAs(HystrixDashboardStream.getInstance());
        assertThatThrownBy(() -> new HystrixDashboardStream(0, ticks)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("intervalInMilliseconds=0");
    }
}
