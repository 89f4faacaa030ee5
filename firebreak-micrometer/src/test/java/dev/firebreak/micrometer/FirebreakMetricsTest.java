package dev.firebreak.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.testkit.ManualClock;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The binder, read through a real Prometheus scrape. */
class FirebreakMetricsTest {

    private final ManualClock clock = new ManualClock(Long.MAX_VALUE - 60_000_000_000L);
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final FirebreakMetrics binder = new FirebreakMetrics(registry);

    @AfterEach
    void close() {
        binder.close();
        prometheus.close();
    }

    @Test
    void countersPerEventLatencyBreakerAndConcurrencyAreScraped() {
        Guard guard = registry.guard("inventory").group("shop").isolation(Isolation.semaphore(5))
                .configure(c -> c.breaker(cb -> cb.requestVolumeThreshold(4).errorThresholdPercentage(50)))
                .build();
        binder.bindTo(prometheus);
        guard.execute(() -> {
            clock.advance(Duration.ofMillis(30));
            return 1;
        });
        guard.execute(() -> 1);
        for (int i = 0; i < 2; i++) {
            guard.execute(() -> {
                throw new IllegalStateException("down");
            }, failure -> 0);
        }
        String scrape = prometheus.scrape();
        String tags = "group=\"shop\",name=\"inventory\",pool=\"shop\"";
        assertThat(value(scrape, "firebreak_guard_events_total", "event=\"success\"," + tags)).isEqualTo(2.0);
        assertThat(value(scrape, "firebreak_guard_events_total", "event=\"failure\"," + tags)).isEqualTo(2.0);
        assertThat(value(scrape, "firebreak_guard_events_total", "event=\"fallback_success\"," + tags)).isEqualTo(2.0);
        assertThat(value(scrape, "firebreak_guard_events_total", "event=\"timeout\"," + tags)).isEqualTo(0.0);
        // 2 errors of 4 requests reach the threshold: the breaker opened on the 4th call
        assertThat(value(scrape, "firebreak_guard_circuit_state", "state=\"open\"," + tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_guard_circuit_state", "state=\"closed\"," + tags)).isEqualTo(0.0);
        assertThat(value(scrape, "firebreak_guard_circuit_mode", "mode=\"automatic\"," + tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_guard_circuit_mode", "mode=\"forced_open\"," + tags)).isEqualTo(0.0);
        assertThat(value(scrape, "firebreak_guard_error_percentage_percent", tags)).isEqualTo(50.0);
        assertThat(value(scrape, "firebreak_guard_latency_seconds", "kind=\"execution\",percentile=\"100\"," + tags))
                .isCloseTo(0.030, org.assertj.core.data.Offset.offset(0.001));
        assertThat(value(scrape, "firebreak_guard_concurrent_executions_calls", tags)).isEqualTo(0.0);
        assertThat(value(scrape, "firebreak_guard_concurrent_executions_max_calls", tags)).isEqualTo(1.0);
        assertThat(scrape).contains("firebreak_guard_permits_in_flight_calls{" + tags + "}");
        // Timers: every call's total time; execution time only for calls whose user code ran
        assertThat(value(scrape, "firebreak_guard_total_seconds_count", tags)).isEqualTo(4.0);
        assertThat(value(scrape, "firebreak_guard_execution_seconds_count", tags)).isEqualTo(4.0);
        assertThat(value(scrape, "firebreak_guard_execution_seconds_max", tags))
                .isCloseTo(0.030, org.assertj.core.data.Offset.offset(0.001));
        // Prometheus gets the histogram's buckets (for histogram_quantile across a fleet); other
        // registries get the client-side percentiles the timer also computes.
        assertThat(scrape).contains("firebreak_guard_total_seconds_bucket{" + tags + ",le=\"+Inf\"} 4");
        assertThat(prometheus.get("firebreak.guard.total").tag("name", "inventory").timer().takeSnapshot()
                .percentileValues()).extracting(p -> p.percentile()).containsExactly(0.5, 0.9, 0.99, 0.995);
        guard.execute(() -> 1, failure -> 0); // short-circuited: the breaker is open, the call never runs
        String after = prometheus.scrape();
        assertThat(value(after, "firebreak_guard_total_seconds_count", tags)).isEqualTo(5.0);
        assertThat(value(after, "firebreak_guard_execution_seconds_count", tags)).isEqualTo(4.0);
        guard.controls().circuitBreaker().forceOpen(); // an operator's override reads as such, not as the rule's OPEN
        clock.advance(Duration.ofSeconds(1)); // past the one-scrape memo of the snapshot
        String forced = prometheus.scrape();
        assertThat(value(forced, "firebreak_guard_circuit_mode", "mode=\"forced_open\"," + tags)).isEqualTo(1.0);
        assertThat(value(forced, "firebreak_guard_circuit_mode", "mode=\"automatic\"," + tags)).isEqualTo(0.0);
        assertThat(value(forced, "firebreak_guard_circuit_state", "state=\"open\"," + tags)).isEqualTo(1.0);
    }

    @Test
    void guardsAddedLaterAreBoundAndRemovedGuardsLoseTheirMeters() {
        binder.bindTo(prometheus);
        assertThat(prometheus.scrape()).doesNotContain("firebreak_guard_events_total");
        Guard later = registry.guard("later").isolation(Isolation.semaphore(5)).build();
        later.execute(() -> 1);
        assertThat(value(prometheus.scrape(), "firebreak_guard_events_total",
                "event=\"success\",group=\"later\",name=\"later\",pool=\"later\"")).isEqualTo(1.0);

        registry.remove("later");
        assertThat(prometheus.scrape()).doesNotContain("name=\"later\"");
        assertThat(prometheus.getMeters()).isEmpty();

        Guard again = registry.guard("later").isolation(Isolation.semaphore(5)).build(); // same name, new guard
        assertThat(value(prometheus.scrape(), "firebreak_guard_events_total",
                "event=\"success\",group=\"later\",name=\"later\",pool=\"later\"")).isEqualTo(0.0);
        assertThat(again).isNotSameAs(later);
    }

    @Test
    void poolsAndCollapsersArePublishedAndFollowedByTheResync() throws Exception {
        Guard pooled = registry.guard("pricing").pool("pricing-pool").isolation(Isolation.threadPool()).build();
        binder.bindTo(prometheus);
        pooled.submit(() -> 1).get(10, TimeUnit.SECONDS);
        // The caller's future completes inside the pool task; the pool counts the task just after it ends.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pooled.controls().threadPool().metricsSnapshot().rollingExecuted() < 1 && System.nanoTime() - deadline < 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(100_000L);
        }
        String scrape = prometheus.scrape();
        assertThat(value(scrape, "firebreak_pool_threads_core_threads", "pool=\"pricing-pool\"")).isEqualTo(10.0);
        assertThat(value(scrape, "firebreak_pool_executed_rolling_tasks", "pool=\"pricing-pool\"")).isEqualTo(1.0);
        assertThat(scrape).contains("firebreak_pool_tasks_completed_tasks_total{pool=\"pricing-pool\"}");

        Guard batch = registry.guard("stock-batch").isolation(Isolation.semaphore(5)).build();
        Collapser<Integer, Integer> collapser = CollapserRegistry.of(registry).<Integer, Integer>collapser("stock")
                .through(batch)
                .batchAsync(args -> CompletableFuture.completedFuture(List.copyOf(args)), ResponseMapping.inOrder())
                .configure(c -> c.dispatchStrategy(DispatchStrategy.LOAD_AWARE).loadAwareLingerInMicroseconds(0))
                .build();
        collapser.submit(1).get(10, TimeUnit.SECONDS);
        // Bound on the collapser registry's added event: no polling (the clock moves only past the
        // scrape memo's 100 ms, far from any resync period).
        clock.advance(Duration.ofMillis(200));
        scrape = prometheus.scrape();
        String tags = "guard=\"stock-batch\",name=\"stock\"";
        assertThat(value(scrape, "firebreak_collapser_batches_total", tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_collapser_requests_batched_requests_total", tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_collapser_batch_size", "percentile=\"100\"," + tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_collapser_batches_in_flight", tags)).isEqualTo(0.0);

        CollapserRegistry.of(registry).remove("stock");
        assertThat(prometheus.scrape()).as("removed on the removed event").doesNotContain("firebreak_collapser");
    }

    @Test
    void closeRemovesEveryMeterAndStopsFollowing() {
        registry.guard("a").isolation(Isolation.semaphore(1)).build();
        binder.bindTo(prometheus);
        assertThat(prometheus.getMeters()).isNotEmpty();
        binder.close();
        assertThat(prometheus.getMeters()).isEmpty();
        registry.guard("b").isolation(Isolation.semaphore(1)).build();
        assertThat(prometheus.getMeters()).isEmpty();
        assertThat(clock.pendingTasks()).as("no resync left scheduled").isZero();
        assertThatThrownBy(() -> binder.bindTo(prometheus)).isInstanceOf(IllegalStateException.class);
    }

    /** The value of the sample {@code name{labels}} in a Prometheus text scrape (which sorts labels by key). */
    private static double value(String scrape, String name, String labelsInAnyOrder) {
        String labels = String.join(",", java.util.Arrays.stream(labelsInAnyOrder.split(",")).sorted().toList());
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name + "{" + labels + "}") + " (\\S+)$").matcher(scrape);
        if (!m.find()) {
            throw new AssertionError("no sample " + name + "{" + labels + "} in:\n" + scrape);
        }
        return Double.parseDouble(m.group(1));
    }
}
