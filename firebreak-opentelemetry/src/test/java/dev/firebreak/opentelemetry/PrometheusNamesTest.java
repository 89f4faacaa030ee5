package dev.firebreak.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

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
import io.opentelemetry.exporter.prometheus.PrometheusHttpServer;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The OpenTelemetry metrics as Prometheus reads them, through OpenTelemetry's own Prometheus exporter on
 * loopback: the family names and help texts are the vocabulary's Prometheus names, the ones the
 * Micrometer binder's scrape has ({@code SeriesBudgetTest} in firebreak-micrometer checks that side
 * against the same table), less the {@code _max} gauge Micrometer adds to its histograms.
 */
class PrometheusNamesTest {

    @Test
    void prometheusSeesTheSameNamesAsThroughMicrometer() throws Exception {
        ManualClock clock = new ManualClock();
        int port = freePort();
        PrometheusHttpServer server = PrometheusHttpServer.builder().setHost("127.0.0.1").setPort(port)
                .setOtelScopeLabelsEnabled(false).setTargetInfoMetricEnabled(false).build();
        PropertySource source = new MapPropertySource("file");
        try (SdkMeterProvider provider = SdkMeterProvider.builder().registerMetricReader(server).build();
                GuardRegistry registry = GuardRegistry.builder().clock(clock).allowChaos(true).build(); // chaos counters too
                DynamicConfiguration configuration = DynamicConfiguration.builder(registry).source(source)
                        .pollInterval(Duration.ZERO).build();
                FirebreakOpenTelemetryMetrics metrics = FirebreakOpenTelemetryMetrics.builder(registry)
                        .detail(MetricDetail.EXECUTION_TIMER, MetricDetail.ROLLING_WINDOW, MetricDetail.BREAKER_MODE,
                                MetricDetail.LIMIT_ALGORITHM)
                        .bind(provider.get(FirebreakOpenTelemetryMetrics.SCOPE))) {
            assertThat(configuration.sources()).hasSize(1);
            Guard pooled = registry.guard("pooled").isolation(Isolation.threadPool()).build();
            Guard users = registry.guard("users").isolation(Isolation.semaphore(10))
                    .priorities(PriorityConfig.builder().enabled(true).build()).build(); // its two names too
            users.execute(() -> 1);
            Retry.named("users-retry").through(users).attemptExecutor(Runnable::run).build();
            Hedge.named("users-hedge").through(users).hedgeExecutor(Runnable::run).build();
            CollapserRegistry.of(registry).<Integer, Integer>collapser("numbers").through(users)
                    .batchAsync(args -> CompletableFuture.completedFuture(List.copyOf(args)), ResponseMapping.inOrder())
                    .configure(c -> c.dispatchStrategy(DispatchStrategy.LOAD_AWARE).loadAwareLingerInMicroseconds(0))
                    .build().submit(7).get(10, TimeUnit.SECONDS);
            assertThat(pooled.submit(() -> 1).get(10, TimeUnit.SECONDS)).isEqualTo(1);

            String scrape = get("http://127.0.0.1:" + port + "/metrics");
            Map<String, String> help = new HashMap<>();
            Matcher h = Pattern.compile("(?m)^# HELP (\\S+) (.*)$").matcher(scrape);
            while (h.find()) {
                help.put(h.group(1), h.group(2));
            }
            Set<String> families = new TreeSet<>();
            Matcher t = Pattern.compile("(?m)^# TYPE (firebreak_\\S+) \\S+$").matcher(scrape);
            while (t.find()) {
                families.add(t.group(1));
            }
            Map<String, MetricSpec> expected = new HashMap<>();
            MetricVocabulary.all().stream().filter(s -> s.detail() != MetricDetail.PERCENTILE_HISTOGRAM)
                    .forEach(s -> expected.put(s.prometheus(), s));
            // No exception: the vocabulary avoids "_info", a suffix this exporter's Prometheus client strips
            // from a gauge's name while Micrometer's registry keeps it.
            assertThat(families).as("the Prometheus names of the vocabulary, and no other")
                    .isEqualTo(new TreeSet<>(expected.keySet()));
            for (String family : families) {
                assertThat(help.get(family)).as("HELP of " + family).isEqualTo(expected.get(family).description());
            }
            // the guard's own call and the collapsed batch's
            assertThat(scrape).containsPattern("(?m)^firebreak_calls_total\\{guard=\"users\",outcome=\"success\"\\} 2(\\.0)?$")
                    .containsPattern("(?m)^firebreak_call_duration_seconds_bucket\\{guard=\"users\",le=\"0.005\"\\} 2$");
        }
    }

    private static String get(String url) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
        connection.setConnectTimeout(5_000);
        connection.setReadTimeout(10_000);
        try {
            assertThat(connection.getResponseCode()).isEqualTo(200);
            return new String(connection.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } finally {
            connection.disconnect();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
