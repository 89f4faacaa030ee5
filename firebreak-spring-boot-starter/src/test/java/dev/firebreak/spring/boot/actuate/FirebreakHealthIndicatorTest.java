package dev.firebreak.spring.boot.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.PropertySource;
import dev.firebreak.testkit.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * Health reports a circuit that short-circuits calls, says when an operator forced it, ignores METRICS_ONLY,
 * and reports a configuration source that cannot be read.
 */
class FirebreakHealthIndicatorTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final Guard orders = registry.guard("orders").isolation(Isolation.semaphore(5)).build();

    @AfterEach
    void close() {
        registry.close();
    }

    private Health health() {
        return new FirebreakHealthIndicator(registry).health();
    }

    @Test
    void aForcedOpenCircuitIsReportedAsForced() {
        orders.controls().circuitBreaker().forceOpen();
        Health health = health();
        assertThat(health.getStatus()).isEqualTo(FirebreakHealthIndicator.CIRCUIT_OPEN);
        assertThat(health.getDetails().get("openCircuits")).isEqualTo(Map.of("orders", "OPEN (FORCED_OPEN)"));
    }

    @Test
    void metricsOnlyShortCircuitsNothingSoHealthStaysUp() {
        orders.controls().circuitBreaker().metricsOnly();
        for (int i = 0; i < 30; i++) { // failures enough to open the circuit under the rule
            orders.execute(() -> {
                throw new IllegalStateException("down");
            }, failure -> "fallback");
        }
        assertThat(health().getStatus()).isEqualTo(Status.UP);
    }

    @Test
    void aSourceThatCannotBeReadIsReportedStaleUntilItIsBack() {
        boolean[] down = {false};
        PropertySource store = new PropertySource() {
            @Override
            public String name() {
                return "zookeeper 127.0.0.1:2181/firebreak";
            }

            @Override
            public Map<String, String> read() throws IOException {
                if (down[0]) {
                    throw new IOException("the store is unreachable");
                }
                return Map.of("firebreak.command.orders.circuitBreaker.requestVolumeThreshold", "5");
            }

            @Override
            public String snapshotRevision() {
                return "0x1a";
            }
        };
        try (DynamicConfiguration configuration = DynamicConfiguration.builder(registry).source(store)
                .pollInterval(Duration.ZERO).build()) {
            assertThat(health().getStatus()).isEqualTo(Status.UP);
            assertThat(health().getDetails()).doesNotContainKey("staleConfigurationSources");

            down[0] = true;
            configuration.refresh();
            clock.advance(Duration.ofSeconds(3));
            Health stale = health();
            assertThat(stale.getStatus()).isEqualTo(FirebreakHealthIndicator.CONFIGURATION_STALE);
            assertThat(stale.getDetails().get("staleConfigurationSources")).isEqualTo(Map.of(
                    "zookeeper 127.0.0.1:2181/firebreak", Map.of("failure", "the store is unreachable",
                            "failingForMillis", 3_000L, "revisionInForce", "0x1a")));

            orders.controls().circuitBreaker().forceOpen();
            assertThat(health().getStatus()).isEqualTo(FirebreakHealthIndicator.CIRCUIT_OPEN); // an open circuit wins
            orders.controls().circuitBreaker().automatic();

            down[0] = false;
            configuration.refresh();
            assertThat(health().getStatus()).isEqualTo(Status.UP);
        }
    }
}
