package dev.firebreak.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.context.Criticality;
import dev.firebreak.priority.PriorityConfig;
import dev.firebreak.testkit.ManualClock;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A guard's priority refusals by criticality and its threshold, read through a real Prometheus scrape. */
class PriorityMetersTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final FirebreakMetrics binder = FirebreakMetrics.builder(registry).build();

    @AfterEach
    void close() {
        binder.close();
        prometheus.close();
    }

    @Test
    void refusalsAreCountedByTheRefusedCallsCriticality() throws Exception {
        Guard guard = registry.guard("orders").isolation(Isolation.virtualThreads(2))
                .priorities(PriorityConfig.builder().enabled(true).targetUtilizationPercent(50).build()).build();
        Guard plain = registry.guard("plain").isolation(Isolation.semaphore(2)).build();
        binder.bindTo(prometheus);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> held = Criticality.CRITICAL.call(() -> guard.submit(() -> {
            release.await();
            return "held";
        }));
        try {
            for (int i = 0; i < 2; i++) {
                Criticality.SHEDDABLE_PLUS.call(() -> guard.submit(() -> "ran", failure -> "refused").get(10, TimeUnit.SECONDS));
            }
            Criticality.SHEDDABLE.call(() -> guard.submit(() -> "ran", failure -> "refused").get(10, TimeUnit.SECONDS));
        } finally {
            release.countDown();
            held.get(10, TimeUnit.SECONDS);
        }
        assertThat(plain.execute(() -> 1)).isEqualTo(1);
        String scrape = prometheus.scrape();
        String tags = "guard=\"orders\"";
        assertThat(value(scrape, "firebreak_priority_rejected_total", "criticality=\"sheddable_plus\"," + tags)).isEqualTo(2.0);
        assertThat(value(scrape, "firebreak_priority_rejected_total", "criticality=\"sheddable\"," + tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_priority_rejected_total", "criticality=\"critical\"," + tags)).isEqualTo(0.0);
        assertThat(value(scrape, "firebreak_priority_threshold", tags)).isEqualTo(0.0);
        assertThat(value(scrape, "firebreak_calls_total", tags + ",outcome=\"limit_rejected\"")).isEqualTo(3.0);
        assertThat(scrape).as("no priority series for a guard without priorities")
                .doesNotContainPattern("firebreak_priority_[a-z_]+\\{[^}]*guard=\"plain\"");
    }

    private static double value(String scrape, String name, String labels) {
        Matcher m = Pattern.compile("(?m)^" + name + "\\{" + Pattern.quote(labels) + "\\} (\\S+)$").matcher(scrape);
        assertThat(m.find()).as(name + "{" + labels + "} in the scrape").isTrue();
        return Double.parseDouble(m.group(1));
    }
}
