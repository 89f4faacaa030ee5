package dev.firebreak.spring.boot.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.ManualClock;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/** Health reports a circuit that short-circuits calls, says when an operator forced it, and ignores METRICS_ONLY. */
class FirebreakHealthIndicatorTest {

    private final GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build();
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
}
