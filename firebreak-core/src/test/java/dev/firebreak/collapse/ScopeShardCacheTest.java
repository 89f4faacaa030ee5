package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ScopeShardCacheTest {

    private final CollapserFixture f = new CollapserFixture();

    @Test
    void shardingSplitsOneWindowIntoOneCallPerKey() {
        Collapser<Integer, String> c = f.builder("shards").shardBy(a -> a % 2)
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)).build();
        List<CompletableFuture<String>> futures = List.of(c.submit(1), c.submit(2), c.submit(3), c.submit(4));
        f.advanceMillis(10);
        assertThat(f.downstream.batches()).containsExactly(List.of(1, 3), List.of(2, 4));
        f.answer(1);
        assertThat(c.metrics().batchesInFlight()).isEqualTo(1); // a sharded batch ends with its last shard
        f.answer(0);
        assertThat(c.metrics().batchesInFlight()).isZero();
        for (int i = 0; i < 4; i++) {
            assertThat(futures.get(i)).isCompletedWithValue("v" + (i + 1));
        }
        CollapserMetricsSnapshot snapshot = c.snapshot();
        assertThat(snapshot.rollingCountBatches()).isEqualTo(1);
        assertThat(snapshot.rollingCountShards()).isEqualTo(2);
        assertThat(snapshot.rollingCountRequestsBatched()).isEqualTo(4);
    }

    @Test
    void globalScopeBatchesCallersOfDifferentRequestsTogether() {
        Collapser<Integer, String> c = f.timer(10);
        try (RequestContext a = RequestContext.open()) {
            c.submit(1);
        }
        try (RequestContext b = RequestContext.open()) {
            c.submit(2);
        }
        f.advanceMillis(10);
        assertThat(f.downstream.batches()).containsExactly(List.of(1, 2));
    }

    @Test
    void requestScopeBatchesOnlyCallersOfTheSameRequest() {
        Collapser<Integer, String> c = f.builder("perRequest").scope(Scope.REQUEST)
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)).build();
        CompletableFuture<String> a1;
        CompletableFuture<String> b1;
        RequestContext a;
        try (RequestContext ctx = RequestContext.open()) {
            a = ctx;
            a1 = c.submit(1);
            c.submit(2);
        }
        try (RequestContext b = RequestContext.open()) {
            b1 = c.submit(3);
        }
        f.advanceMillis(10);
        assertThat(f.downstream.batches()).containsExactlyInAnyOrder(List.of(1, 2), List.of(3));
        for (int i = 0; i < f.downstream.calls.size(); i++) {
            f.answer(i);
        }
        assertThat(a1).isCompletedWithValue("v1");
        assertThat(b1).isCompletedWithValue("v3");
        // a REQUEST-scoped batch runs in its request: its guard call is in that request's log
        assertThat(a.log().entries()).extracting(e -> e.name()).containsExactly("batch", "perRequest", "perRequest");
    }

    @Test
    void aCacheKeySendsOneRequestPerKeyInAContext() {
        Collapser<Integer, String> c = f.builder("cached").cacheKey(a -> a)
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)).build();
        CompletableFuture<String> first;
        CompletableFuture<String> second;
        CompletableFuture<String> other;
        try (RequestContext ctx = RequestContext.open()) {
            first = c.submit(7);
            second = c.submit(7);
            other = c.submit(8);
        }
        CompletableFuture<String> outside = c.submit(7); // no context: no cache
        f.advanceMillis(10);
        assertThat(f.downstream.batches()).containsExactly(List.of(7, 8, 7));
        f.answer(0);
        assertThat(first).isCompletedWithValue("v7");
        assertThat(second).isCompletedWithValue("v7");
        assertThat(other).isCompletedWithValue("v8");
        assertThat(outside).isCompletedWithValue("v7");
        assertThat(c.metrics().cumulativeCount(EventType.RESPONSE_FROM_CACHE)).isEqualTo(1);
        assertThat(c.snapshot().rollingCountResponsesFromCache()).isEqualTo(1);
    }

    @Test
    void requestCacheEnabledFalseSendsEveryRequest() {
        Collapser<Integer, String> c = f.builder("uncached").cacheKey(a -> a)
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER).requestCacheEnabled(false)).build();
        try (RequestContext ctx = RequestContext.open()) {
            c.submit(7);
            c.submit(7);
        }
        f.advanceMillis(10);
        assertThat(f.downstream.batches()).containsExactly(List.of(7, 7));
    }

    @Test
    void aSharerCancellingItsCopyDoesNotCancelTheSharedRequest() {
        Collapser<Integer, String> c = f.builder("share").cacheKey(a -> a)
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)).build();
        CompletableFuture<String> first;
        try (RequestContext ctx = RequestContext.open()) {
            first = c.submit(7);
            c.submit(7).cancel(true);
        }
        f.advanceMillis(10);
        f.answer(0);
        assertThat(first).isCompletedWithValue("v7");
    }

    @Test
    void theRequestLogShowsCollapsedRequestsOnOneLine() {
        Collapser<Integer, String> c = f.timer(10);
        try (RequestContext ctx = RequestContext.open()) {
            List<CompletableFuture<String>> futures = List.of(c.submit(1), c.submit(2), c.submit(3));
            f.advanceMillis(10);
            f.advanceMillis(2);
            f.answer(0);
            CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).join();
            assertThat(ctx.log().format()).isEqualTo("timer[SUCCESS, COLLAPSED][12ms]x3");
        }
    }
}
