package dev.firebreak.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.testkit.ManualClock;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * A registry on a manual clock with an OpenTelemetry SDK whose spans land in memory as they end, and
 * the test's own "request" tracer for the caller's parent spans. Closed after each test.
 */
final class SpanRecorder implements AutoCloseable {

    final ManualClock clock = new ManualClock();
    final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    final InMemorySpanExporter exporter = InMemorySpanExporter.create();
    final SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
    final OpenTelemetry openTelemetry = OpenTelemetrySdk.builder().setTracerProvider(provider).build();
    final Tracer callers = openTelemetry.getTracer("test.callers");
    final FirebreakTracing tracing = FirebreakTracing.bind(registry, openTelemetry);

    /** A started parent span standing for the caller's request. */
    Span request() {
        return callers.spanBuilder("request").startSpan();
    }

    /**
     * The ended spans once {@code count} have ended. A span ends before its call's caller gets the
     * outcome, but a call's caller may be woken by another thread: a short bounded wait covers the
     * few microseconds between (no time-based assertion is made).
     */
    List<SpanData> spans(int count) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (exporter.getFinishedSpanItems().size() < count && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        List<SpanData> spans = exporter.getFinishedSpanItems();
        assertThat(spans).as("ended spans").hasSize(count);
        return spans;
    }

    /** The one ended span that matches. */
    static SpanData only(List<SpanData> spans, Predicate<SpanData> which) {
        List<SpanData> found = spans.stream().filter(which).toList();
        assertThat(found).as("spans matching").hasSize(1);
        return found.getFirst();
    }

    static Predicate<SpanData> named(String name) {
        return span -> span.getName().equals(name);
    }

    @Override
    public void close() {
        tracing.close();
        registry.close();
        provider.close();
    }
}
