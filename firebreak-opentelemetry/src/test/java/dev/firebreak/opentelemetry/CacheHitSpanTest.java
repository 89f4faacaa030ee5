package dev.firebreak.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.context.RequestContext;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A call the request cache answers is a guarded call too: it has its span, a child of its caller's,
 * whose outcome says where the answer came from.
 */
class CacheHitSpanTest {

    private final SpanRecorder rec = new SpanRecorder();

    @AfterEach
    void close() {
        rec.close();
    }

    @Test
    void aCallAnsweredFromTheRequestCacheHasASpanSayingSo() throws Exception {
        Guard users = rec.registry.guard("users").isolation(Isolation.semaphore(10)).build();
        AtomicInteger ran = new AtomicInteger();
        Span request = rec.request();
        try (Scope scope = request.makeCurrent(); RequestContext context = RequestContext.open()) {
            assertThat(users.cached("ada").execute(() -> "Ada #" + ran.incrementAndGet())).isEqualTo("Ada #1");
            assertThat(users.cached("ada").submit(() -> "Ada #" + ran.incrementAndGet()).get()).isEqualTo("Ada #1");
            assertThat(users.cached("ada").submitAsync(() -> java.util.concurrent.CompletableFuture.completedFuture("x")).get())
                    .isEqualTo("Ada #1");
        } finally {
            request.end();
        }
        assertThat(ran).hasValue(1);
        List<SpanData> guarded = rec.spans(4).stream().filter(SpanRecorder.named("users"))
                .sorted(Comparator.comparingLong(SpanData::getStartEpochNanos)).toList();
        assertThat(guarded).hasSize(3);
        assertThat(guarded).allSatisfy(span -> assertThat(span.getParentSpanId()).isEqualTo(request.getSpanContext().getSpanId()));
        assertThat(guarded).extracting(span -> span.getAttributes().get(SpanAttributes.OUTCOME))
                .containsExactly("success", "response_from_cache", "response_from_cache");
        assertThat(guarded.subList(1, 3)).extracting(span -> span.getAttributes().get(SpanAttributes.CALL_MODE))
                .containsExactly("submit", "submit_async");
    }

    @Test
    void aCachedFailureIsAnErrorForEveryCallerItReaches() {
        Guard users = rec.registry.guard("users").isolation(Isolation.semaphore(10)).build();
        try (RequestContext context = RequestContext.open()) {
            for (int i = 0; i < 2; i++) {
                assertThatThrownBy(() -> users.cached("bob").execute(() -> {
                    throw new IllegalStateException("no bob");
                })).hasRootCauseMessage("no bob");
            }
        }
        List<SpanData> spans = rec.spans(2);
        assertThat(spans).extracting(span -> span.getAttributes().get(SpanAttributes.OUTCOME))
                .containsExactlyInAnyOrder("failure", "response_from_cache");
        assertThat(spans).allSatisfy(span -> assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR));
    }
}
