package dev.firebreak.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.metrics.MetricDetail;
import dev.firebreak.retry.Retry;
import dev.firebreak.spring.boot.metrics.FirebreakMetricsAutoConfiguration;
import dev.firebreak.spring.boot.metrics.RegistryMeters;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** {@code firebreak.metrics.detail} turns on the binder's opt-in meters; retry policies are bound with no code. */
class MetricsDetailPropertyTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withClassLoader(new FilteredClassLoader("dev.firebreak.hystrix."))
            .withConfiguration(AutoConfigurations.of(FirebreakAutoConfiguration.class, FirebreakMetricsAutoConfiguration.class));

    @Test
    void byDefaultOnlyTheDefaultMetersAndTheRetryPolicysAreBound() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        runner.run(context -> {
            context.getBean(RegistryMeters.class).bindTo(meters);
            GuardRegistry registry = context.getBean(GuardRegistry.class);
            dev.firebreak.Guard orders = registry.guard("orders").isolation(Isolation.semaphore(5)).build();
            orders.execute(() -> 1);
            Retry.named("orders-retry").through(orders).build();
            assertThat(meters.get("firebreak.calls").tags("guard", "orders", "outcome", "success").functionCounter().count())
                    .isEqualTo(1);
            assertThat(meters.find("firebreak.call.execution.duration").timers()).isEmpty();
            assertThat(meters.find("firebreak.breaker.mode").gauges()).isEmpty();
            assertThat(meters.get("firebreak.retry.calls").tags("policy", "orders-retry", "guard", "orders").functionCounter())
                    .as("the retry policy is bound on its own").isNotNull();
        });
    }

    @Test
    void theDetailPropertyAddsTheOptInMeters() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        runner.withPropertyValues("firebreak.metrics.detail=execution-timer,BREAKER_MODE").run(context -> {
            RegistryMeters binder = context.getBean(RegistryMeters.class);
            assertThat(binder.details()).containsExactlyInAnyOrder(MetricDetail.EXECUTION_TIMER, MetricDetail.BREAKER_MODE);
            binder.bindTo(meters);
            context.getBean(GuardRegistry.class).guard("orders").isolation(Isolation.semaphore(5)).build().execute(() -> 1);
            assertThat(meters.get("firebreak.call.execution.duration").tag("guard", "orders").timer().count()).isEqualTo(1);
            assertThat(meters.find("firebreak.breaker.mode").tag("guard", "orders").gauges()).hasSize(5);
            assertThat(meters.find("firebreak.rolling.latency").gauges()).isEmpty();
        });
    }

    @Test
    void anUnknownDetailFailsTheStartNamingTheKeyTheValueAndTheValuesAllowed() {
        runner.withPropertyValues("firebreak.metrics.detail=everything").run(context ->
                assertThat(context.getStartupFailure())
                        .hasStackTraceContaining("firebreak.metrics.detail='everything': each value must be one of")
                        .hasStackTraceContaining("EXECUTION_TIMER"));
    }
}
