package dev.firebreak.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.MapPropertySource;
import dev.firebreak.live.PropertySource;
import dev.firebreak.metrics.MetricDetail;
import dev.firebreak.metrics.MetricSpec;
import dev.firebreak.metrics.MetricVocabulary;
import dev.firebreak.priority.PriorityConfig;
import dev.firebreak.retry.Retry;
import dev.firebreak.testkit.ManualClock;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.data.PointData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The vocabulary through OpenTelemetry metrics, read with the SDK's in-memory reader. */
class FirebreakOpenTelemetryMetricsTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).allowChaos(true).build(); // chaos counters too
    private final InMemoryMetricReader reader = InMemoryMetricReader.create();
    private final SdkMeterProvider provider = SdkMeterProvider.builder().registerMetricReader(reader).build();

    @AfterEach
    void close() {
        provider.close();
        registry.close();
    }

    @Test
    void everyCallCountsOnceByOutcomeItsFallbackOnceAndItsDurationInTheVocabularysBuckets() {
        Guard guard = registry.guard("inventory").group("shop").isolation(Isolation.semaphore(5))
                .configure(c -> c.breaker(cb -> cb.requestVolumeThreshold(4).errorThresholdPercentage(50))).build();
        try (FirebreakOpenTelemetryMetrics metrics = FirebreakOpenTelemetryMetrics.builder(registry)
                .bind(provider.get(FirebreakOpenTelemetryMetrics.SCOPE))) {
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
            guard.execute(() -> 1, failure -> 0); // short-circuited: the breaker opened on the 4th call
            Collection<MetricData> data = reader.collectAllMetrics();
            Attributes inventory = Attributes.of(AttributeKey.stringKey("guard"), "inventory");
            assertThat(value(data, "firebreak.calls", "outcome", "success")).isEqualTo(2);
            assertThat(value(data, "firebreak.calls", "outcome", "failure")).isEqualTo(2);
            assertThat(value(data, "firebreak.calls", "outcome", "short_circuited")).isEqualTo(1);
            assertThat(sum(data, "firebreak.calls")).as("one count per call").isEqualTo(5);
            assertThat(value(data, "firebreak.fallbacks", "result", "success")).isEqualTo(3);
            assertThat(sum(data, "firebreak.fallbacks")).isEqualTo(3);
            assertThat(value(data, "firebreak.breaker.state", "state", "open")).isEqualTo(1);
            assertThat(value(data, "firebreak.breaker.state", "state", "closed")).isEqualTo(0);
            assertThat(value(data, "firebreak.limit.floor", null, null)).isEqualTo(5);
            PointData info = points(data, "firebreak.guards").getFirst();
            assertThat(info.getAttributes().asMap()).hasSize(4).containsEntry(AttributeKey.stringKey("group"), "shop")
                    .containsEntry(AttributeKey.stringKey("pool"), "shop").containsEntry(AttributeKey.stringKey("isolation"), "semaphore");
            HistogramPointData duration = (HistogramPointData) points(data, "firebreak.call.duration").getFirst();
            assertThat(duration.getAttributes()).isEqualTo(inventory);
            assertThat(duration.getCount()).isEqualTo(5);
            assertThat(duration.getBoundaries()).isEqualTo(MetricVocabulary.CALL_DURATION_BUCKETS_SECONDS);
            assertThat(duration.getMax()).isCloseTo(0.030, org.assertj.core.data.Offset.offset(0.001));
        }
        assertThat(reader.collectAllMetrics()).as("closed: no callback runs, no duration is recorded")
                .allSatisfy(m -> assertThat(m.getName()).isEqualTo("firebreak.call.duration"));
    }

    @Test
    void theNamesUnitsDescriptionsAndAttributesAreTheVocabularysTheMicrometerBinderPublishesToo() throws Exception {
        PropertySource source = new MapPropertySource("file");
        try (DynamicConfiguration configuration = DynamicConfiguration.builder(registry).source(source)
                        .pollInterval(Duration.ZERO).build();
                FirebreakOpenTelemetryMetrics metrics = FirebreakOpenTelemetryMetrics.builder(registry)
                        .detail(MetricDetail.EXECUTION_TIMER, MetricDetail.ROLLING_WINDOW, MetricDetail.BREAKER_MODE,
                                MetricDetail.LIMIT_ALGORITHM)
                        .bind(provider.get(FirebreakOpenTelemetryMetrics.SCOPE))) {
            assertThat(configuration.sources()).hasSize(1);
            // built after the binder: read at the collection, nothing to follow
            Guard pooled = registry.guard("pooled").isolation(Isolation.threadPool()).build();
            Guard users = registry.guard("users").isolation(Isolation.semaphore(10))
                    .priorities(PriorityConfig.builder().enabled(true).build()).build(); // its two names too
            Retry.named("users-retry").through(users).attemptExecutor(Runnable::run).build().execute(() -> 1);
            Hedge.named("users-hedge").through(users).hedgeExecutor(Runnable::run).build();
            CollapserRegistry.of(registry).<Integer, Integer>collapser("numbers").through(users)
                    .batchAsync(args -> CompletableFuture.completedFuture(List.copyOf(args)), ResponseMapping.inOrder())
                    .configure(c -> c.dispatchStrategy(DispatchStrategy.LOAD_AWARE).loadAwareLingerInMicroseconds(0))
                    .build().submit(7).get(10, TimeUnit.SECONDS);
            assertThat(pooled.submit(() -> 1).get(10, TimeUnit.SECONDS)).isEqualTo(1);
            Collection<MetricData> data = reader.collectAllMetrics();
            Set<String> expected = MetricVocabulary.all().stream()
                    .filter(s -> s.detail() != MetricDetail.PERCENTILE_HISTOGRAM).map(MetricSpec::name)
                    .collect(Collectors.toCollection(TreeSet::new));
            Set<String> names = data.stream().map(MetricData::getName).collect(Collectors.toCollection(TreeSet::new));
            assertThat(names).as("every name of the vocabulary, and no other").isEqualTo(expected);
            for (MetricData metric : data) {
                MetricSpec spec = MetricVocabulary.all().stream().filter(s -> s.name().equals(metric.getName())).findFirst()
                        .orElseThrow();
                assertThat(metric.getDescription()).as("description of " + spec.name()).isEqualTo(spec.description());
                assertThat(metric.getUnit()).as("unit of " + spec.name()).isEqualTo(spec.unit());
                assertThat(metric.getInstrumentationScopeInfo().getName()).isEqualTo(FirebreakOpenTelemetryMetrics.SCOPE);
                for (PointData point : metric.getData().getPoints()) {
                    assertThat(point.getAttributes().asMap().keySet()).extracting(AttributeKey::getKey)
                            .as("attributes of " + spec.name()).containsExactlyInAnyOrderElementsOf(spec.tags());
                }
            }
            HistogramPointData batch = (HistogramPointData) points(data, "firebreak.collapser.batch.size").getFirst();
            assertThat(batch.getCount()).isEqualTo(1);
            assertThat(batch.getBoundaries()).isEqualTo(MetricVocabulary.BATCH_SIZE_BUCKETS);
            assertThat(points(data, "firebreak.retry.events")).hasSize(6);
            assertThat(points(data, "firebreak.hedge.events")).hasSize(5);
        }
    }

    @Test
    void aRemovedGuardIsNoLongerReadAndThePercentileHistogramIsRefusedWithTheReason() {
        registry.guard("gone").isolation(Isolation.semaphore(5)).build().execute(() -> 1);
        registry.guard("kept").isolation(Isolation.semaphore(5)).build();
        try (FirebreakOpenTelemetryMetrics metrics = FirebreakOpenTelemetryMetrics.builder(registry)
                .bind(provider.get(FirebreakOpenTelemetryMetrics.SCOPE))) {
            assertThat(guardsIn(reader.collectAllMetrics(), "firebreak.calls")).containsExactlyInAnyOrder("gone", "kept");
            registry.remove("gone");
            assertThat(guardsIn(reader.collectAllMetrics(), "firebreak.calls")).containsExactly("kept");
        }
        assertThatThrownBy(() -> FirebreakOpenTelemetryMetrics.builder(registry).detail(MetricDetail.PERCENTILE_HISTOGRAM))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PERCENTILE_HISTOGRAM")
                .hasMessageContaining("SDK view");
    }

    private static Set<String> guardsIn(Collection<MetricData> data, String name) {
        return points(data, name).stream().map(p -> p.getAttributes().get(AttributeKey.stringKey("guard")))
                .collect(Collectors.toSet());
    }

    private static List<PointData> points(Collection<MetricData> data, String name) {
        return data.stream().filter(m -> m.getName().equals(name)).flatMap(m -> m.getData().getPoints().stream())
                .map(p -> (PointData) p).toList();
    }

    /** The value of the point of {@code name} whose attribute {@code key} is {@code value} (or the only point). */
    private static double value(Collection<MetricData> data, String name, String key, String value) {
        return points(data, name).stream()
                .filter(p -> key == null || value.equals(p.getAttributes().get(AttributeKey.stringKey(key))))
                .mapToDouble(FirebreakOpenTelemetryMetricsTest::number).findFirst()
                .orElseThrow(() -> new AssertionError("no point " + name + "{" + key + "=" + value + "} in " + data));
    }

    private static double sum(Collection<MetricData> data, String name) {
        return points(data, name).stream().mapToDouble(FirebreakOpenTelemetryMetricsTest::number).sum();
    }

    private static double number(PointData point) {
        return switch (point) {
            case io.opentelemetry.sdk.metrics.data.LongPointData l -> l.getValue();
            case io.opentelemetry.sdk.metrics.data.DoublePointData d -> d.getValue();
            default -> throw new AssertionError("not a number: " + point);
        };
    }
}
