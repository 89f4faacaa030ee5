package dev.firebreak.spring.boot.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import io.micrometer.core.instrument.MeterRegistry;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
                        "firebreak.chaos.enabled=true", // for the span of an injected call
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
        MeterRegistry meters = context.getBean(MeterRegistry.class);
        assertThat(meters.find("request").timer()).as("Boot's meter handler times observations").isNotNull();
        assertThat(meters.find("firebreak.guard.call").meters()).as("but not the calls': the binder's meters count them")
                .isEmpty();
    }

    @Test
    void aCallWithAnInjectedFaultIsMarkedOnItsSpan() {
        Guard guard = registry.guard("chaotic").isolation(Isolation.semaphore(10)).build();
        assertThat(guard.execute(() -> "real", failure -> "fallback")).isEqualTo("real");
        assertThat(attribute(span("chaotic"), "firebreak.chaos.injected")).isNull();
        flush();
        exporter.reset();
        dev.firebreak.testkit.Chaos.failEveryCall(guard);
        assertThat(guard.execute(() -> "real", failure -> "fallback")).isEqualTo("fallback");
        SpanData call = span("chaotic");
        assertThat(attribute(call, "firebreak.chaos.injected")).isEqualTo("true");
        assertThat(attribute(call, "firebreak.outcome")).isEqualTo("failure");
    }

    @Test
    void aSpanMadeWithTheTracerApiIsTheParentToo() {
        Guard guard = registry.guard("stock").isolation(Isolation.virtualThreads(10)).build();
        Span parent = tracer.nextSpan().name("consumer").start();
        try (Tracer.SpanInScope scope = tracer.withSpan(parent)) {
            assertThat(guard.execute(() -> 7)).isEqualTo(7);
        } finally {
            parent.end();
        }
        SpanData call = span("stock");
        assertThat(call.getParentSpanId()).isEqualTo(parent.context().spanId());
        assertThat(attribute(call, "firebreak.isolation")).isEqualTo("virtual");
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
    void aHedgesAttemptsAreChildrenOfItsSpanAndTheLoserIsCancelled() throws Exception {
        Guard guard = registry.guard("slowish").isolation(Isolation.virtualThreads(10)).build();
        Hedge hedge = Hedge.named("slowish-hedge").through(guard)
                .configure(c -> c.fixedDelay(Duration.ofMillis(20)).maxHedges(1).budgetEnabled(false).throttleEnabled(false))
                .build();
        CountDownLatch never = new CountDownLatch(1);
        AtomicInteger attempts = new AtomicInteger();
        try {
            String value = hedge.submit(Idempotent.call(() -> {
                int attempt = attempts.incrementAndGet();
                if (attempt == 1) {
                    never.await(10, TimeUnit.SECONDS); // the first attempt hangs: the hedge answers, it loses
                }
                return "attempt " + attempt;
            })).get(10, TimeUnit.SECONDS);
            assertThat(value).isEqualTo("attempt 2");
        } finally {
            never.countDown();
        }
        SpanData policy = span("slowish-hedge");
        assertThat(attribute(policy, "firebreak.policy")).isEqualTo("hedge");
        assertThat(policy.getEvents()).extracting(EventData::getName).contains("firebreak.hedged");
        List<SpanData> calls = awaitSpans("slowish", 2);
        assertThat(calls).hasSize(2).allSatisfy(call -> assertThat(call.getParentSpanId()).isEqualTo(policy.getSpanId()));
        assertThat(calls).extracting(call -> attribute(call, "firebreak.attempt") + " " + attribute(call, "firebreak.outcome"))
                .containsExactlyInAnyOrder("1 cancelled", "2 success");
    }

    @Test
    void theContextReachesAThreadIsolatedCallsCode() throws Exception {
        Guard pooled = registry.guard("pooled")
                .isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(2).build())).build();
        Thread caller = Thread.currentThread();
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        AtomicReference<Thread> continuedOn = new AtomicReference<>();
        AtomicReference<String> continuedIn = new AtomicReference<>();
        CountDownLatch attached = new CountDownLatch(1);
        Observation handler = Observation.createNotStarted("handler", observations).start(); // as a web request is
        String callerSpan;
        String value;
        try (Observation.Scope scope = handler.openScope()) {
            callerSpan = tracer.currentSpan().context().spanId();
            CompletableFuture<String> future = pooled.submit(() -> {
                ranOn.set(Thread.currentThread());
                Span own = tracer.nextSpan().name("client").start(); // the user's code makes a span of its own
                own.end();
                attached.await(); // the continuation below is attached first, so the pool thread runs it
                return "pooled";
            });
            CompletableFuture<String> continued = future.thenApply(v -> {
                continuedOn.set(Thread.currentThread());
                Span current = tracer.currentSpan();
                continuedIn.set(current == null ? null : current.context().spanId());
                return v;
            });
            attached.countDown();
            value = continued.get(10, TimeUnit.SECONDS);
        } finally {
            handler.stop();
        }
        assertThat(value).isEqualTo("pooled");
        assertThat(ranOn.get()).isNotNull().isNotSameAs(caller);
        assertThat(continuedOn.get()).as("the pool thread completed it").isSameAs(ranOn.get());
        assertThat(continuedIn.get()).as("the caller's continuation sees the caller's span")
                .isEqualTo(callerSpan);
        SpanData call = span("pooled");
        SpanData client = span("client");
        assertThat(call.getParentSpanId()).as("the guard span is the handler's child").isEqualTo(span("handler").getSpanId());
        assertThat(client.getParentSpanId()).as("the user's span is the guard span's child").isEqualTo(call.getSpanId());
        assertThat(attribute(call, "firebreak.isolation")).isEqualTo("thread");
        assertThat(attribute(call, "firebreak.pool")).isEqualTo("pooled");
        assertThat(attribute(call, "firebreak.call.mode")).isEqualTo("submit");
        assertThat(tracer.currentSpan()).as("the caller's thread is back to nothing").isNull();
    }

    @Test
    void aWaitInThePoolsQueueIsAnEventOfTheCallsSpan() throws Exception {
        Guard queued = registry.guard("queued").isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(1)
                .maxQueueSize(5).queueSizeRejectionThreshold(5).build())).build();
        CountDownLatch secondSubmitted = new CountDownLatch(1);
        AtomicLong submittedAt = new AtomicLong();
        CompletableFuture<String> first = queued.submit(() -> {
            secondSubmitted.await();
            while (System.nanoTime() - submittedAt.get() < TimeUnit.MILLISECONDS.toNanos(3)) {
                Thread.onSpinWait(); // holds the pool's one thread: the second call waits in the queue meanwhile
            }
            return "first";
        });
        submittedAt.set(System.nanoTime());
        CompletableFuture<String> second = queued.submit(() -> "second");
        secondSubmitted.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
        assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("second");
        List<SpanData> calls = awaitSpans("queued", 2);
        assertThat(calls).anySatisfy(call -> assertThat(call.getEvents()).extracting(EventData::getName)
                .containsExactly("firebreak.wait.queue"));
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
        return awaitSpans(name, 1);
    }

    /** The spans named {@code name}, once at least {@code count} are exported (polled, with a deadline). */
    private static List<SpanData> awaitSpans(String name, int count) {
        AtomicReference<List<SpanData>> found = new AtomicReference<>();
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() -> {
            flush();
            found.set(exporter.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList());
            return found.get().size() >= count;
        });
        return found.get();
    }

    private static String attribute(SpanData span, String key) {
        return span.getAttributes().get(AttributeKey.stringKey(key));
    }
}
