package dev.firebreak.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Retry and hedge calls are spans whose attempts (guarded calls) are their children, with the
 * decisions as events and the losing hedge cancelled; a collapsed request's span links to its batch's.
 */
class CallPolicySpansTest {

    private final SpanRecorder rec = new SpanRecorder();

    @AfterEach
    void close() {
        rec.close();
    }

    private Guard semaphoreGuard() {
        return rec.registry.guard("users").isolation(Isolation.semaphore(100)).timeout(Duration.ofSeconds(1))
                .configure(c -> c.breaker(b -> b.enabled(false)).isolation(i -> i.interruptOnCancel(true))).build();
    }

    @Test
    void aRetryIsOneSpanWithAChildSpanPerAttemptAndItsBackoffsAsEvents() {
        Retry retry = Retry.named("users-retry").through(semaphoreGuard()).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).budgetEnabled(false)
                        .backoff(Duration.ofMillis(10), Duration.ofMillis(100), 2)).build();
        int[] calls = {0};
        Span request = rec.request();
        CompletableFuture<String> result;
        try (Scope scope = request.makeCurrent()) {
            result = retry.submit(() -> {
                if (++calls[0] < 3) {
                    throw new IllegalStateException("down " + calls[0]);
                }
                return "third time";
            }).thenApply(value -> value + (Span.current() == request ? " in the request" : " elsewhere"));
        }
        rec.clock.advance(Duration.ofMillis(10));
        rec.clock.advance(Duration.ofMillis(20)); // the last attempt runs on this thread, outside the request
        assertThat(result.join()).isEqualTo("third time in the request");
        request.end();

        List<SpanData> spans = rec.spans(5);
        SpanData root = SpanRecorder.only(spans, SpanRecorder.named("request"));
        SpanData policy = SpanRecorder.only(spans, SpanRecorder.named("users-retry"));
        assertThat(policy.getParentSpanId()).isEqualTo(root.getSpanId());
        assertThat(policy.getAttributes().get(SpanAttributes.POLICY)).isEqualTo("retry");
        assertThat(policy.getAttributes().get(SpanAttributes.ATTEMPTS)).isEqualTo(3L);
        assertThat(policy.getAttributes().get(SpanAttributes.OUTCOME)).isEqualTo("success");
        assertThat(policy.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(policy.getEvents()).extracting(EventData::getName).containsExactly("firebreak.retried", "firebreak.retried");
        assertThat(policy.getEvents()).extracting(e -> e.getAttributes().get(SpanAttributes.DURATION)).containsExactly(0.01, 0.02);

        List<SpanData> attempts = children(spans, policy);
        assertThat(attempts).extracting(SpanData::getName).containsOnly("users");
        assertThat(attempts).extracting(s -> s.getAttributes().get(SpanAttributes.ATTEMPT)).containsExactly(1L, 2L, 3L);
        assertThat(attempts).extracting(s -> s.getAttributes().get(SpanAttributes.OUTCOME))
                .containsExactly("failure", "failure", "success");
        assertThat(attempts).extracting(s -> s.getStatus().getStatusCode())
                .containsExactly(StatusCode.ERROR, StatusCode.ERROR, StatusCode.UNSET); // each failed attempt failed its caller, the policy
    }

    @Test
    void aRefusedRetryIsAnEventAndTheFailureEndsThePolicySpanInError() {
        Retry retry = Retry.named("thrifty").through(semaphoreGuard()).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).budget(10, 0).throttleEnabled(false)).build();
        CompletableFuture<String> result = retry.submit(() -> {
            throw new IllegalStateException("down");
        });
        assertThat(result).isCompletedExceptionally();
        List<SpanData> spans = rec.spans(2);
        SpanData policy = SpanRecorder.only(spans, SpanRecorder.named("thrifty"));
        assertThat(policy.getEvents()).extracting(EventData::getName).contains("firebreak.budget_exhausted");
        assertThat(policy.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        assertThat(policy.getAttributes().get(SpanAttributes.OUTCOME)).isEqualTo("failure");
        assertThat(policy.getAttributes().get(SpanAttributes.FALLBACK)).isEqualTo("missing");
        assertThat(children(spans, policy)).hasSize(1);
    }

    @Test
    void aHedgeIsOneSpanWhoseLosingAttemptEndsCancelled() {
        Guard guard = semaphoreGuard();
        Hedge hedge = Hedge.named("users-hedge").through(guard).hedgeExecutor(Runnable::run)
                .configure(c -> c.fixedDelay(Duration.ofMillis(20)).budgetEnabled(false)).build();
        List<CompletableFuture<String>> stages = new CopyOnWriteArrayList<>();
        Span request = rec.request();
        CompletableFuture<String> result;
        try (Scope scope = request.makeCurrent()) {
            result = hedge.submitAsync(Idempotent.stage(() -> {
                CompletableFuture<String> stage = new CompletableFuture<>();
                stages.add(stage);
                return stage;
            }));
        }
        rec.clock.advance(Duration.ofMillis(20));
        assertThat(stages).hasSize(2);
        stages.get(1).complete("from the hedge");
        assertThat(result).isCompletedWithValue("from the hedge");
        request.end();

        List<SpanData> spans = rec.spans(4);
        SpanData root = SpanRecorder.only(spans, SpanRecorder.named("request"));
        SpanData policy = SpanRecorder.only(spans, SpanRecorder.named("users-hedge"));
        assertThat(policy.getParentSpanId()).isEqualTo(root.getSpanId());
        assertThat(policy.getEvents()).extracting(EventData::getName).containsExactly("firebreak.hedged", "firebreak.loser_cancelled");
        assertThat(policy.getAttributes().get(SpanAttributes.ATTEMPTS)).isEqualTo(2L);
        List<SpanData> attempts = children(spans, policy);
        assertThat(attempts).extracting(s -> s.getAttributes().get(SpanAttributes.ATTEMPT)).containsExactly(1L, 2L);
        assertThat(attempts).extracting(s -> s.getAttributes().get(SpanAttributes.OUTCOME)).containsExactly("cancelled", "success");
    }

    @Test
    void aCollapsedRequestsSpanLinksToItsBatchsSpanWhoseChildIsTheBatchCall() throws Exception {
        Guard guard = rec.registry.guard("ids-batch").isolation(Isolation.virtualThreads(10)).build();
        List<SpanContext> batchSaw = new CopyOnWriteArrayList<>();
        Collapser<Integer, String> collapser = CollapserRegistry.of(rec.registry).<Integer, String>collapser("ids")
                .through(guard).batch(arguments -> {
                    batchSaw.add(Span.current().getSpanContext());
                    return arguments.stream().map(a -> "v" + a).toList();
                }, ResponseMapping.inOrder())
                .configure(c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(10)))
                .build();
        Span first = rec.request();
        Span second = rec.request();
        List<CompletableFuture<String>> answers = new ArrayList<>();
        for (Span request : List.of(first, second)) {
            try (Scope scope = request.makeCurrent()) {
                String expected = request == first ? "first" : "second";
                answers.add(collapser.submit(answers.size() + 1)
                        .thenApply(v -> v + (Span.current() == request ? " in " + expected : " elsewhere")));
            }
        }
        rec.clock.advance(Duration.ofMillis(10)); // the window closes on the timer thread
        assertThat(answers.get(0).get(10, TimeUnit.SECONDS)).isEqualTo("v1 in first");
        assertThat(answers.get(1).get(10, TimeUnit.SECONDS)).isEqualTo("v2 in second");
        first.end();
        second.end();

        List<SpanData> spans = rec.spans(6); // 2 requests, 2 collapsed requests, the batch, its call
        SpanData batch = SpanRecorder.only(spans, SpanRecorder.named("ids batch"));
        assertThat(batch.getParentSpanContext().isValid()).as("a batch belongs to no one caller").isFalse();
        assertThat(batch.getAttributes().get(SpanAttributes.BATCH_SIZE)).isEqualTo(2L);
        SpanData call = SpanRecorder.only(spans, SpanRecorder.named("ids-batch"));
        assertThat(call.getParentSpanId()).isEqualTo(batch.getSpanId());
        assertThat(call.getAttributes().get(SpanAttributes.ATTEMPT)).isEqualTo(1L);
        assertThat(batchSaw).containsExactly(call.getSpanContext()); // the batch function runs in the batch call's span
        List<SpanData> requests = spans.stream().filter(SpanRecorder.named("ids")).toList();
        assertThat(requests).hasSize(2);
        for (SpanData collapsed : requests) {
            assertThat(collapsed.getLinks()).extracting(LinkData::getSpanContext).containsExactly(batch.getSpanContext());
            assertThat(batch.getLinks()).extracting(LinkData::getSpanContext).contains(collapsed.getSpanContext());
        }
        assertThat(requests).extracting(SpanData::getParentSpanId)
                .containsExactlyInAnyOrder(first.getSpanContext().getSpanId(), second.getSpanContext().getSpanId());
    }

    private static List<SpanData> children(List<SpanData> spans, SpanData parent) {
        return spans.stream().filter(s -> s.getParentSpanId().equals(parent.getSpanId()))
                .sorted(Comparator.comparing(s -> s.getAttributes().get(SpanAttributes.ATTEMPT))).toList();
    }
}
