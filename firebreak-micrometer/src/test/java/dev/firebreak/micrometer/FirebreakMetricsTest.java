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
import dev.firebreak.metrics.MetricDetail;
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
    void everyCallCountsOnceByOutcomeAndItsFallbackOnce() {
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
        String tags = "guard=\"inventory\"";
        assertThat(value(scrape, "firebreak_calls_total", "outcome=\"success\"," + tags)).isEqualTo(2.0);
        assertThat(value(scrape, "firebreak_calls_total", "outcome=\"failure\"," + tags)).isEqualTo(2.0);
        assertThat(value(scrape, "firebreak_calls_total", "outcome=\"timeout\"," + tags)).isEqualTo(0.0);
        assertThat(sum(scrape, "firebreak_calls_total")).as("one count per call").isEqualTo(4.0);
        assertThat(value(scrape, "firebreak_fallbacks_total", "result=\"success\"," + tags)).isEqualTo(2.0);
        assertThat(sum(scrape, "firebreak_fallbacks_total")).as("one count per fallback").isEqualTo(2.0);
        // 2 errors of 4 requests reach the threshold: the breaker opened on the 4th call
        assertThat(value(scrape, "firebreak_breaker_state", "state=\"open\"," + tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_breaker_state", "state=\"closed\"," + tags)).isEqualTo(0.0);
        assertThat(value(scrape, "firebreak_breaker_state", "state=\"half_open\"," + tags)).isEqualTo(0.0);
        assertThat(value(scrape, "firebreak_calls_active", tags)).isEqualTo(0.0);
        assertThat(value(scrape, "firebreak_limit", tags)).isEqualTo(5.0);
        assertThat(value(scrape, "firebreak_limit_floor", tags)).as("the static limit itself").isEqualTo(5.0);
        assertThat(value(scrape, "firebreak_guards", "group=\"shop\",isolation=\"semaphore\",pool=\"shop\"," + tags))
                .isEqualTo(1.0);
        // the timer: every call's total time, in the vocabulary's few buckets
        assertThat(value(scrape, "firebreak_call_duration_seconds_count", tags)).isEqualTo(4.0);
        assertThat(value(scrape, "firebreak_call_duration_seconds_max", tags))
                .isCloseTo(0.030, org.assertj.core.data.Offset.offset(0.001));
        assertThat(value(scrape, "firebreak_call_duration_seconds_bucket", "le=\"0.025\"," + tags)).isEqualTo(3.0);
        assertThat(value(scrape, "firebreak_call_duration_seconds_bucket", "le=\"0.05\"," + tags)).isEqualTo(4.0);
        assertThat(value(scrape, "firebreak_call_duration_seconds_bucket", "le=\"+Inf\"," + tags)).isEqualTo(4.0);
        assertThat(scrape).doesNotContain("firebreak_call_execution_duration").doesNotContain("firebreak_rolling_")
                .doesNotContain("firebreak_breaker_mode");

        guard.execute(() -> 1, failure -> 0); // short-circuited: the breaker is open, the call never runs
        assertThatThrownBy(() -> guard.execute(() -> 1)) // short-circuited with no fallback: one call, one missing fallback
                .isInstanceOf(dev.firebreak.ShortCircuitedException.class);
        String after = prometheus.scrape();
        assertThat(value(after, "firebreak_calls_total", "outcome=\"short_circuited\"," + tags)).isEqualTo(2.0);
        assertThat(sum(after, "firebreak_calls_total")).isEqualTo(6.0);
        assertThat(value(after, "firebreak_fallbacks_total", "result=\"success\"," + tags)).isEqualTo(3.0);
        assertThat(value(after, "firebreak_fallbacks_total", "result=\"missing\"," + tags)).isEqualTo(1.0);
        assertThat(value(after, "firebreak_call_duration_seconds_count", tags)).isEqualTo(6.0);
    }

    @Test
    void theOptInDetailsPublishTheRollingWindowTheModeAndTheExecutionTimer() {
        FirebreakMetrics detailed = FirebreakMetrics.builder(registry)
                .detail(MetricDetail.ROLLING_WINDOW, MetricDetail.BREAKER_MODE, MetricDetail.EXECUTION_TIMER).build();
        Guard guard = registry.guard("inventory").isolation(Isolation.semaphore(5))
                .configure(c -> c.breaker(cb -> cb.requestVolumeThreshold(4).errorThresholdPercentage(50)))
                .build();
        detailed.bindTo(prometheus);
        try {
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
            String tags = "guard=\"inventory\"";
            String scrape = prometheus.scrape();
            assertThat(value(scrape, "firebreak_breaker_mode", "mode=\"automatic\"," + tags)).isEqualTo(1.0);
            assertThat(value(scrape, "firebreak_breaker_mode", "mode=\"forced_open\"," + tags)).isEqualTo(0.0);
            assertThat(value(scrape, "firebreak_rolling_error_percentage", tags)).isEqualTo(50.0);
            assertThat(value(scrape, "firebreak_rolling_requests", tags)).isEqualTo(4.0);
            assertThat(value(scrape, "firebreak_rolling_latency_seconds", "kind=\"execution\",percentile=\"100\"," + tags))
                    .isCloseTo(0.030, org.assertj.core.data.Offset.offset(0.001));
            assertThat(value(scrape, "firebreak_rolling_calls_active_max", tags)).isEqualTo(1.0);
            guard.execute(() -> 1, failure -> 0); // short-circuited: counted in the total timer only
            String after = prometheus.scrape();
            assertThat(value(after, "firebreak_call_duration_seconds_count", tags)).isEqualTo(5.0);
            assertThat(value(after, "firebreak_call_execution_duration_seconds_count", tags)).isEqualTo(4.0);
            guard.controls().circuitBreaker().forceOpen(); // an operator's override reads as such, not as the rule's OPEN
            clock.advance(Duration.ofSeconds(1)); // past the one-scrape memo of the snapshot
            String forced = prometheus.scrape();
            assertThat(value(forced, "firebreak_breaker_mode", "mode=\"forced_open\"," + tags)).isEqualTo(1.0);
            assertThat(value(forced, "firebreak_breaker_mode", "mode=\"automatic\"," + tags)).isEqualTo(0.0);
            assertThat(value(forced, "firebreak_breaker_state", "state=\"open\"," + tags)).isEqualTo(1.0);
        } finally {
            detailed.close();
        }
    }

    @Test
    void guardsAddedLaterAreBoundAndRemovedGuardsLoseTheirMeters() {
        binder.bindTo(prometheus);
        assertThat(prometheus.scrape()).doesNotContain("firebreak_calls_total");
        Guard later = registry.guard("later").isolation(Isolation.semaphore(5)).build();
        later.execute(() -> 1);
        assertThat(value(prometheus.scrape(), "firebreak_calls_total", "guard=\"later\",outcome=\"success\"")).isEqualTo(1.0);

        registry.remove("later");
        assertThat(prometheus.scrape()).doesNotContain("guard=\"later\"");
        assertThat(prometheus.getMeters()).isEmpty();

        Guard again = registry.guard("later").isolation(Isolation.semaphore(5)).build(); // same name, new guard
        assertThat(value(prometheus.scrape(), "firebreak_calls_total", "guard=\"later\",outcome=\"success\"")).isEqualTo(0.0);
        assertThat(again).isNotSameAs(later);
    }

    @Test
    void poolsAndCollapsersArePublishedAndFollowedByTheResync() throws Exception {
        Guard pooled = registry.guard("pricing").pool("pricing-pool").isolation(Isolation.threadPool()).build();
        binder.bindTo(prometheus);
        pooled.submit(() -> 1).get(10, TimeUnit.SECONDS);
        // The caller's future completes inside the pool task; the pool counts the task just after it ends.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pooled.controls().threadPool().completedTaskCount() < 1 && System.nanoTime() - deadline < 0) {
            java.util.concurrent.locks.LockSupport.parkNanos(100_000L);
        }
        String scrape = prometheus.scrape();
        assertThat(value(scrape, "firebreak_pool_threads_core", "pool=\"pricing-pool\"")).isEqualTo(10.0);
        assertThat(value(scrape, "firebreak_pool_tasks_completed_total", "pool=\"pricing-pool\"")).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_guards", "group=\"pricing\",guard=\"pricing\",isolation=\"thread\",pool=\"pricing-pool\""))
                .isEqualTo(1.0);

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
        String tags = "collapser=\"stock\"";
        assertThat(value(scrape, "firebreak_collapser_batch_size_count", tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_collapser_batch_size_sum", tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_collapser_batch_size_bucket", "le=\"1.0\"," + tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_collapser_requests_total", tags)).isEqualTo(1.0);
        assertThat(value(scrape, "firebreak_collapser_batches_active", tags)).isEqualTo(0.0);

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

    /** The sum of every sample of {@code name} in a Prometheus text scrape. */
    private static double sum(String scrape, String name) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "\\{[^}]*\\} (\\S+)$").matcher(scrape);
        double sum = 0;
        while (m.find()) {
            sum += Double.parseDouble(m.group(1));
        }
        return sum;
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
