package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Isolation;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class LoadAwareDispatchTest {

    private final CollapserFixture f = new CollapserFixture();

    @Test
    void aLoneCallerPaysNoWindow() {
        Collapser<Integer, String> c = f.loadAware(2, 0);
        CompletableFuture<String> one = c.submit(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(1)); // left on this thread, no time passed
        f.answer(0);
        assertThat(one).isCompletedWithValue("v1");
    }

    @Test
    void requestsArrivingWhileEverySlotIsBusyGatherAndLeaveWhenASlotFrees() {
        Collapser<Integer, String> c = f.loadAware(1, 0);
        c.submit(1);
        CompletableFuture<String> two = c.submit(2);
        CompletableFuture<String> three = c.submit(3);
        f.advanceMillis(50);
        assertThat(f.downstream.batches()).containsExactly(List.of(1));
        f.answer(0);
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2, 3));
        f.answer(1);
        assertThat(two).isCompletedWithValue("v2");
        assertThat(three).isCompletedWithValue("v3");
    }

    @Test
    void requestsArrivingTogetherLeaveTogetherAfterTheLinger() {
        Collapser<Integer, String> c = f.loadAware(4, 500);
        c.submit(1);
        f.advanceMicros(200);
        c.submit(2);
        f.advanceMicros(299);
        assertThat(f.downstream.calls).isEmpty();
        f.advanceMicros(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(1, 2));
        c.submit(3); // a slot is free: a new linger
        f.advanceMicros(500);
        assertThat(f.downstream.batches()).containsExactly(List.of(1, 2), List.of(3));
    }

    @Test
    void whenALingerEndsWithNoSlotFreeTheRequestsWaitForOneAndLingerAgain() {
        Collapser<Integer, String> c = f.loadAware(2, 500);
        c.submit(1);
        f.advanceMicros(500);
        c.submit(2); // the second slot is free: a linger starts
        c.reconfigure(c.config().toBuilder().loadAwareMaxBatchesInFlight(1).build());
        f.advanceMicros(500); // its linger ended, but now the only slot is busy
        assertThat(f.downstream.batches()).containsExactly(List.of(1));
        f.answer(0); // the slot frees: a linger starts for the waiting request
        c.submit(3);
        assertThat(f.downstream.calls).hasSize(1);
        f.advanceMicros(500);
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2, 3));
    }

    @Test
    void aFullBatchWaitsForASlotAndLeavesAheadOfTheOneGatheringBehindIt() {
        Collapser<Integer, String> c = f.builder("full").configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.LOAD_AWARE)
                .loadAwareMaxBatchesInFlight(1).loadAwareLingerInMicroseconds(0).maxRequestsInBatch(2)).build();
        c.submit(1);
        c.submit(2);
        c.submit(3); // full: closed, waits for the slot
        c.submit(4);
        assertThat(f.downstream.batches()).containsExactly(List.of(1));
        f.answer(0);
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2, 3));
        f.answer(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2, 3), List.of(4));
    }

    @Test
    void kIsDerivedFromTheGuardsBoundWhenNotConfigured() {
        CollapserFixture bounded = new CollapserFixture(g -> g.isolation(Isolation.virtualThreads(2)));
        Collapser<Integer, String> c = bounded.loadAware(0, 0);
        c.submit(1);
        c.submit(2);
        c.submit(3);
        assertThat(bounded.downstream.batches()).containsExactly(List.of(1), List.of(2));
        assertThat(bounded.guard.permitsInFlight()).isEqualTo(2); // never rejected by its own guard
        bounded.answer(0);
        assertThat(bounded.downstream.batches()).containsExactly(List.of(1), List.of(2), List.of(3));
    }

    @Test
    void batchesGrowByThemselvesAsLoadGrows() {
        Collapser<Integer, String> c = f.loadAware(2, 0);
        for (int i = 0; i < 10; i++) {
            c.submit(i);
        }
        f.answer(0);
        f.answer(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(0), List.of(1), List.of(2, 3, 4, 5, 6, 7, 8, 9));
        CollapserMetricsSnapshot snapshot = c.snapshot();
        assertThat(snapshot.rollingCountBatches()).isEqualTo(3);
        assertThat(snapshot.rollingCountRequestsBatched()).isEqualTo(10);
        assertThat(snapshot.batchSize()).containsEntry("50", 1).containsEntry("100", 8);
    }

    @Test
    void switchingTheStrategyLiveTakesEffectAtTheNextDecision() {
        Collapser<Integer, String> c = f.loadAware(1, 0);
        c.submit(1);
        c.submit(2); // waits for the slot
        c.reconfigure(c.config().toBuilder().dispatchStrategy(DispatchStrategy.TIMER).timerDelayInMilliseconds(10).build());
        f.advanceMillis(10);
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2));
    }
}
