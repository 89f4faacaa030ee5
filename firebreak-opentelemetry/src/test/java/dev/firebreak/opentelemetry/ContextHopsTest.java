package dev.firebreak.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.isolation.ThreadPoolConfig;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The user's own spans, made where Firebreak runs its code (a pool thread, a virtual thread, a
 * timeout's fallback off the timer, an async continuation), land in the right place of the tree.
 */
class ContextHopsTest {

    private final SpanRecorder rec = new SpanRecorder();

    @AfterEach
    void close() {
        rec.close();
    }

    private Span downstream(String name) {
        return rec.callers.spanBuilder(name).startSpan();
    }

    @Test
    void spansMadeOnAPoolThreadAndInATimeoutsFallbackAreChildrenOfTheGuardsSpan() throws Exception {
        Guard pooled = rec.registry.guard("pooled").isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(2).build()))
                .timeout(Duration.ofMillis(100)).build();
        CountDownLatch started = new CountDownLatch(1);
        Span request = rec.request();
        CompletableFuture<String> result;
        CompletableFuture<String> continued;
        try (Scope scope = request.makeCurrent()) {
            result = pooled.submit(() -> {
                downstream("http GET /slow").end();
                started.countDown();
                new CountDownLatch(1).await(); // hangs until interrupted at the timeout
                return "never";
            }, failure -> {
                downstream("cache lookup").end();
                return Thread.currentThread().isVirtual() ? "from the cache, off the timer" : "on a platform thread";
            });
            continued = result.thenApply(value -> {
                downstream("render").end(); // the caller's continuation: a child of the caller's span
                return value;
            });
        }
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        rec.clock.advance(Duration.ofMillis(100)); // the timeout's fallback runs off the timer
        assertThat(continued.get(10, TimeUnit.SECONDS)).isEqualTo("from the cache, off the timer");
        request.end();

        List<SpanData> spans = rec.spans(5);
        SpanData root = SpanRecorder.only(spans, SpanRecorder.named("request"));
        SpanData guard = SpanRecorder.only(spans, SpanRecorder.named("pooled"));
        assertThat(guard.getParentSpanId()).isEqualTo(root.getSpanId());
        assertThat(SpanRecorder.only(spans, SpanRecorder.named("http GET /slow")).getParentSpanId()).isEqualTo(guard.getSpanId());
        assertThat(SpanRecorder.only(spans, SpanRecorder.named("cache lookup")).getParentSpanId()).isEqualTo(guard.getSpanId());
        assertThat(SpanRecorder.only(spans, SpanRecorder.named("render")).getParentSpanId()).isEqualTo(root.getSpanId());
        assertThat(spans).extracting(SpanData::getTraceId).containsOnly(root.getTraceId());
        assertThat(guard.getAttributes().get(SpanAttributes.OUTCOME)).isEqualTo("timeout");
    }

    @Test
    void aVirtualThreadsSpansAndAnAsyncContinuationFollowTheCall() throws Exception {
        Guard virtual = rec.registry.guard("virtual").isolation(Isolation.virtualThreads(10)).build();
        CompletableFuture<String> io = new CompletableFuture<>();
        Span request = rec.request();
        CompletableFuture<String> continued;
        try (Scope scope = request.makeCurrent()) {
            CompletableFuture<String> sync = virtual.submit(() -> {
                downstream("on a virtual thread").end();
                return Thread.currentThread().isVirtual() ? "virtual" : "platform";
            });
            assertThat(sync.get(10, TimeUnit.SECONDS)).isEqualTo("virtual");
            continued = virtual.submitAsync(() -> {
                downstream("sends the request").end();
                return io;
            }).thenApply(value -> {
                downstream("after the response").end();
                return value;
            });
        }
        Thread.ofPlatform().start(() -> io.complete("response")).join(); // the I/O completes on a thread of its own
        assertThat(continued.get(10, TimeUnit.SECONDS)).isEqualTo("response");
        request.end();

        List<SpanData> spans = rec.spans(6);
        SpanData root = SpanRecorder.only(spans, SpanRecorder.named("request"));
        List<SpanData> guards = spans.stream().filter(SpanRecorder.named("virtual")).toList();
        assertThat(guards).hasSize(2).allMatch(g -> g.getParentSpanId().equals(root.getSpanId()));
        SpanData submitted = SpanRecorder.only(guards, s -> "submit".equals(s.getAttributes().get(SpanAttributes.CALL_MODE)));
        SpanData async = SpanRecorder.only(guards, s -> "submit_async".equals(s.getAttributes().get(SpanAttributes.CALL_MODE)));
        assertThat(SpanRecorder.only(spans, SpanRecorder.named("on a virtual thread")).getParentSpanId()).isEqualTo(submitted.getSpanId());
        assertThat(SpanRecorder.only(spans, SpanRecorder.named("sends the request")).getParentSpanId()).isEqualTo(async.getSpanId());
        assertThat(SpanRecorder.only(spans, SpanRecorder.named("after the response")).getParentSpanId()).isEqualTo(root.getSpanId());
    }

    @Test
    void underAParentThatIsNotSampledNoSpanIsMadeAndTheParentStillReachesThePoolThread() throws Exception {
        Guard pooled = rec.registry.guard("pooled").isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(1).build()))
                .build();
        SpanContext notSampled = SpanContext.create("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331",
                TraceFlags.getDefault(), TraceState.getDefault());
        CompletableFuture<SpanContext> seen;
        try (Scope scope = Context.current().with(Span.wrap(notSampled)).makeCurrent()) {
            seen = pooled.submit(() -> Span.current().getSpanContext());
        }
        assertThat(seen.get(10, TimeUnit.SECONDS)).isEqualTo(notSampled); // the downstream call propagates "not sampled"
        rec.provider.forceFlush().join(10, TimeUnit.SECONDS);
        assertThat(rec.exporter.getFinishedSpanItems()).isEmpty();
    }
}
