package dev.firebreak.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.metrics.MetricDetail;
import dev.firebreak.ratelimit.RateLimitConfig;
import dev.firebreak.testkit.ManualClock;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The adaptive limit and the rate limiter as gauges and counters, read through a real Prometheus scrape. */
class LimitMetersTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final FirebreakMetrics binder = FirebreakMetrics.builder(registry).detail(MetricDetail.LIMIT_ALGORITHM).build();

    @AfterEach
    void close() {
        binder.close();
        prometheus.close();
    }

    @Test
    void limitAlgorithmRateAndRefusalsAreScraped() {
        Guard guard = registry.guard("orders").isolation(Isolation.semaphore(50))
                .adaptiveLimit(LimitConfig.builder().algorithm(LimitKind.AIMD).initialLimit(10).minLimit(2).build())
                .rateLimit(RateLimitConfig.builder().enabled(true).permitsPerSecond(5).burst(1).build()).build();
        binder.bindTo(prometheus);
        guard.execute(() -> {
            clock.advance(Duration.ofMillis(1));
            throw new IllegalStateException("down"); // a drop: floor(10 * 0.9) = 9
        }, failure -> 0);
        guard.execute(() -> 1, failure -> 0); // no permit left this second: rate-limited

        String scrape = prometheus.scrape();
        String tags = "guard=\"orders\"";
        assertThat(value(scrape, "firebreak_limit", tags)).isEqualTo(9.0);
        assertThat(value(scrape, "firebreak_limit_floor", tags)).as("the adaptive limit's minLimit").isEqualTo(2.0);
        assertThat(value(scrape, "firebreak_limit_algorithm", "algorithm=\"aimd\"," + tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_limit_algorithm", "algorithm=\"none\"," + tags)).isEqualTo(0.0);
        assertThat(value(scrape, "firebreak_permits_in_flight", tags)).isEqualTo(0.0);
        assertThat(value(scrape, "firebreak_ratelimit_permits_per_second", tags)).isEqualTo(5.0);
        assertThat(value(scrape, "firebreak_ratelimit_waiting", tags)).isEqualTo(0.0);
        assertThat(value(scrape, "firebreak_calls_total", "outcome=\"rate_limited\"," + tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_calls_total", "outcome=\"limit_rejected\"," + tags)).isEqualTo(0.0);
        assertThat(value(scrape, "firebreak_calls_total", "outcome=\"failure\"," + tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_fallbacks_total", "result=\"success\"," + tags)).isEqualTo(2.0);
    }

    private static double value(String scrape, String name, String labelsInAnyOrder) {
        String labels = String.join(",", java.util.Arrays.stream(labelsInAnyOrder.split(",")).sorted().toList());
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name + "{" + labels + "}") + " (\\S+)$").matcher(scrape);
        if (!m.find()) {
            throw new AssertionError("no sample " + name + "{" + labels + "} in:\n" + scrape);
        }
        return Double.parseDouble(m.group(1));
    }
}
