package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.breaker.CircuitState;
import dev.firebreak.hystrix.HystrixBridge;
import org.junit.jupiter.api.Test;

/** 1.5.18's factory methods that take keys and properties, and the command's breaker field. */
class BreakerAndMetricsFactoriesTest extends BridgeFixture {

    /** Properties a strategy would make: Hystrix's defaults with the Setter's values. */
    private static HystrixCommandProperties properties(String key, HystrixCommandProperties.Setter setter) {
        return new HystrixCommandProperties(key(key), setter) { };
    }

    private static void fail(String key, HystrixCommandProperties.Setter setter) {
        new TestCommand.WithFallback(TestCommand.named(key, setter), () -> {
            throw new IllegalStateException("down");
        }).execute();
    }

    @Test
    void metricsWithPropertiesMakeTheKeysGuardFromThem() {
        HystrixCommandMetrics metrics = HystrixCommandMetrics.getInstance(key("Made"), group("MadeGroup"),
                HystrixThreadPoolKey.Factory.asKey("MadePool"),
                properties("Made", semaphore().withCircuitBreakerRequestVolumeThreshold(7)));

        assertThat(metrics.getCommandGroup().name()).isEqualTo("MadeGroup");
        assertThat(metrics.getThreadPoolKey().name()).isEqualTo("MadePool");
        assertThat(metrics.getProperties().circuitBreakerRequestVolumeThreshold().get()).isEqualTo(7);
        assertThat(metrics.getProperties().executionIsolationStrategy().get())
                .isEqualTo(HystrixCommandProperties.ExecutionIsolationStrategy.SEMAPHORE);
        // A command of the key shares that guard: its counts show in the same metrics.
        fail("Made", semaphore());
        assertThat(metrics.getHealthCounts().getErrorCount()).isEqualTo(1);
        assertThat(HystrixCommandMetrics.getInstance(key("Made")).getHealthCounts().getErrorCount()).isEqualTo(1);
    }

    @Test
    void metricsWithPropertiesKeepAGuardACommandMadeFirst() {
        fail("First", semaphore().withCircuitBreakerRequestVolumeThreshold(3));
        HystrixCommandMetrics metrics = HystrixCommandMetrics.getInstance(key("First"), group("Other"), null,
                properties("First", semaphore().withCircuitBreakerRequestVolumeThreshold(9)));
        assertThat(metrics.getProperties().circuitBreakerRequestVolumeThreshold().get()).isEqualTo(3);
        assertThat(metrics.getCommandGroup().name()).isEqualTo("TestGroup");
    }

    @Test
    void theCommandsBreakerFieldAndTheFactoriesSeeTheKeysGuardBreaker() {
        HystrixCommandProperties.Setter tripsAtTwo = semaphore().withCircuitBreakerRequestVolumeThreshold(2)
                .withCircuitBreakerErrorThresholdPercentage(50);
        TestCommand command = new TestCommand(TestCommand.named("Shared", tripsAtTwo), () -> "ok");
        HystrixCircuitBreaker field = command.circuitBreaker;
        HystrixCommandMetrics metrics = HystrixCommandMetrics.getInstance(key("Shared"));
        HystrixCircuitBreaker fromFactory = HystrixCircuitBreaker.Factory.getInstance(key("Shared"), group("TestGroup"),
                properties("Shared", tripsAtTwo), metrics);
        HystrixCircuitBreaker impl = new HystrixCircuitBreaker.HystrixCircuitBreakerImpl(key("Shared"),
                group("TestGroup"), properties("Shared", tripsAtTwo), metrics);
        assertThat(field.isOpen()).isFalse();
        assertThat(impl.allowRequest()).isTrue();

        fail("Shared", tripsAtTwo);
        fail("Shared", tripsAtTwo);

        for (HystrixCircuitBreaker breaker : new HystrixCircuitBreaker[] {field, fromFactory, impl}) {
            assertThat(breaker.isOpen()).isTrue();
            assertThat(breaker.allowRequest()).isFalse();
            assertThat(breaker.attemptExecution()).isFalse();
        }
    }

    @Test
    void resetStreamClosesTheKeysBreakerWithAnEmptyWindow() {
        HystrixCommandProperties.Setter tripsAtTwo = semaphore().withCircuitBreakerRequestVolumeThreshold(2)
                .withCircuitBreakerErrorThresholdPercentage(50);
        fail("Restarted", tripsAtTwo);
        fail("Restarted", tripsAtTwo);
        HystrixCommandMetrics metrics = HystrixCommandMetrics.getInstance(key("Restarted"));
        assertThat(metrics.guard().controls().circuitBreaker().state()).isEqualTo(CircuitState.OPEN);

        metrics.resetStream();

        assertThat(metrics.guard().controls().circuitBreaker().state()).isEqualTo(CircuitState.CLOSED);
        fail("Restarted", tripsAtTwo); // one failure in the fresh window is below the volume threshold
        assertThat(HystrixCircuitBreaker.Factory.getInstance(key("Restarted")).isOpen()).isFalse();
    }

    @Test
    void breakerFactoryResetForgetsTheKeys() {
        fail("Forgotten", semaphore());
        assertThat(HystrixCircuitBreaker.Factory.getInstance(key("Forgotten"))).isNotNull();
        HystrixCircuitBreaker.Factory.reset();
        assertThat(HystrixCircuitBreaker.Factory.getInstance(key("Forgotten"))).isNull();
        assertThat(HystrixBridge.findGuard("Forgotten")).isEmpty();
    }

    @Test
    void aBreakerOfYourOwnNeedsOnlyHystrixsThreeMethods() {
        HystrixCircuitBreaker own = new HystrixCircuitBreaker() {
            @Override
            public boolean allowRequest() {
                return false;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void markSuccess() {
            }
        };
        assertThat(own.attemptExecution()).isFalse();
        own.markNonSuccess(); // the default does nothing, and does not throw
        assertThat(own.isOpen()).isTrue();
    }
}
