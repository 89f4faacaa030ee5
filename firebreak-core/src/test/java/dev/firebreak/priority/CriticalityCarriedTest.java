package dev.firebreak.priority;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.AsyncBatchFunction;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.context.Criticality;
import dev.firebreak.context.RequestContext;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A level scoped on the calling thread reaches the user's code on a pool or virtual thread, every retry
 * and hedge attempt (and their admissions decide on it), and a collapsed batch (at its requests' highest
 * level); each thread is left as it was.
 */
class CriticalityCarriedTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    @Test
    void aScopedLevelReachesPoolAndVirtualThreadsAndLeavesThemClean() throws Exception {
        for (Isolation isolation : List.of(Isolation.threadPool(), Isolation.virtualThreads(10))) {
            Guard guard = registry.guard("pool-" + isolation.strategy()).isolation(isolation).build();
            String seen = Criticality.SHEDDABLE_PLUS.call(() -> guard.submit(() -> Criticality.current().name())
                    .get(10, TimeUnit.SECONDS));
            assertThat(seen).as("%s", isolation.strategy()).isEqualTo("SHEDDABLE_PLUS");
            assertThat(guard.submit(() -> Criticality.current().name()).get(10, TimeUnit.SECONDS))
                    .as("the next call, without a scope, on the same pool").isEqualTo("CRITICAL");
            assertThat(guard.submit(() -> String.valueOf(Criticality.scopedOrNull())).get(10, TimeUnit.SECONDS))
                    .isEqualTo("null");
        }
    }

    @Test
    void theRequestContextsLevelTravelsWithoutAScope() throws Exception {
        Guard guard = registry.guard("ctx").isolation(Isolation.virtualThreads(10)).build();
        try (RequestContext ctx = RequestContext.open()) {
            ctx.criticality(Criticality.SHEDDABLE);
            assertThat(guard.submit(() -> Criticality.current()).get(10, TimeUnit.SECONDS)).isEqualTo(Criticality.SHEDDABLE);
            assertThat(Criticality.CRITICAL_PLUS.call(() -> guard.submit(() -> Criticality.current()).get(10, TimeUnit.SECONDS)))
                    .as("a scope wins over the context").isEqualTo(Criticality.CRITICAL_PLUS);
        }
    }

    @Test
    void everyRetryAttemptRunsAndIsAdmittedAtTheCallsLevel() throws Exception {
        Guard guard = registry.guard("retried").isolation(Isolation.semaphore(10))
                .priorities(PriorityConfig.builder().enabled(true).build())
                .configure(c -> c.breaker(b -> b.enabled(false))).build();
        ExecutorService elsewhere = Executors.newSingleThreadExecutor();
        try {
            Retry retry = Retry.named("retry").through(guard).attemptExecutor(elsewhere)
                    .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE)
                            .backoff(Duration.ofMillis(10), Duration.ofMillis(10), 1).budgetEnabled(false)).build();
            List<Criticality> levels = new CopyOnWriteArrayList<>();
            CompletableFuture<String> result = Criticality.SHEDDABLE.call(() -> retry.submit(() -> {
                levels.add(Criticality.current());
                if (levels.size() < 3) {
                    throw new IllegalStateException("down");
                }
                return "third";
            }));
            for (int i = 0; i < 2; i++) {
                // the failed attempt's backoff must be on the clock before time moves, or it would wait 10 ms
                // from after the move (the attempt fails on another thread)
                Await.until("the backoff is scheduled", () -> clock.pendingDelays().contains(10 * MS));
                clock.advance(10 * MS);
                awaitSize(levels, i + 2);
            }
            assertThat(result.get(10, TimeUnit.SECONDS)).isEqualTo("third");
            assertThat(levels).containsExactly(Criticality.SHEDDABLE, Criticality.SHEDDABLE, Criticality.SHEDDABLE);
            // the admissions counted every attempt at SHEDDABLE: none is in flight at another level
            assertThat(guard.controls().priorities().inFlight()).isZero();
        } finally {
            elsewhere.shutdownNow();
        }
    }

    @Test
    void aHedgeAttemptRunsAtTheCallsLevel() throws Exception {
        Guard guard = registry.guard("hedged").isolation(Isolation.semaphore(10))
                .priorities(PriorityConfig.builder().enabled(true).build())
                .configure(c -> c.breaker(b -> b.enabled(false))).build();
        ExecutorService elsewhere = Executors.newSingleThreadExecutor();
        try {
            Hedge hedge = Hedge.named("hedge").through(guard).hedgeExecutor(elsewhere)
                    .configure(c -> c.fixedDelay(Duration.ofMillis(20)).budgetEnabled(false)).build();
            List<Criticality> levels = new CopyOnWriteArrayList<>();
            List<CompletableFuture<String>> stages = new CopyOnWriteArrayList<>();
            CompletableFuture<String> result = Criticality.SHEDDABLE_PLUS.call(() -> hedge.submitAsync(Idempotent.stage(() -> {
                levels.add(Criticality.current());
                CompletableFuture<String> stage = new CompletableFuture<>();
                stages.add(stage);
                return stage;
            })));
            clock.advance(20 * MS);
            awaitSize(stages, 2); // each attempt adds its level, then its stage: the stage is the later of the two
            awaitSize(levels, 2);
            assertThat(guard.controls().priorities().inFlight(Criticality.SHEDDABLE_PLUS)).isEqualTo(2);
            stages.get(1).complete("hedge");
            assertThat(result.get(10, TimeUnit.SECONDS)).isEqualTo("hedge");
            assertThat(levels).containsExactly(Criticality.SHEDDABLE_PLUS, Criticality.SHEDDABLE_PLUS);
        } finally {
            elsewhere.shutdownNow();
        }
    }

    @Test
    void aCollapsedBatchRunsAtTheHighestLevelOfItsRequests() throws Exception {
        Guard guard = registry.guard("batch").isolation(Isolation.virtualThreads(10)).timeout(Duration.ofSeconds(10)).build();
        List<Criticality> batchLevels = new CopyOnWriteArrayList<>();
        AsyncBatchFunction<Integer, List<String>> downstream = new AsyncBatchFunction<>() {
            @Override
            public CompletionStage<List<String>> start(List<Integer> arguments) {
                batchLevels.add(Criticality.current());
                List<String> out = new ArrayList<>();
                for (Integer a : arguments) {
                    out.add("v" + a);
                }
                return CompletableFuture.completedFuture(out);
            }
        };
        Collapser<Integer, String> collapser = CollapserRegistry.of(registry).<Integer, String>collapser("c").through(guard)
                .batchAsync(downstream, ResponseMapping.inOrder())
                .configure(c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(10))).build();
        CompletableFuture<String> first = Criticality.SHEDDABLE.call(() -> collapser.submit(1));
        CompletableFuture<String> second = Criticality.CRITICAL_PLUS.call(() -> collapser.submit(2));
        CompletableFuture<String> third = collapser.submit(3); // no scope: the default
        clock.advance(10 * MS);
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("v1");
        assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("v2");
        assertThat(third.get(10, TimeUnit.SECONDS)).isEqualTo("v3");
        CompletableFuture<String> alone = Criticality.SHEDDABLE.call(() -> collapser.submit(4));
        clock.advance(10 * MS);
        assertThat(alone.get(10, TimeUnit.SECONDS)).isEqualTo("v4");
        assertThat(batchLevels).containsExactly(Criticality.CRITICAL_PLUS, Criticality.SHEDDABLE);
        assertThat(Criticality.scopedOrNull()).isNull();
    }

    private static void awaitSize(List<?> list, int size) {
        Await.until("the attempt ran", () -> list.size() >= size);
        assertThat(list).hasSize(size);
    }
}
