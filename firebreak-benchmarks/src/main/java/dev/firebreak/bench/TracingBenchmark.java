package dev.firebreak.bench;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.GuardedCall;
import dev.firebreak.Isolation;
import dev.firebreak.opentelemetry.FirebreakTracing;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.github.resilience4j.micrometer.tagged.TaggedCircuitBreakerMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a span per call costs: one SEMAPHORE guard (the cheapest path, so tracing's share shows) whose
 * body returns at once, with tracing off (no tracer bound), bound to {@code OpenTelemetry.noop()}
 * (which installs nothing: the same path as off), bound to the SDK under a parent that is not sampled
 * (no span is built, the context still flows), and bound to the SDK sampling every span into a no-op exporter (the span is
 * built, timed and handed over); beside Resilience4j's circuit breaker with its Micrometer metrics
 * ({@code TaggedCircuitBreakerMetrics}), and without them. Goals (issue 36): off adds at most 5 ns to
 * {@code firebreak-off}'s figure before the seam, not-sampled at most 50 ns over off. Not part of
 * {@link Suite#all()}: run it with JMH's runner ({@code org.openjdk.jmh.Main TracingBenchmark}), with
 * {@code -prof gc} for the allocation per call.
 */
@State(org.openjdk.jmh.annotations.Scope.Thread) // set up on the benchmark's own thread: the parent context is its
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class TracingBenchmark {

    /** The subject: Firebreak's tracing states, then Resilience4j's breaker with and without Micrometer. */
    @Param({"firebreak-off", "firebreak-noop", "firebreak-not-sampled", "firebreak-sampled",
            "resilience4j-micrometer", "resilience4j"})
    public String subject;

    private GuardRegistry registry;
    private FirebreakTracing tracing;
    private SdkTracerProvider provider;
    private Scope parent = () -> { };
    private Subject protectedCall;

    /** Builds the subject on this thread, makes its parent context current, and checks one call. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        registry = GuardRegistry.builder().build();
        Guard guard = registry.guard("bench").isolation(Isolation.semaphore(10)).build();
        GuardedCall<Long> body = () -> Work.VALUE; // made once: a lambda per call would allocate
        Subject firebreak = () -> guard.execute(body, null);
        Subject chosen = switch (subject) {
            case "firebreak-off" -> firebreak;
            case "firebreak-noop" -> {
                tracing = FirebreakTracing.bind(registry, OpenTelemetry.noop());
                yield firebreak;
            }
            case "firebreak-not-sampled" -> {
                tracing = FirebreakTracing.bind(registry, sdk(Sampler.parentBased(Sampler.alwaysOn())));
                parent = Context.current().with(Span.wrap(SpanContext.create("0af7651916cd43dd8448eb211c80319c",
                        "b7ad6b7169203331", TraceFlags.getDefault(), TraceState.getDefault()))).makeCurrent();
                yield firebreak;
            }
            case "firebreak-sampled" -> {
                tracing = FirebreakTracing.bind(registry, sdk(Sampler.alwaysOn()));
                yield firebreak;
            }
            case "resilience4j-micrometer", "resilience4j" -> {
                CircuitBreakerRegistry breakers = CircuitBreakerRegistry.ofDefaults();
                if (subject.equals("resilience4j-micrometer")) {
                    TaggedCircuitBreakerMetrics.ofCircuitBreakerRegistry(breakers).bindTo(new SimpleMeterRegistry());
                }
                CircuitBreaker breaker = breakers.circuitBreaker("bench");
                Supplier<Long> decorated = CircuitBreaker.decorateSupplier(breaker, () -> Work.VALUE);
                yield decorated::get;
            }
            default -> throw new IllegalArgumentException("unknown subject " + subject);
        };
        protectedCall = Subject.verified(chosen, Work.VALUE, subject);
    }

    private OpenTelemetry sdk(Sampler sampler) {
        provider = SdkTracerProvider.builder().setSampler(sampler)
                .addSpanProcessor(SimpleSpanProcessor.create(new NoopExporter())).build();
        return OpenTelemetrySdk.builder().setTracerProvider(provider).build();
    }

    /** Closes the parent's scope, the binding, the SDK and the registry. */
    @TearDown(Level.Trial)
    public void tearDown() {
        parent.close();
        if (tracing != null) {
            tracing.close();
        }
        if (provider != null) {
            provider.close();
        }
        registry.close();
    }

    /** One call of the subject. */
    @Benchmark
    public long call() throws Exception {
        return protectedCall.call();
    }

    /** Takes every span and does nothing with it: the cost measured stops at the exporter's door. */
    private static final class NoopExporter implements SpanExporter {
        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }
}
