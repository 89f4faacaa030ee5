package dev.firebreak.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.ManualClock;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The spans leave the process in OTLP over HTTP (protobuf, the JDK's HttpClient) and reach a trace
 * receiver on loopback that decodes the real wire format: names, parents, attributes and status
 * arrive as recorded. The receiver is started and stopped inside the test.
 */
class OtlpExportTest {

    private final List<io.opentelemetry.proto.trace.v1.Span> received = new CopyOnWriteArrayList<>();
    private final List<String> contentTypes = new CopyOnWriteArrayList<>();

    @Test
    void spansReachAReceiverOverOtlpHttpOnLoopback() throws Exception {
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/v1/traces", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                contentTypes.add(exchange.getRequestHeaders().getFirst("Content-Type"));
                ExportTraceServiceRequest request = ExportTraceServiceRequest.parseFrom(body.readAllBytes());
                for (ResourceSpans resource : request.getResourceSpansList()) {
                    for (ScopeSpans scope : resource.getScopeSpansList()) {
                        received.addAll(scope.getSpansList());
                    }
                }
                byte[] answer = io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse.getDefaultInstance().toByteArray();
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, answer.length);
                exchange.getResponseBody().write(answer);
            } finally {
                exchange.close();
            }
        });
        receiver.start();
        OtlpHttpSpanExporter exporter = OtlpHttpSpanExporter.builder()
                .setEndpoint("http://127.0.0.1:" + receiver.getAddress().getPort() + "/v1/traces")
                .setTimeout(Duration.ofSeconds(10)).build();
        SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(provider).build();
        GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build();
        try (FirebreakTracing tracing = FirebreakTracing.bind(registry, sdk)) {
            Guard users = registry.guard("users").group("accounts").isolation(Isolation.virtualThreads(10)).build();
            Guard open = registry.guard("open").isolation(Isolation.semaphore(10))
                    .configure(c -> c.breaker(b -> b.forceOpen(true))).build();
            Tracer callers = sdk.getTracer("test.callers");
            Span request = callers.spanBuilder("GET /users/7").startSpan();
            try (Scope scope = request.makeCurrent()) {
                assertThat(users.execute(() -> "user 7")).isEqualTo("user 7");
                assertThat(open.execute(() -> "never", failure -> "cached")).isEqualTo("cached");
            } finally {
                request.end();
            }
            CompletableResultCode flushed = provider.forceFlush().join(10, TimeUnit.SECONDS);
            assertThat(flushed.isSuccess()).as("exported to the receiver").isTrue();
        } finally {
            provider.close();
            registry.close();
            receiver.stop(0);
        }

        assertThat(contentTypes).allMatch(type -> type.startsWith("application/x-protobuf"));
        Map<String, io.opentelemetry.proto.trace.v1.Span> byName = received.stream()
                .collect(Collectors.toMap(io.opentelemetry.proto.trace.v1.Span::getName, Function.identity()));
        assertThat(byName).containsOnlyKeys("GET /users/7", "users", "open");
        io.opentelemetry.proto.trace.v1.Span root = byName.get("GET /users/7");
        io.opentelemetry.proto.trace.v1.Span users = byName.get("users");
        io.opentelemetry.proto.trace.v1.Span open = byName.get("open");
        assertThat(users.getParentSpanId()).isEqualTo(root.getSpanId());
        assertThat(open.getParentSpanId()).isEqualTo(root.getSpanId());
        assertThat(users.getTraceId()).isEqualTo(root.getTraceId());
        assertThat(attributes(users)).containsEntry("firebreak.guard", "users").containsEntry("firebreak.group", "accounts")
                .containsEntry("firebreak.isolation", "virtual").containsEntry("firebreak.outcome", "success");
        assertThat(attributes(open)).containsEntry("firebreak.outcome", "short_circuited")
                .containsEntry("firebreak.fallback", "success");
        assertThat(open.getStatus().getCode())
                .isEqualTo(io.opentelemetry.proto.trace.v1.Status.StatusCode.STATUS_CODE_UNSET);
    }

    private static Map<String, String> attributes(io.opentelemetry.proto.trace.v1.Span span) {
        return span.getAttributesList().stream().collect(Collectors.toMap(KeyValue::getKey, kv -> kv.getValue().getStringValue()
                + (kv.getValue().hasIntValue() ? String.valueOf(kv.getValue().getIntValue()) : "")));
    }
}
