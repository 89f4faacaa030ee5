package dev.firebreak.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.spring.boot.actuate.FirebreakEndpointAutoConfiguration;
import dev.firebreak.spring.boot.actuate.FirebreakHealthAutoConfiguration;
import dev.firebreak.spring.boot.config.InvalidFirebreakConfigurationException;
import dev.firebreak.spring.boot.actuate.FirebreakHealthIndicator;
import dev.firebreak.spring.boot.metrics.FirebreakMetricsAutoConfiguration;
import dev.firebreak.spring.boot.metrics.RegistryMeters;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;

/**
 * The starter's registry is made at its first use unless the application configures Firebreak: one
 * registry for every part, meters bound when it comes to life, health {@code UP} without it.
 */
class LazyRegistryTest {

    /** Without the Hystrix bridge (on this module's test classpath), whose commands need the registry from the start. */
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withClassLoader(new FilteredClassLoader("dev.firebreak.hystrix."))
            .withConfiguration(AutoConfigurations.of(FirebreakAutoConfiguration.class, FirebreakMetricsAutoConfiguration.class,
                    FirebreakHealthAutoConfiguration.class, FirebreakEndpointAutoConfiguration.class));

    @Test
    void anApplicationThatNeitherUsesNorConfiguresFirebreakStartsWithoutARegistry() {
        runner.withPropertyValues("firebreak.stream.enabled=false", "firebreak.metrics.enabled=true").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(GuardRegistryHolder.class).ifCreated()).isEmpty();
            assertThat(context.getBeanFactory().containsSingleton("firebreakGuardRegistry")).isFalse();
            assertThat(context.getBeanFactory().containsSingleton("firebreakDynamicConfiguration")).isFalse();
        });
    }

    @Test
    void healthIsUpWithoutARegistryAndDoesNotCreateOne() {
        runner.run(context -> {
            Health health = context.getBean(FirebreakHealthIndicator.class).health();
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("guards", 0);
            assertThat(context.getBean(GuardRegistryHolder.class).ifCreated()).isEmpty();
        });
    }

    @Test
    void theRegistryCodeInjectsIsTheOneTheStartersPartsUse() {
        runner.run(context -> {
            GuardRegistry injected = context.getBean(GuardRegistry.class);
            GuardRegistryHolder holder = context.getBean(GuardRegistryHolder.class);
            assertThat(holder.ifCreated()).containsSame(injected);
            assertThat(holder.get()).isSameAs(injected);
            injected.guard("orders").build();
            injected.guard("payments").build();
            assertThat(context.getBean(FirebreakHealthIndicator.class).health().getDetails()).containsEntry("guards", 2);
        });
    }

    @Test
    void theMetersOfEveryGuardAppearWhenTheRegistryIsMadeAfterTheMeterRegistry() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        runner.run(context -> {
            RegistryMeters binder = context.getBean(RegistryMeters.class);
            binder.bindTo(meters); // as Boot does when it makes the MeterRegistry, before any guard
            assertThat(firebreakMeters(meters, "orders")).isZero();
            context.getBean(GuardRegistry.class).guard("orders").build();
            assertThat(firebreakMeters(meters, "orders")).isPositive();
        });
        assertThat(firebreakMeters(meters, "orders")).as("removed with the context").isZero();
    }

    @Test
    void aMeterRegistryBoundAfterTheRegistryExistsGetsTheMetersAtOnce() {
        runner.run(context -> {
            context.getBean(GuardRegistry.class).guard("orders").build();
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            context.getBean(RegistryMeters.class).bindTo(meters);
            assertThat(firebreakMeters(meters, "orders")).isPositive();
        });
    }

    @Test
    void withTheHystrixBridgeTheRegistryIsMadeAtStartup() {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(FirebreakAutoConfiguration.class)).run(context ->
                assertThat(context.getBean(GuardRegistryHolder.class).ifCreated()).isPresent());
    }

    @Test
    void anApplicationThatConfiguresAGuardGetsItsRegistryAtStartup() {
        runner.withPropertyValues("hystrix.command.orders.execution.isolation.thread.timeoutInMilliseconds=250").run(context ->
                assertThat(context.getBean(GuardRegistryHolder.class).ifCreated()).isPresent());
    }

    @Test
    void aBadValueStillFailsTheStartWithoutTheBridge() {
        runner.withPropertyValues("firebreak.command.orders.execution.isolation.thread.timeoutInMilliseconds=-5").run(context ->
                assertThat(context.getStartupFailure()).rootCause().isInstanceOf(InvalidFirebreakConfigurationException.class)
                        .hasMessageContaining("firebreak.command.orders.execution.isolation.thread.timeoutInMilliseconds")
                        .hasMessageContaining("-5"));
    }

    @Test
    void aBadPollIntervalStillFailsTheStartWithoutTheBridge() {
        runner.withPropertyValues("firebreak.config.poll-interval=often").run(context ->
                assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("firebreak.config.poll-interval = often"));
    }

    @Test
    void anApplicationsOwnRegistryIsTheHoldersFromTheStart() {
        runner.withUserConfiguration(OwnRegistry.class).run(context ->
                assertThat(context.getBean(GuardRegistryHolder.class).ifCreated()).containsSame(context.getBean("mine", GuardRegistry.class)));
    }

    @Test
    void aRegistryMadeAfterTheStartReadsTheEnvironmentThenAndRefusesABadValueAsALiveOne() {
        runner.run(context -> {
            ConfigurableApplicationContext started = context.getSourceApplicationContext();
            started.getEnvironment().getPropertySources().addFirst(new MapPropertySource("late", Map.of(
                    "firebreak.command.orders.execution.isolation.thread.timeoutInMilliseconds", "-5",
                    "firebreak.command.payments.execution.isolation.thread.timeoutInMilliseconds", "300")));
            GuardRegistry registry = context.getBean(GuardRegistry.class); // no failure: the application has started
            assertThat(registry.guard("payments").build().controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(300));
            assertThat(registry.guard("orders").build().controls().config().timeout().timeout())
                    .as("the refused value is not applied").isEqualTo(Duration.ofSeconds(1));
        });
    }

    private static long firebreakMeters(SimpleMeterRegistry meters, String guard) {
        return meters.getMeters().stream().map(Meter::getId)
                .filter(id -> id.getName().startsWith("firebreak.") && guard.equals(id.getTag("guard"))).count();
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnRegistry {
        @Bean
        GuardRegistry mine() {
            return GuardRegistry.builder().build();
        }
    }
}
