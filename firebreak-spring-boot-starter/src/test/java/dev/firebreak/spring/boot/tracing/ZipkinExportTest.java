package dev.firebreak.spring.boot.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Over the network: a Boot application with spring-boot-starter-zipkin (Micrometer Tracing over Brave,
 * Zipkin's reporter) sends its spans to a Zipkin v2 JSON receiver on loopback, written here; the guard's
 * span arrives with its firebreak.* tags, a child of the request's span.
 */
class ZipkinExportTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final List<JsonNode> received = new CopyOnWriteArrayList<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private HttpServer receiver;

    /** Boot's auto-configuration, with the Brave bridge only (the OpenTelemetry one is ObservedCallsTest's). */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class ZipkinApplication {
    }

    @BeforeEach
    void startReceiver() throws IOException {
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/api/v2/spans", exchange -> {
            try (exchange) {
                requests.add(exchange.getRequestMethod() + " " + exchange.getRequestHeaders().getFirst("Content-Type"));
                byte[] body;
                try (InputStream in = "gzip".equals(exchange.getRequestHeaders().getFirst("Content-Encoding"))
                        ? new GZIPInputStream(exchange.getRequestBody()) : exchange.getRequestBody()) {
                    body = in.readAllBytes();
                }
                for (JsonNode span : JSON.readTree(new String(body, StandardCharsets.UTF_8))) {
                    received.add(span);
                }
                exchange.sendResponseHeaders(202, -1); // what Zipkin's server answers
            }
        });
        receiver.start();
    }

    @AfterEach
    void stopReceiver() {
        receiver.stop(0);
    }

    @Test
    void theGuardsSpanReachesZipkinWithItsTagsAsTheRequestsChild() {
        String endpoint = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/api/v2/spans";
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(ZipkinApplication.class)
                .web(WebApplicationType.NONE)
                .properties("management.tracing.sampling.probability=1.0", "spring.main.banner-mode=off",
                        "management.tracing.export.zipkin.endpoint=" + endpoint,
                        TracingApplications.excluding(TracingApplications.OPENTELEMETRY))
                .run()) {
            assertThat(context.getBean(io.micrometer.tracing.Tracer.class).getClass().getName()).contains("Brave");
            GuardRegistry registry = context.getBean(GuardRegistry.class);
            Guard guard = registry.guard("inventory").isolation(Isolation.virtualThreads(10)).build();
            ObservationRegistry observations = context.getBean(ObservationRegistry.class);
            Observation request = Observation.start("checkout", observations);
            try (Observation.Scope scope = request.openScope()) {
                String answer = guard.<String>execute(() -> {
                    throw new IllegalStateException("inventory down");
                }, failure -> "unknown");
                assertThat(answer).isEqualTo("unknown");
            } finally {
                request.stop();
            }

            JsonNode call = awaitSpan("inventory");
            JsonNode parent = awaitSpan("checkout");
            assertThat(call.get("traceId").asString()).isEqualTo(parent.get("traceId").asString());
            assertThat(call.get("parentId").asString()).isEqualTo(parent.get("id").asString());
            JsonNode tags = call.get("tags");
            assertThat(tags.get("firebreak.guard").asString()).isEqualTo("inventory");
            assertThat(tags.get("firebreak.group").asString()).isEqualTo("inventory");
            assertThat(tags.get("firebreak.isolation").asString()).isEqualTo("virtual");
            assertThat(tags.get("firebreak.call.mode").asString()).isEqualTo("execute");
            assertThat(tags.get("firebreak.outcome").asString()).isEqualTo("failure");
            assertThat(tags.get("firebreak.fallback").asString()).isEqualTo("success");
            assertThat(tags.has("error")).as("a fallback answered: not an error").isFalse();
            assertThat(requests).allMatch(r -> r.startsWith("POST application/json"));
        }
    }

    /** The span named {@code name} once the receiver has it (bounded by a deadline). */
    private JsonNode awaitSpan(String name) {
        List<JsonNode> found = new ArrayList<>();
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50)).until(() -> {
            Optional<JsonNode> span = received.stream().filter(s -> name.equals(s.path("name").asString())).findFirst();
            span.ifPresent(found::add);
            return span.isPresent();
        });
        return found.get(0);
    }
}
