package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.hystrix.HystrixBridge;
import org.junit.jupiter.api.Test;

class MetricsAndPropertiesTest extends BridgeFixture {

    private void run(String key, long millis, boolean fail) {
        TestCommand command = new TestCommand.WithFallback(TestCommand.named(key, semaphore()), () -> {
            advanceMillis(millis);
            if (fail) {
                throw new RuntimeException("down");
            }
            return "ok";
        });
        command.execute();
    }

    @Test
    void metricsReadTheGuardsCountsHealthAndPercentiles() {
        assertThat(HystrixCommandMetrics.getInstance(key("Measured"))).isNull();
        run("Measured", 10, false);
        run("Measured", 20, false);
        run("Measured", 30, false);
        run("Measured", 40, true);

        HystrixCommandMetrics metrics = HystrixCommandMetrics.getInstance(key("Measured"));
        HystrixCommandMetrics.HealthCounts health = metrics.getHealthCounts();
        assertThat(health.getTotalRequests()).isEqualTo(4);
        assertThat(health.getErrorCount()).isEqualTo(1);
        assertThat(health.getErrorPercentage()).isEqualTo(25);
        assertThat(metrics.getRollingCount(HystrixEventType.SUCCESS)).isEqualTo(3);
        assertThat(metrics.getCumulativeCount(HystrixEventType.FALLBACK_SUCCESS)).isEqualTo(1);
        assertThat(metrics.getRollingCount(HystrixEventType.EMIT)).isZero();
        assertThat(metrics.getExecutionTimePercentile(50)).isEqualTo(20);
        assertThat(metrics.getExecutionTimePercentile(100)).isEqualTo(40);
        assertThat(metrics.getExecutionTimeMean()).isEqualTo(25);
        assertThat(metrics.getCommandKey().name()).isEqualTo("Measured");
        assertThat(metrics.getCommandGroup().name()).isEqualTo("TestGroup");
        assertThat(HystrixCommandMetrics.getInstances()).extracting(m -> m.getCommandKey().name()).contains("Measured");
    }

    @Test
    void resetForgetsCommandKeys() {
        run("Forgotten", 1, false);
        assertThat(HystrixCommandMetrics.getInstance(key("Forgotten"))).isNotNull();

        Hystrix.reset();

        assertThat(HystrixCommandMetrics.getInstance(key("Forgotten"))).isNull();
        assertThat(HystrixBridge.registry().find("Forgotten")).isEmpty();
        run("Forgotten", 1, false);
        assertThat(HystrixCommandMetrics.getInstance(key("Forgotten")).getHealthCounts().getTotalRequests()).isEqualTo(1);
    }

    @Test
    void propertiesHaveHystrixsDefaultsAndTheSettersValues() {
        TestCommand plain = new TestCommand(TestCommand.named("Defaults", HystrixCommandProperties.Setter()), () -> "x");
        HystrixCommandProperties defaults = plain.getProperties();
        assertThat(defaults.executionTimeoutInMilliseconds().get()).isEqualTo(1000);
        assertThat(defaults.executionIsolationStrategy().get()).isEqualTo(HystrixCommandProperties.ExecutionIsolationStrategy.THREAD);
        assertThat(defaults.circuitBreakerRequestVolumeThreshold().get()).isEqualTo(20);
        assertThat(defaults.circuitBreakerErrorThresholdPercentage().get()).isEqualTo(50);
        assertThat(defaults.circuitBreakerSleepWindowInMilliseconds().get()).isEqualTo(5000);
        assertThat(defaults.executionIsolationSemaphoreMaxConcurrentRequests().get()).isEqualTo(10);
        assertThat(defaults.metricsRollingStatisticalWindowInMilliseconds().get()).isEqualTo(10000);
        assertThat(defaults.requestCacheEnabled().get()).isTrue();

        TestCommand tuned = new TestCommand(TestCommand.named("Tuned", semaphore().withExecutionTimeoutInMilliseconds(250)
                .withCircuitBreakerRequestVolumeThreshold(5)), () -> "x");
        assertThat(tuned.getProperties().executionTimeoutInMilliseconds().get()).isEqualTo(250);
        assertThat(tuned.getProperties().circuitBreakerRequestVolumeThreshold().get()).isEqualTo(5);
        assertThat(tuned.getProperties().executionIsolationStrategy().get())
                .isEqualTo(HystrixCommandProperties.ExecutionIsolationStrategy.SEMAPHORE);
    }

    @Test
    void archaiusPropertiesApplyLiveWithHystrixsPrecedence() {
        setProperty("hystrix.command.default.execution.isolation.thread.timeoutInMilliseconds", 700);
        TestCommand fromCode = new TestCommand(TestCommand.named("Layered", semaphore().withExecutionTimeoutInMilliseconds(250)), () -> "x");
        TestCommand plain = new TestCommand(TestCommand.named("Unset", semaphore()), () -> "x");
        assertThat(plain.getProperties().executionTimeoutInMilliseconds().get()).isEqualTo(700);
        assertThat(fromCode.getProperties().executionTimeoutInMilliseconds().get()).isEqualTo(250);

        setProperty("hystrix.command.Layered.execution.isolation.thread.timeoutInMilliseconds", 90);
        assertThat(fromCode.getProperties().executionTimeoutInMilliseconds().get()).isEqualTo(90);

        setProperty("hystrix.command.Layered.circuitBreaker.forceOpen", true);
        TestCommand shortCircuited = new TestCommand.WithFallback(TestCommand.named("Layered", semaphore()), () -> "ran");
        assertThat(shortCircuited.execute()).isEqualTo("fallback");
        assertThat(shortCircuited.isResponseShortCircuited()).isTrue();

        setProperty("hystrix.command.Layered.circuitBreaker.forceOpen", false);
        assertThat(new TestCommand(TestCommand.named("Layered", semaphore()), () -> "ran").execute()).isEqualTo("ran");
    }

    @Test
    void aBadDynamicValueKeepsTheLastValidOne() {
        TestCommand command = new TestCommand(TestCommand.named("Guarded", semaphore()), () -> "x");
        setProperty("hystrix.command.Guarded.execution.isolation.thread.timeoutInMilliseconds", 300);
        setProperty("hystrix.command.Guarded.execution.isolation.thread.timeoutInMilliseconds", "soon");

        assertThat(command.getProperties().executionTimeoutInMilliseconds().get()).isEqualTo(300);
    }

    @Test
    void aBadSetterValueFailsWhenTheCommandIsMadeNamingKeyValueAndRule() {
        assertThatThrownBy(() -> new TestCommand(TestCommand.named("ZeroTimeout", semaphore().withExecutionTimeoutInMilliseconds(0)), () -> "x"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("execution.isolation.thread.timeoutInMilliseconds")
                .hasMessageContaining("0");
    }

    @Test
    void aSetterMaxQueueSizeOfZeroMeansNoQueueAsInHystrix() {
        HystrixCommand.Setter pooled = TestCommand.named("NoQueue", HystrixCommandProperties.Setter())
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey("ZeroQueuePool"))
                .andThreadPoolPropertiesDefaults(HystrixThreadPoolProperties.Setter().withCoreSize(2).withMaxQueueSize(0));

        assertThat(new TestCommand(pooled, () -> "x").execute()).isEqualTo("x");

        HystrixThreadPoolMetrics metrics = HystrixThreadPoolMetrics.getInstance(HystrixThreadPoolKey.Factory.asKey("ZeroQueuePool"));
        assertThat(metrics.getProperties().maxQueueSize().get()).isEqualTo(-1);
    }

    @Test
    void threadPoolPropertiesAndMetricsComeFromTheFirebreakPool() {
        HystrixCommand.Setter pooled = TestCommand.named("Pooled", HystrixCommandProperties.Setter())
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey("SmallPool"))
                .andThreadPoolPropertiesDefaults(HystrixThreadPoolProperties.Setter().withCoreSize(3));
        new TestCommand(pooled, () -> "x").execute();

        HystrixThreadPoolMetrics metrics = HystrixThreadPoolMetrics.getInstance(HystrixThreadPoolKey.Factory.asKey("SmallPool"));
        assertThat(metrics.getProperties().coreSize().get()).isEqualTo(3);
        assertThat(metrics.getProperties().maxQueueSize().get()).isEqualTo(-1);
        assertThat(metrics.getCurrentCorePoolSize().intValue()).isEqualTo(3);

        setProperty("hystrix.threadpool.SmallPool.coreSize", 5);
        assertThat(metrics.getProperties().coreSize().get()).isEqualTo(5);
    }

    @Test
    void threadPoolMetricsListEveryLivePoolUntilReset() {
        assertThat(HystrixThreadPoolMetrics.getInstances()).isEmpty();
        new TestCommand(TestCommand.named("OnPoolA", HystrixCommandProperties.Setter())
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey("PoolA")), () -> "a").execute();
        new TestCommand(TestCommand.named("OnPoolB", HystrixCommandProperties.Setter())
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey("PoolB")), () -> "b").execute();
        new TestCommand(TestCommand.named("NoPool", semaphore()), () -> "c").execute();

        assertThat(HystrixThreadPoolMetrics.getInstances())
                .extracting(m -> m.getThreadPoolKey().name())
                .containsExactlyInAnyOrder("PoolA", "PoolB");
        HystrixThreadPoolMetrics.reset();
        assertThat(HystrixThreadPoolMetrics.getInstances()).isEmpty();
        assertThat(HystrixCommandMetrics.getInstance(key("OnPoolA"))).isNull(); // the keys went with their pools
    }
}
