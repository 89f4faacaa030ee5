package dev.firebreak.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.Chaos;
import dev.firebreak.testkit.ManualClock;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A call with an injected fault says so on its span ({@code firebreak.chaos.injected}); other calls do not. */
class ChaosSpanTest {

    @Test
    void anInjectedCallsSpanCarriesTheChaosAttribute() {
        InMemorySpanExporter exporter = InMemorySpanExporter.create();
        SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
        OpenTelemetry openTelemetry = OpenTelemetrySdk.builder().setTracerProvider(provider).build();
        List<SpanData> spans;
        try (GuardRegistry registry = Chaos.registry(new ManualClock(), 1)) {
            FirebreakTracing.bind(registry, openTelemetry);
            Guard guard = registry.guard("orders").isolation(Isolation.semaphore(5)).build();
            assertThat(guard.execute(() -> "real", failure -> "fallback")).isEqualTo("real");
            Chaos.failEveryCall(guard);
            assertThat(guard.execute(() -> "real", failure -> "fallback")).isEqualTo("fallback");
            spans = exporter.getFinishedSpanItems(); // before shutting the exporter down, which forgets them
        } finally {
            provider.close();
        }
        assertThat(spans).hasSize(2);
        assertThat(spans.get(0).getAttributes().get(SpanAttributes.CHAOS_INJECTED)).isNull();
        assertThat(spans.get(1).getAttributes().get(SpanAttributes.CHAOS_INJECTED)).isTrue();
        assertThat(spans.get(1).getAttributes().get(SpanAttributes.OUTCOME)).isEqualTo("failure");
    }
}
