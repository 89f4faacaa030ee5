package dev.firebreak.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What tracing skips to stay cheap: a no-op OpenTelemetry installs no tracer at all, and a call under a
 * parent that is not sampled builds no span (unless the binding asks the sampler every time) while the
 * parent still reaches the user's code wherever it runs.
 */
class TracingCostTest {

    private static final SpanContext NOT_SAMPLED = SpanContext.create("0af7651916cd43dd8448eb211c80319c",
            "b7ad6b7169203331", TraceFlags.getDefault(), TraceState.getDefault());

    private final GuardRegistry registry = GuardRegistry.builder().build();
    private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
    // A sampler that samples everything, even under an unsampled parent: it shows whether it was asked.
    private final SdkTracerProvider provider = SdkTracerProvider.builder().setSampler(Sampler.alwaysOn())
            .addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
    private final OpenTelemetry sdk = OpenTelemetrySdk.builder().setTracerProvider(provider).build();

    @AfterEach
    void close() {
        GlobalOpenTelemetry.resetForTest();
        registry.close();
        provider.close();
    }

    @Test
    void aNoopOpenTelemetryInstallsNoTracer() {
        Guard guard = registry.guard("plain").isolation(Isolation.semaphore(10)).build();
        for (OpenTelemetry noop : List.of(OpenTelemetry.noop(), OpenTelemetry.propagating(
                io.opentelemetry.context.propagation.ContextPropagators.noop()))) {
            try (FirebreakTracing tracing = FirebreakTracing.bind(registry, noop)) {
                assertThat(registry.tracer()).as("the registry's tracer bound to %s", noop).isNull();
                assertThat(tracing.isInstalled()).isFalse();
                assertThat(tracing).hasToString("FirebreakTracing[no-op]");
                assertThat(guard.execute(() -> "served")).isEqualTo("served");
            }
        }
        try (FirebreakTracing tracing = FirebreakTracing.bind(registry, TracerProvider.noop().get("mine"))) {
            assertThat(registry.tracer()).isNull();
        }
        // Closing a no-op binding must not release a tracer someone else installed.
        try (FirebreakTracing real = FirebreakTracing.bind(registry, sdk)) {
            FirebreakTracing.bind(registry, OpenTelemetry.noop()).close();
            assertThat(registry.tracer()).isNotNull();
            assertThat(real.isInstalled()).isTrue();
        }
        assertThat(registry.tracer()).isNull();
    }

    @Test
    void theGlobalOpenTelemetryIsNoopOnlyWhenNothingWasSet() {
        GlobalOpenTelemetry.resetForTest();
        try (FirebreakTracing tracing = FirebreakTracing.bind(registry, GlobalOpenTelemetry.get())) {
            assertThat(registry.tracer()).as("get() with nothing set is no-op for good").isNull();
        }
        GlobalOpenTelemetry.resetForTest();
        GlobalOpenTelemetry.set(sdk);
        try (FirebreakTracing tracing = FirebreakTracing.bind(registry, GlobalOpenTelemetry.get())) {
            assertThat(registry.tracer()).as("a global SDK, seen through the global's wrapper").isNotNull();
        }
    }

    @Test
    void underAnUnsampledParentNoSpanIsBuiltAndTheParentReachesThePoolThread() throws Exception {
        Guard pooled = registry.guard("pooled").isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(1).build()))
                .build();
        try (FirebreakTracing tracing = FirebreakTracing.bind(registry, sdk)) {
            CompletableFuture<String> seen;
            try (Scope scope = Context.current().with(Span.wrap(NOT_SAMPLED)).makeCurrent()) {
                seen = pooled.submit(() -> Thread.currentThread().getName() + " " + Span.current().getSpanContext());
            }
            String answer = seen.get(10, TimeUnit.SECONDS);
            assertThat(answer).endsWith(" " + NOT_SAMPLED).doesNotStartWith(Thread.currentThread().getName() + " ");
            assertThat(finished()).as("the always-on sampler was never asked").isEmpty();

            assertThat(pooled.submit(() -> "root").get(10, TimeUnit.SECONDS)).isEqualTo("root");
            assertThat(finished()).as("with no parent the sampler decides").hasSize(1);
        }
    }

    @Test
    void aRetryUnderAnUnsampledParentBuildsNoSpanAndItsAttemptsSeeTheParent() {
        try (FirebreakTracing tracing = FirebreakTracing.bind(registry, sdk)) {
            Guard guard = registry.guard("users").isolation(Isolation.semaphore(10)).timeout(Duration.ofSeconds(5))
                    .configure(c -> c.breaker(b -> b.enabled(false))).build();
            Retry retry = Retry.named("users-retry").through(guard)
                    .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).budgetEnabled(false)
                            .backoff(Duration.ofMillis(1), Duration.ofMillis(1), 1)).build();
            int[] calls = {0};
            CompletableFuture<String> result;
            try (Scope scope = Context.current().with(Span.wrap(NOT_SAMPLED)).makeCurrent()) {
                result = retry.submit(() -> {
                    if (++calls[0] < 3) {
                        throw new IllegalStateException("down " + calls[0]);
                    }
                    return String.valueOf(Span.current().getSpanContext());
                });
            }
            assertThat(result.orTimeout(10, TimeUnit.SECONDS).join()).isEqualTo(String.valueOf(NOT_SAMPLED));
            assertThat(calls[0]).isEqualTo(3);
            assertThat(finished()).isEmpty();
        }
    }

    @Test
    void alwaysAskSamplerBuildsTheSpanASamplerMayKeepUnderAnUnsampledParent() {
        Guard guard = registry.guard("asked").isolation(Isolation.semaphore(10)).build();
        try (FirebreakTracing tracing = FirebreakTracing.builder(sdk).alwaysAskSampler().bind(registry)) {
            SpanContext inside;
            try (Scope scope = Context.current().with(Span.wrap(NOT_SAMPLED)).makeCurrent()) {
                inside = guard.execute(() -> Span.current().getSpanContext());
            }
            List<SpanData> spans = finished();
            assertThat(spans).hasSize(1);
            assertThat(spans.getFirst().getParentSpanId()).isEqualTo(NOT_SAMPLED.getSpanId());
            assertThat(inside).isEqualTo(spans.getFirst().getSpanContext());
        }
    }

    private List<SpanData> finished() {
        provider.forceFlush().join(10, TimeUnit.SECONDS);
        return exporter.getFinishedSpanItems();
    }
}
