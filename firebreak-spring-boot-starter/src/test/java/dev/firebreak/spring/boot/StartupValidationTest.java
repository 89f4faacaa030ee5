package dev.firebreak.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.retry.Retry;
import dev.firebreak.spring.boot.config.InvalidFirebreakConfigurationException;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** A bad value at startup fails the start with the core's message; good values start it. */
class StartupValidationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(FirebreakAutoConfiguration.class));

    @Test
    void aBadValueAtStartupFailsTheStartNamingKeyValueAndRule() {
        runner.withPropertyValues("firebreak.command.orders.execution.isolation.thread.timeoutInMilliseconds=-5")
                .run(context -> {
                    assertThat(context).hasFailed();
                    assertThat(context.getStartupFailure()).rootCause()
                            .isInstanceOf(InvalidFirebreakConfigurationException.class)
                            .hasMessageContaining("firebreak.command.orders.execution.isolation.thread.timeoutInMilliseconds")
                            .hasMessageContaining("-5")
                            .hasMessageContaining("must be");
                });
    }

    @Test
    void aHystrixSpelledBadValueFailsTooAndTheRegistryIsClosed() {
        runner.withPropertyValues("hystrix.threadpool.default.coreSize=many")
                .run(context -> assertThat(context.getStartupFailure()).rootCause()
                        .hasMessageContaining("hystrix.threadpool.default.coreSize").hasMessageContaining("many"));
    }

    @Test
    void badRetryAndHedgeValuesFailTheStartLikeAGuardsDo() {
        runner.withPropertyValues("firebreak.retry.users.maxAttempts=1000", "firebreak.hedge.default.maxHedges=lots")
                .run(context -> assertThat(context.getStartupFailure()).rootCause()
                        .isInstanceOf(InvalidFirebreakConfigurationException.class)
                        .hasMessageContaining("firebreak.retry.users.maxAttempts = 1000: must be between 1 and 100")
                        .hasMessageContaining("firebreak.hedge.default.maxHedges = lots: must be an integer"));
    }

    @Test
    void goodRetryValuesStartAndARetryBuiltLaterHasThem() {
        runner.withPropertyValues("firebreak.retry.users.maxAttempts=5", "firebreak.retry.default.budget.percent=40",
                "firebreak.config.poll-interval=0")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    GuardRegistry registry = context.getBean(GuardRegistry.class);
                    Retry retry = Retry.named("users").through(registry.guard("users").build()).build();
                    assertThat(retry.config().maxAttempts()).isEqualTo(5);
                    assertThat(retry.config().budgetPercent()).isEqualTo(40);
                });
    }

    @Test
    void aBadPollIntervalFailsTheStart() {
        runner.withPropertyValues("firebreak.config.poll-interval=often")
                .run(context -> assertThat(context.getStartupFailure()).rootCause()
                        .hasMessageContaining("firebreak.config.poll-interval = often"));
    }

    @Test
    void goodValuesStartAndAGuardBuiltLaterHasThem() {
        runner.withPropertyValues("firebreak.command.orders.execution.isolation.thread.timeoutInMilliseconds=250",
                "firebreak.config.poll-interval=0")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    GuardRegistry registry = context.getBean(GuardRegistry.class);
                    assertThat(registry.configResolver()).isSameAs(context.getBean(DynamicConfiguration.class));
                    assertThat(registry.guard("orders").build().controls().config().timeout().timeout().toMillis()).isEqualTo(250);
                });
    }

    @Test
    void guardsListedInFirebreakGuardsAreCreatedAtStartupWithTheirConfiguration() {
        runner.withPropertyValues("firebreak.guards=orders, payments",
                "firebreak.command.payments.execution.isolation.strategy=SEMAPHORE",
                "hystrix.command.orders.execution.isolation.thread.timeoutInMilliseconds=750")
                .run(context -> {
                    GuardRegistry registry = context.getBean(GuardRegistry.class);
                    assertThat(registry.find("payments").orElseThrow().controls().isolationStrategy().name()).isEqualTo("SEMAPHORE");
                    assertThat(registry.find("orders").orElseThrow().controls().config().timeout().timeout().toMillis()).isEqualTo(750);
                });
    }

    @Test
    void aGuardListNamingTheDefaultsFailsTheStart() {
        runner.withPropertyValues("firebreak.guards=orders,default")
                .run(context -> assertThat(context.getStartupFailure()).rootCause()
                        .hasMessageContaining("firebreak.guards = [orders, default]").hasMessageContaining("'default'"));
    }
}
