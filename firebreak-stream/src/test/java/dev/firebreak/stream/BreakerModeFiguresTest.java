package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.breaker.SlidingWindowType;
import dev.firebreak.testkit.ManualClock;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command frame tells an operator's override from the rule's state, and shows the window's shape. */
class BreakerModeFiguresTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    private Map<String, Object> frame(Guard guard) {
        StringBuilder out = new StringBuilder();
        CommandEvent.write(new JsonWriter(out), guard, 0L);
        return MiniJson.object(out.toString());
    }

    @Test
    void aForcedOpenBreakerIsOpenAndSaysItIsForced() {
        Guard guard = registry.guard("forced").isolation(Isolation.semaphore(5)).build();
        guard.controls().circuitBreaker().forceOpen();
        Map<String, Object> frame = frame(guard);
        assertThat(frame.get("isCircuitBreakerOpen")).isEqualTo(true);
        assertThat(frame.get("firebreak_circuitState")).isEqualTo("OPEN");
        assertThat(frame.get("firebreak_circuitMode")).isEqualTo("FORCED_OPEN");
        guard.controls().circuitBreaker().automatic();
        assertThat(frame(guard).get("firebreak_circuitMode")).isEqualTo("AUTOMATIC");
    }

    @Test
    void aMetricsOnlyBreakerThatWouldBeOpenIsNotReportedOpen() {
        Guard guard = registry.guard("observed").isolation(Isolation.semaphore(5))
                .configure(c -> c.breaker(cb -> cb.slidingWindowType(SlidingWindowType.COUNT).slidingWindowSize(20)))
                .build();
        guard.controls().circuitBreaker().metricsOnly();
        for (int i = 0; i < 20; i++) {
            guard.execute(() -> {
                throw new IOException("down");
            }, failure -> "fallback");
        }
        Map<String, Object> frame = frame(guard);
        assertThat(frame.get("firebreak_circuitState")).isEqualTo("OPEN");
        assertThat(frame.get("firebreak_circuitMode")).isEqualTo("METRICS_ONLY");
        assertThat(frame.get("isCircuitBreakerOpen")).isEqualTo(false);
        assertThat(frame.get("firebreak_propertyValue_circuitBreakerSlidingWindowType")).isEqualTo("COUNT");
        assertThat(frame.get("firebreak_propertyValue_circuitBreakerSlidingWindowSize")).isEqualTo(20L);
    }
}
