package com.netflix.hystrix.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.config.ConfigurationManager;
import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCollapserMetrics;
import com.netflix.hystrix.HystrixCollapserProperties;
import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandMetrics;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixCommandProperties.ExecutionIsolationStrategy;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolMetrics;
import com.netflix.hystrix.HystrixThreadPoolProperties;
import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.GuardRegistry;
import dev.firebreak.hystrix.HystrixBridge;
import dev.firebreak.testkit.ManualClock;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import rx.Subscription;
import rx.observers.TestSubscriber;
import rx.schedulers.TestScheduler;

class ConfigurationStreamTest {

    private static final HystrixCommandKey KEY = HystrixCommandKey.Factory.asKey("Configured");
    private static final HystrixThreadPoolKey POOL = HystrixThreadPoolKey.Factory.asKey("ConfiguredPool");

    private final TestScheduler ticks = new TestScheduler();

    @BeforeEach
    void freshBridge() {
        ConfigurationManager.getConfigInstance().clear();
        HystrixPlugins.reset();
        HystrixBridge.install(GuardRegistry.builder().clock(new ManualClock()).build());
    }

    @AfterEach
    void cleanUp() {
        ConfigurationManager.getConfigInstance().clear();
        HystrixPlugins.reset();
    }

    private static String runConfigured() {
        return new HystrixCommand<String>(HystrixCommand.Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey("ConfigGroup"))
                .andCommandKey(KEY)
                .andThreadPoolKey(POOL)
                .andCommandPropertiesDefaults(HystrixCommandProperties.Setter()
                        .withExecutionTimeoutInMilliseconds(1234)
                        .withCircuitBreakerErrorThresholdPercentage(35)
                        .withCircuitBreakerRequestVolumeThreshold(7)
                        .withFallbackIsolationSemaphoreMaxConcurrentRequests(3))
                .andThreadPoolPropertiesDefaults(HystrixThreadPoolProperties.Setter().withCoreSize(4).withMaxQueueSize(6)
                        .withQueueSizeRejectionThreshold(5))) {
            @Override
            protected String run() {
                return "ok";
            }
        }.execute();
    }

    @Test
    void eachSampleCarriesTheKeysConfigurationAsTheirPropertiesReadIt() {
        assertThat(runConfigured()).isEqualTo("ok");
        HystrixConfigurationStream stream = new HystrixConfigurationStream(100, ticks);
        TestSubscriber<HystrixConfiguration> seen = new TestSubscriber<>();
        Subscription s = stream.observe().subscribe(seen);
        ticks.advanceTimeBy(100, TimeUnit.MILLISECONDS);
        s.unsubscribe();

        HystrixConfiguration sample = seen.getOnNextEvents().get(0);
        HystrixCommandProperties properties = HystrixCommandMetrics.getInstance(KEY).getProperties();
        HystrixCommandConfiguration command = sample.getCommandConfig().get(KEY);
        assertThat(command.getThreadPoolKey()).isEqualTo(POOL);
        assertThat(command.getGroupKey().name()).isEqualTo("ConfigGroup");
        assertThat(command.getExecutionConfig().getTimeoutInMilliseconds())
                .isEqualTo(properties.executionTimeoutInMilliseconds().get()).isEqualTo(1234);
        assertThat(command.getExecutionConfig().getIsolationStrategy()).isEqualTo(ExecutionIsolationStrategy.THREAD);
        assertThat(command.getExecutionConfig().getFallbackMaxConcurrentRequest()).isEqualTo(3);
        assertThat(command.getCircuitBreakerConfig().getErrorThresholdPercentage()).isEqualTo(35);
        assertThat(command.getCircuitBreakerConfig().getRequestVolumeThreshold()).isEqualTo(7);
        assertThat(command.getMetricsConfig().getRollingCounterBucketSizeInMilliseconds())
                .isEqualTo(properties.metricsRollingStatisticalWindowInMilliseconds().get());

        HystrixThreadPoolProperties poolProperties = HystrixThreadPoolMetrics.getInstance(POOL).getProperties();
        HystrixThreadPoolConfiguration pool = sample.getThreadPoolConfig().get(POOL);
        assertThat(pool.getCoreSize()).isEqualTo(poolProperties.coreSize().get()).isEqualTo(4);
        assertThat(pool.getActualMaximumSize()).isEqualTo(4);
        assertThat(pool.getMaxQueueSize()).isEqualTo(6);
        assertThat(pool.getQueueRejectionThreshold()).isEqualTo(5);
    }

    @Test
    void aSampleReadsThePropertiesAsTheyAreThen() {
        runConfigured();
        HystrixConfigurationStream stream = new HystrixConfigurationStream(100, ticks);
        TestSubscriber<java.util.Map<HystrixCommandKey, HystrixCommandConfiguration>> seen = new TestSubscriber<>();
        Subscription s = stream.observeCommandConfiguration().subscribe(seen);
        ticks.advanceTimeBy(100, TimeUnit.MILLISECONDS);
        ConfigurationManager.getConfigInstance().setProperty("hystrix.command.Configured.execution.isolation.thread.timeoutInMilliseconds", 4321);
        ticks.advanceTimeBy(100, TimeUnit.MILLISECONDS);
        s.unsubscribe();

        assertThat(seen.getOnNextEvents()).extracting(commands -> commands.get(KEY).getExecutionConfig().getTimeoutInMilliseconds())
                .containsExactly(1234, 4321);
    }

    @Test
    void collapsersComeFromTheCollapserMetrics() {
        HystrixCollapserKey key = HystrixCollapserKey.Factory.asKey("ConfiguredCollapser");
        HystrixCollapserProperties properties = new HystrixCollapserProperties(key,
                HystrixCollapserProperties.Setter().withMaxRequestsInBatch(7).withTimerDelayInMilliseconds(25)) {
        };
        HystrixCollapserMetrics.getInstance(key, properties);
        HystrixCollapserConfiguration collapser = HystrixConfigurationStream.sampleNow().getCollapserConfig().get(key);
        assertThat(collapser.getMaxRequestsInBatch()).isEqualTo(7);
        assertThat(collapser.getTimerDelayInMilliseconds()).isEqualTo(25);
        assertThat(collapser.getCollapserMetricsConfig().getRollingCounterBucketSizeInMilliseconds())
                .isEqualTo(properties.metricsRollingStatisticalWindowInMilliseconds().get());
    }

    @Test
    void samplingRunsOnlyWhileObservedAndTheIntervalMustBePositive() {
        HystrixConfigurationStream stream = new HystrixConfigurationStream(100, ticks);
        assertThat(stream.isSourceCurrentlySubscribed()).isFalse();
        TestSubscriber<Object> pools = new TestSubscriber<>();
        Subscription s = stream.observeThreadPoolConfiguration().subscribe(pools);
        assertThat(stream.isSourceCurrentlySubscribed()).isTrue();
        ticks.advanceTimeBy(300, TimeUnit.MILLISECONDS);
        assertThat(pools.getOnNextEvents()).hasSize(3);
        s.unsubscribe();
        assertThat(stream.isSourceCurrentlySubscribed()).isFalse();
        assertThat(HystrixConfigurationStream.getInstance()).isSameAs(HystrixConfigurationStream.getInstance());
        assertThatThrownBy(() -> new HystrixConfigurationStream(0, ticks)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("intervalInMilliseconds=0");
    }
}
