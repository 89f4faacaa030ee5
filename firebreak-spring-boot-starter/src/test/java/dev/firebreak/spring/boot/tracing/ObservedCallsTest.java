package dev.firebreak.spring.boot.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A Boot application with the starter next to Boot's Micrometer Tracing over OpenTelemetry (the bridge
 * and the SDK Boot configures), exporting to the SDK's in-memory exporter: every guarded call is a span
 * with the firebreak.* attributes, a child of the caller's span, with no Firebreak code for tracing.
 */
class ObservedCallsTest {

    private static ConfigurableApplicationContext context;
    private static InMemorySpanExporter exporter;
    private static GuardRegistry registry;
    private static ObservationRegistry observations;
    private static Tracer tracer;

    /** Boot's auto-configuration, with the OpenTelemetry bridge only (the Zipkin test takes Brave's). */
    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class OtelApplication {
        @Bean
        InMemorySpanExporter inMemorySpanExporter() {
            return InMemorySpanExporter.create();
        }
    }

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(OtelApplication.class).web(WebApplicationType.NONE)
                .properties("management.tracing.sampling.probability=1.0", "spring.main.banner-mode=off",
                        TracingApplications.excluding(TracingApplications.BRAVE))
                .run();
        exporter = context.getBean(InMemorySpanExporter.class);
        registry = context.getBean(GuardRegistry.class);
        observations = context.getBean(ObservationRegistry.class);
        tracer = context.getBean(Tracer.class);
    }

    @AfterAll
    static void stop() {
        if (context != null) {
            context.close();
        }
    }

    @BeforeEach
    void clear() {
        flush();
        exporter.reset();
    }

    @Test
    void theStarterInstalledItsTracerOnceAndBootsTracingMakesSpans() {
        assertThat(registry.tracer()).isInstanceOf(ObservationCallTracer.class);
        assertThat(context.getBean(RegistryObservations.class).installed()).isSameAs(registry.tracer());
        assertThat(context.getBeansOfType(RegistryObservations.class)).hasSize(1);
    }

    @Test
    void aGuardedCallInsideAParentSpanIsItsChildWithTheAttributes() {
        Guard guard = registry.guard("users").isolation(Isolation.semaphore(10)).build();
        Observation parent = Observation.start("request", observations);
        String value;
        try (Observation.Scope scope = parent.openScope()) {
            value = guard.execute(() -> "alice");
        } finally {
            parent.stop();
        }
        assertThat(value).isEqualTo("alice");
        SpanData request = span("request");
        SpanData call = span("users");
        assertThat(call.getParentSpanId()).isEqualTo(request.getSpanId());
        assertThat(call.getTraceId()).isEqualTo(request.getTraceId());
        assertThat(attribute(call, "firebreak.guard")).isEqualTo("users");
        assertThat(attribute(call, "firebreak.group")).isEqualTo("users");
        assertThat(attribute(call, "firebreak.isolation")).isEqualTo("semaphore");
        assertThat(attribute(call, "firebreak.call.mode")).isEqualTo("execute");
        assertThat(attribute(call, "firebreak.outcome")).isEqualTo("success");
        assertThat(attribute(call, "firebreak.fallback")).isNull();
        assertThat(call.getStatus().getStatusCode()).isNotEqualTo(StatusCode.ERROR);
    }

    @Test
    void aShortCircuitedCallAnsweredByItsFallbackSaysSo() {
        Guard guard = registry.guard("open").isolation(Isolation.semaphore(10))
                .configure(c -> c.breaker(b -> b.forceOpen(true))).build();
        assertThat(guard.execute(() -> "never", failure -> "cached")).isEqualTo("cached");
        SpanData call = span("open");
        assertThat(attribute(call, "firebreak.outcome")).isEqualTo("short_circuited");
        assertThat(attribute(call, "firebreak.fallback")).isEqualTo("success");
        assertThat(call.getStatus().getStatusCode()).as("the caller got a value").isNotEqualTo(StatusCode.ERROR);
        assertThat(call.getParentSpanContext().isValid()).as("no caller's span: a root").isFalse();
    }

    @Test
    void aFailureWithoutFallbackIsAnError() {
        Guard guard = registry.guard("failing").isolation(Isolation.semaphore(10)).build();
        try {
            guard.execute(() -> {
                throw new IllegalStateException("down");
            });
        } catch (RuntimeException expected) {
            assertThat(expected).hasRootCauseInstanceOf(IllegalStateException.class);
        }
        SpanData call = span("failing");
        assertThat(attribute(call, "firebreak.outcome")).isEqualTo("failure");
        assertThat(attribute(call, "firebreak.fallback")).isEqualTo("missing");
        assertThat(call.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    }

    @Test
    void aRetrysAttemptsAreChildrenOfItsSpan() throws Exception {
        Guard guard = registry.guard("flaky").isolation(Isolation.semaphore(10))
                .configure(c -> c.breaker(b -> b.enabled(false))).build();
        Retry retry = Retry.named("flaky-retry").through(guard)
                .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).budgetEnabled(false)
                        .backoff(Duration.ofMillis(1), Duration.ofMillis(2), 2)).build();
        int[] calls = {0};
        String value = retry.submit(() -> {
            if (++calls[0] < 3) {
                throw new IllegalStateException("down " + calls[0]);
            }
            return "third";
        }).get(10, TimeUnit.SECONDS);
        assertThat(value).isEqualTo("third");
        SpanData policy = span("flaky-retry");
        assertThat(attribute(policy, "firebreak.policy")).isEqualTo("retry");
        assertThat(attribute(policy, "firebreak.attempts")).isEqualTo("3");
        assertThat(attribute(policy, "firebreak.outcome")).isEqualTo("success");
        assertThat(policy.getEvents()).extracting(EventData::getName).containsExactly("firebreak.retried", "firebreak.retried");
        List<SpanData> attempts = spans("flaky");
        assertThat(attempts).hasSize(3).allSatisfy(attempt -> {
            assertThat(attempt.getParentSpanId()).isEqualTo(policy.getSpanId());
            assertThat(attempt.getTraceId()).isEqualTo(policy.getTraceId());
        });
        assertThat(attempts).extracting(attempt -> attribute(attempt, "firebreak.attempt"))
                .containsExactlyInAnyOrder("1", "2", "3");
        assertThat(attempts).extracting(attempt -> attribute(attempt, "firebreak.outcome"))
                .containsExactlyInAnyOrder("failure", "failure", "success");
    }

    @Test
    void theContextReachesAThreadIsolatedCallsCode() throws Exception {
        Guard pooled = registry.guard("pooled")
                .isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(2).build())).build();
        Thread caller = Thread.currentThread();
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        Span parent = tracer.nextSpan().name("handler").start();
        String value;
        try (Tracer.SpanInScope scope = tracer.withSpan(parent)) {
            value = pooled.submit(() -> {
                ranOn.set(Thread.currentThread());
                Span own = tracer.nextSpan().name("client").start(); // the user's code makes a span of its own
                own.end();
                return "pooled";
            }).get(10, TimeUnit.SECONDS);
        } finally {
            parent.end();
        }
        assertThat(value).isEqualTo("pooled");
        assertThat(ranOn.get()).isNotNull().isNotSameAs(caller);
        SpanData handler = span("handler");
        SpanData call = span("pooled");
        SpanData client = span("client");
        assertThat(call.getParentSpanId()).as("the guard span is the handler's child").isEqualTo(handler.getSpanId());
        assertThat(client.getParentSpanId()).as("the user's span is the guard span's child").isEqualTo(call.getSpanId());
        assertThat(attribute(call, "firebreak.isolation")).isEqualTo("thread");
        assertThat(attribute(call, "firebreak.pool")).isEqualTo("pooled");
        assertThat(attribute(call, "firebreak.call.mode")).isEqualTo("submit");
        assertThat(tracer.currentSpan()).as("the caller's thread is back to nothing").isNull();
    }

    /** Exports what the batch processor holds (bounded). */
    private static void flush() {
        context.getBean(SdkTracerProvider.class).forceFlush().join(10, TimeUnit.SECONDS);
    }

    /** The one span named {@code name}, once exported (polled, with a deadline). */
    private static SpanData span(String name) {
        List<SpanData> found = spans(name);
        assertThat(found).as("spans named " + name).hasSize(1);
        return found.get(0);
    }

    private static List<SpanData> spans(String name) {
        AtomicReference<List<SpanData>> found = new AtomicReference<>();
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() -> {
            flush();
            found.set(exporter.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList());
            return !found.get().isEmpty();
        });
        return found.get();
    }

    private static String attribute(SpanData span, String key) {
        return span.getAttributes().get(AttributeKey.stringKey(key));
    }
}
