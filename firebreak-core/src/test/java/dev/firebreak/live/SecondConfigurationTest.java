package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A second dynamic configuration on one registry is refused; the first keeps every live value. */
class SecondConfigurationTest {

    @Test
    void aSecondConfigurationIsRefusedAndResetsNothing() {
        try (Fixture f = new Fixture()) {
            f.source.set("hystrix.command.default." + Fixture.TIMEOUT, "250");
            f.config.refresh();
            Guard guard = f.semaphoreGuard("orders", c -> { });
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(250);

            MapPropertySource other = new MapPropertySource("other");
            assertThatThrownBy(() -> DynamicConfiguration.builder(f.registry).source(other)
                    .pollInterval(Duration.ZERO).build())
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("already has a configuration");

            assertThat(guard.controls().config().timeout().timeout().toMillis()).as("the running guard keeps its live value").isEqualTo(250);
            assertThat(f.registry.guard("payments").isolation(dev.firebreak.Isolation.semaphore(1)).build()
                    .controls().config().timeout().timeout().toMillis()).as("new guards still resolve through the first").isEqualTo(250);
            f.source.set("hystrix.command.default." + Fixture.TIMEOUT, "300");
            f.config.refresh();
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(300);
        }
    }

    @Test
    void afterTheFirstIsClosedAnotherMayBind() {
        Fixture f = new Fixture();
        f.close();
        MapPropertySource next = new MapPropertySource("next").set("hystrix.command.default." + Fixture.TIMEOUT, "400");
        try (DynamicConfiguration second = DynamicConfiguration.builder(f.registry).source(next)
                .pollInterval(Duration.ZERO).build()) {
            assertThat(f.semaphoreGuard("orders", c -> { }).controls().config().timeout().timeout().toMillis()).isEqualTo(400);
        }
    }
}
