package com.netflix.hystrix;

import static com.netflix.hystrix.HystrixEventType.FAILURE;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_SUCCESS;
import static com.netflix.hystrix.HystrixEventType.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.HystrixCommandProperties.ExecutionIsolationStrategy;
import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.eventnotifier.HystrixEventNotifier;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisher;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherCommand;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherThreadPool;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesCommandDefault;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesStrategy;
import com.netflix.hystrix.strategy.properties.HystrixProperty;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The event notifier, the metrics publisher and the properties strategy, each registered and used by commands. */
class NotifierPublisherAndPropertiesStrategyTest extends BridgeFixture {

    @Test
    void theNotifierHearsEachEventThenTheExecution() {
        List<String> heard = new CopyOnWriteArrayList<>();
        HystrixPlugins.getInstance().registerEventNotifier(new HystrixEventNotifier() {
            @Override
            public void markEvent(HystrixEventType eventType, HystrixCommandKey key) {
                heard.add(key.name() + " " + eventType);
            }

            @Override
            public void markCommandExecution(HystrixCommandKey key, ExecutionIsolationStrategy isolationStrategy, int duration,
                    List<HystrixEventType> eventsDuringExecution) {
                heard.add(key.name() + " done " + isolationStrategy + " " + eventsDuringExecution + " " + duration + "ms");
            }
        });

        new TestCommand(TestCommand.named("Heard", semaphore()), () -> {
            advanceMillis(15);
            return "v";
        }).execute();
        new TestCommand.WithFallback(TestCommand.named("HeardFailing", HystrixCommandProperties.Setter()), () -> {
            throw new IllegalStateException("down");
        }).execute();

        assertThat(heard).containsExactly(
                "Heard " + SUCCESS, "Heard done SEMAPHORE [SUCCESS] 15ms",
                "HeardFailing " + FAILURE, "HeardFailing " + FALLBACK_SUCCESS, "HeardFailing done THREAD [FAILURE, FALLBACK_SUCCESS] 0ms");
    }

    @Test
    void aThrowingNotifierChangesNoOutcome() {
        HystrixPlugins.getInstance().registerEventNotifier(new HystrixEventNotifier() {
            @Override
            public void markEvent(HystrixEventType eventType, HystrixCommandKey key) {
                throw new IllegalStateException("notifier bug");
            }
        });

        assertThat(new TestCommand(TestCommand.named("HeardBuggy", semaphore()), () -> "v").execute()).isEqualTo("v");
    }

    @Test
    void thePublisherIsAskedOncePerCommandKeyAndThreadPoolKey() {
        List<String> initialized = new CopyOnWriteArrayList<>();
        HystrixPlugins.getInstance().registerMetricsPublisher(new HystrixMetricsPublisher() {
            @Override
            public HystrixMetricsPublisherCommand getMetricsPublisherForCommand(HystrixCommandKey commandKey,
                    HystrixCommandGroupKey commandGroupKey, HystrixCommandMetrics metrics, HystrixCircuitBreaker circuitBreaker,
                    HystrixCommandProperties properties) {
                return () -> initialized.add("command " + commandKey.name() + " of " + commandGroupKey.name() + " timeout "
                        + properties.executionTimeoutInMilliseconds().get() + " breaker open " + circuitBreaker.isOpen()
                        + " metrics of " + metrics.getCommandKey().name());
            }

            @Override
            public HystrixMetricsPublisherThreadPool getMetricsPublisherForThreadPool(HystrixThreadPoolKey threadPoolKey,
                    HystrixThreadPoolMetrics metrics, HystrixThreadPoolProperties properties) {
                return () -> initialized.add("pool " + threadPoolKey.name() + " core " + properties.coreSize().get());
            }
        });

        for (int i = 0; i < 3; i++) {
            new TestCommand(TestCommand.named("Published", HystrixCommandProperties.Setter().withExecutionTimeoutInMilliseconds(700)),
                    () -> "v").execute();
        }

        assertThat(initialized).containsExactly("command Published of TestGroup timeout 700 breaker open false metrics of Published",
                "pool TestGroup core 10");
    }

    @Test
    void aPropertiesStrategyChangesWhatItOverridesAndArchaiusStillWinsPerKey() {
        HystrixPlugins.getInstance().registerPropertiesStrategy(new HystrixPropertiesStrategy() {
            @Override
            public HystrixCommandProperties getCommandProperties(HystrixCommandKey commandKey, HystrixCommandProperties.Setter builder) {
                return new HystrixPropertiesCommandDefault(commandKey, builder) {
                    @Override
                    public HystrixProperty<Integer> executionTimeoutInMilliseconds() {
                        return HystrixProperty.Factory.asProperty(250);
                    }
                };
            }
        });
        setProperty("hystrix.command.default.circuitBreaker.requestVolumeThreshold", 7);

        TestCommand command = new TestCommand(TestCommand.named("Strategic",
                semaphore().withCircuitBreakerErrorThresholdPercentage(30)), () -> "v");

        HystrixCommandProperties properties = command.getProperties();
        assertThat(properties.executionTimeoutInMilliseconds().get()).isEqualTo(250);
        assertThat(properties.circuitBreakerErrorThresholdPercentage().get()).isEqualTo(30);
        assertThat(properties.executionIsolationStrategy().get()).isEqualTo(ExecutionIsolationStrategy.SEMAPHORE);
        assertThat(properties.circuitBreakerRequestVolumeThreshold().get()).isEqualTo(7); // left alone: the dynamic default applies

        setProperty("hystrix.command.Strategic.execution.isolation.thread.timeoutInMilliseconds", 900);
        assertThat(properties.executionTimeoutInMilliseconds().get()).isEqualTo(900);
    }

    @Test
    void theDefaultStrategysPropertiesAreHystrixsDefaultsWithTheSettersValues() {
        HystrixCommandProperties properties = HystrixPlugins.getInstance().getPropertiesStrategy()
                .getCommandProperties(key("Plain"), HystrixCommandProperties.Setter().withExecutionTimeoutInMilliseconds(123));

        assertThat(properties.executionTimeoutInMilliseconds().get()).isEqualTo(123);
        assertThat(properties.circuitBreakerRequestVolumeThreshold().get()).isEqualTo(20);
        assertThat(properties.executionIsolationStrategy().get()).isEqualTo(ExecutionIsolationStrategy.THREAD);
    }
}
