package dev.firebreak.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.chaos.ChaosKind;
import dev.firebreak.testkit.Chaos;
import dev.firebreak.testkit.ManualClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/** {@code firebreak.chaos.injected{guard,kind}}: counted per kind, and absent where the registry does not allow chaos. */
class ChaosMetersTest {

    @Test
    void injectedFaultsAreCountedByKindOnlyForGuardsOfARegistryThatAllowsChaos() {
        ManualClock clock = new ManualClock();
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        try (GuardRegistry chaotic = Chaos.registry(clock, 3);
                GuardRegistry plain = GuardRegistry.builder().clock(clock).build();
                FirebreakMetrics a = FirebreakMetrics.builder(chaotic).build();
                FirebreakMetrics b = FirebreakMetrics.builder(plain).build()) {
            Guard orders = chaotic.guard("orders").isolation(Isolation.semaphore(5)).build();
            plain.guard("users").isolation(Isolation.semaphore(5)).build().execute(() -> 1);
            a.bindTo(meters);
            b.bindTo(meters);
            Chaos.failEveryCall(orders);
            for (int i = 0; i < 3; i++) {
                orders.execute(() -> 1, failure -> 0);
            }
            assertThat(meters.get("firebreak.chaos.injected").tag("guard", "orders").tag("kind", "exception")
                    .functionCounter().count()).isEqualTo(3.0);
            assertThat(meters.get("firebreak.chaos.injected").tag("guard", "orders").tag("kind", "latency")
                    .functionCounter().count()).isZero();
            assertThat(meters.find("firebreak.chaos.injected").tag("guard", "users").meters()).isEmpty();
            assertThat(orders.controls().chaos().injected(ChaosKind.EXCEPTION)).isEqualTo(3);
        }
    }
}
