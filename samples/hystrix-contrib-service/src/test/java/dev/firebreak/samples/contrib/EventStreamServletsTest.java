package dev.firebreak.samples.contrib;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandMetrics;
import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.GuardRegistry;
import dev.firebreak.hystrix.HystrixBridge;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** hystrix-metrics-event-stream 1.5.18's servlets, unchanged on Jetty, stream the bridge's commands. */
class EventStreamServletsTest {

    private final ObjectMapper json = new ObjectMapper();
    private ContribServer server;

    @BeforeEach
    void start() throws Exception {
        HystrixPlugins.reset();
        HystrixBridge.install(GuardRegistry.builder().build());
        server = ContribServer.start(0);
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    /**
     * The first event of {@code stream} that {@code wanted} accepts (the dashboard servlet emits every
     * 500 ms, the configuration servlet every 5 s); a stream that never brings it fails after 30 s.
     */
    private JsonNode firstEvent(URI stream, Predicate<JsonNode> wanted) throws Exception {
        CompletableFuture<JsonNode> found = CompletableFuture.supplyAsync(() -> {
            try {
                return read(stream, wanted);
            } catch (Exception failed) {
                throw new CompletionException(failed);
            }
        });
        return found.get(30, TimeUnit.SECONDS);
    }

    private JsonNode read(URI stream, Predicate<JsonNode> wanted) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<InputStream> response = client.send(HttpRequest.newBuilder(stream).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/event-stream"));
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith("data: ")) {
                    JsonNode event = json.readTree(line.substring("data: ".length()));
                    if (wanted.test(event)) {
                        return event;
                    }
                }
            }
        }
        throw new AssertionError("the stream ended without the event");
    }

    @Test
    void theMetricsStreamCarriesTheCommandAsTheDashboardReadsIt() throws Exception {
        for (int i = 0; i < 4; i++) {
            new QuoteCommand(() -> "42").execute();
        }
        JsonNode command = firstEvent(server.streamUri(), e -> "HystrixCommand".equals(e.path("type").asText()));
        HystrixCommandMetrics metrics = HystrixCommandMetrics.getInstance(HystrixCommandKey.Factory.asKey("Quote"));
        assertThat(command.path("name").asText()).isEqualTo("Quote");
        assertThat(command.path("group").asText()).isEqualTo("Quotes");
        assertThat(command.path("isCircuitBreakerOpen").asBoolean()).isFalse();
        assertThat(command.path("rollingCountSuccess").asLong()).isEqualTo(metrics.getRollingCount(HystrixEventType.SUCCESS)).isEqualTo(4);
        assertThat(command.path("requestCount").asLong()).isEqualTo(metrics.getHealthCounts().getTotalRequests());
        assertThat(command.path("propertyValue_executionIsolationStrategy").asText()).isEqualTo("THREAD");
        assertThat(command.path("threadPool").asText()).isEqualTo("QuotePool");

        JsonNode pool = firstEvent(server.streamUri(), e -> "HystrixThreadPool".equals(e.path("type").asText()));
        assertThat(pool.path("name").asText()).isEqualTo("QuotePool");
        assertThat(pool.path("currentCorePoolSize").asInt()).isEqualTo(10);
    }

    @Test
    void theConfigurationStreamCarriesTheCommandsConfiguration() throws Exception {
        new QuoteCommand(() -> "42").execute();
        JsonNode config = firstEvent(server.configStreamUri(), e -> e.path("commands").has("Quote"));
        HystrixCommandMetrics metrics = HystrixCommandMetrics.getInstance(HystrixCommandKey.Factory.asKey("Quote"));
        JsonNode quote = config.path("commands").path("Quote");
        assertThat(quote.path("threadPoolKey").asText()).isEqualTo("QuotePool");
        assertThat(quote.path("execution").path("timeoutInMilliseconds").asInt())
                .isEqualTo(metrics.getProperties().executionTimeoutInMilliseconds().get());
        assertThat(config.path("threadpools").has("QuotePool")).isTrue();
    }
}
