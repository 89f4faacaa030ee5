package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Isolation;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class LoadAwareDispatchTest {

    private final CollapserFixture f = new CollapserFixture();

    @Test
    void anIdleCollapserSendsAtOnceEvenWithALinger() {
        Collapser<Integer, String> c = f.loadAware(4, 5_000, 1_000);
        CompletableFuture<String> one = c.submit(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(1)); // left on this thread, no time passed
        f.advanceMillis(500);
        f.answer(0);
        assertThat(one).isCompletedWithValue("v1");
        c.submit(2); // idle again: at once again, whatever the pacing learnt
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2));
    }

    @Test
    void whileABatchIsInFlightRequestsLingerUntilAQuietGap() {
        Collapser<Integer, String> c = f.loadAware(4, 5_000, 1_000);
        c.submit(1); // idle: leaves
        c.submit(2); // one in flight: lingers
        f.advanceMicros(999);
        assertThat(f.downstream.batches()).containsExactly(List.of(1));
        c.submit(3); // extends the linger: 1 ms of quiet from now
        f.advanceMicros(999);
        assertThat(f.downstream.batches()).containsExactly(List.of(1));
        f.advanceMicros(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2, 3));
    }

    @Test
    void aLingerNeverLastsLongerThanItsMaximum() {
        Collapser<Integer, String> c = f.loadAware(4, 3_000, 1_000);
        c.submit(0); // idle: leaves
        for (int i = 1; i <= 4; i++) { // at 0, 900, 1800, 2700 µs: never 1 ms of quiet
            c.submit(i);
            if (i < 4) {
                f.advanceMicros(900);
            }
        }
        f.advanceMicros(299); // 2999 µs since the linger started with request 1
        assertThat(f.downstream.calls).hasSize(1);
        f.advanceMicros(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(0), List.of(1, 2, 3, 4));
    }

    @Test
    void withNoGapTheLingerLastsItsWholeLength() {
        Collapser<Integer, String> c = f.loadAware(4, 500, 0);
        c.submit(1);
        c.submit(2);
        f.advanceMicros(499);
        assertThat(f.downstream.calls).hasSize(1);
        f.advanceMicros(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2));
    }

    @Test
    void whileThreeQuartersOfTheSlotsAreBusyDeparturesArePacedByTheSmoothedBatchLatencyOverK() {
        Collapser<Integer, String> c = f.loadAware(8, 0, 0); // no linger: only the pacing holds batches
        c.submit(0);
        f.advanceMillis(100);
        f.answer(0); // first sample: a batch takes 100 ms, so with k = 8 paced batches leave 12.5 ms apart
        assertThat(c.globalQueue().smoothedBatchLatencyNanos()).isEqualTo(100_000_000L);
        for (int i = 1; i <= 6; i++) {
            c.submit(i); // idle, then fewer than 6 of 8 slots busy: no pacing
        }
        assertThat(f.downstream.calls).hasSize(7);
        c.submit(7); // 6 busy: paced, one interval after the last departure
        f.advanceMicros(12_499);
        assertThat(f.downstream.calls).hasSize(7);
        f.advanceMicros(1);
        assertThat(f.downstream.batches()).last().isEqualTo(List.of(7));
        c.submit(8); // 7 busy: one more interval
        f.advanceMicros(12_499);
        assertThat(f.downstream.calls).hasSize(8);
        f.advanceMicros(1);
        assertThat(f.downstream.batches()).last().isEqualTo(List.of(8));
    }

    @Test
    void pacingAppliesFromThreeQuartersOfTheSlots() {
        assertThat(LoadAwarePacing.applies(5, 8)).isFalse();
        assertThat(LoadAwarePacing.applies(6, 8)).isTrue();
        assertThat(LoadAwarePacing.applies(2, 3)).isFalse(); // k <= 3: a departure needs a free slot, so never paced
        assertThat(LoadAwarePacing.applies(3, 4)).isTrue();
    }

    @Test
    void pacingArithmeticHoldsAcrossTheTickerOverflow() {
        LoadAwarePacing pacing = new LoadAwarePacing();
        long now = Long.MAX_VALUE - 10;
        assertThat(pacing.waitNanos(now, 8, 8)).isZero(); // no sample yet: no pacing
        pacing.batchEnded(800);
        assertThat(pacing.intervalNanos(8)).isEqualTo(100);
        pacing.departed(now, 7, 8); // due = now + 100, past Long.MAX_VALUE
        assertThat(pacing.waitNanos(now, 7, 8)).isEqualTo(100);
        assertThat(pacing.waitNanos(now + 60, 7, 8)).isEqualTo(40);
        assertThat(pacing.waitNanos(now + 100, 7, 8)).isZero();
        pacing.departed(now + 100, 7, 8); // on schedule: due = now + 200
        assertThat(pacing.waitNanos(now + 150, 7, 8)).isEqualTo(50);
        assertThat(pacing.waitNanos(now, 4, 8)).isZero(); // below three quarters: not paced
    }

    @Test
    void theLingerNeverExceedsThePacingInterval() {
        Collapser<Integer, String> c = f.loadAware(1, 20_000, 0);
        c.submit(0);
        f.advanceMillis(4);
        f.answer(0); // a batch takes 4 ms: with k = 1 the linger is capped at 4 ms
        c.submit(1); // idle: leaves
        c.submit(2);
        f.advanceMicros(3_999);
        assertThat(f.downstream.calls).hasSize(2);
        f.answer(1); // the slot frees: 2 was waiting for it, its linger starts over (4 ms, not 20)
        f.advanceMicros(3_999);
        assertThat(f.downstream.calls).hasSize(2);
        f.advanceMicros(1);
        assertThat(f.downstream.batches()).last().isEqualTo(List.of(2));
    }

    @Test
    void theSmoothedLatencyWeighsTheNewestBatchAQuarter() {
        Collapser<Integer, String> c = f.loadAware(4, 0, 0);
        c.submit(0);
        f.advanceMillis(100);
        f.answer(0);
        c.submit(1);
        f.advanceMillis(20);
        f.answer(1); // 100 + (20 - 100) / 4
        assertThat(c.globalQueue().smoothedBatchLatencyNanos()).isEqualTo(80_000_000L);
    }

    @Test
    void aBatchWhoseRequestsAllLeftMakesNoCallAndNoLatencySample() {
        Collapser<Integer, String> c = f.loadAware(1, 0, 0);
        c.submit(1);
        CompletableFuture<String> two = c.submit(2); // waits for the only slot
        two.cancel(false);
        f.advanceMillis(100);
        f.answer(0); // 100 ms; the empty batch of 2 is taken and ends at once, without a call
        assertThat(f.downstream.calls).hasSize(1);
        assertThat(c.globalQueue().batchesInFlight()).isZero();
        assertThat(c.globalQueue().smoothedBatchLatencyNanos()).isEqualTo(100_000_000L);
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
    void whenASlotFreesForAWaitingBatchItsLingerStartsOverForTheReturningCallers() {
        Collapser<Integer, String> c = f.loadAware(1, 5_000, 1_000);
        c.submit(1); // idle: leaves, holds the only slot
        c.submit(2);
        f.advanceMillis(10); // 2's linger is long over, but no slot
        f.answer(0); // the slot frees at 10 ms (a batch of 10 ms: pacing 10 ms apart, already past)
        assertThat(f.downstream.calls).hasSize(1);
        c.submit(3); // 1's caller comes back
        f.advanceMicros(999);
        assertThat(f.downstream.calls).hasSize(1);
        f.advanceMicros(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2, 3));
    }

    @Test
    void aFullBatchLeavesAtAFreeSlotIgnoringTheLinger() {
        Collapser<Integer, String> c = f.builder("full").configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.LOAD_AWARE)
                .loadAwareMaxBatchesInFlight(1).loadAwareLingerInMicroseconds(50_000).loadAwareLingerGapInMicroseconds(0)
                .maxRequestsInBatch(2)).build();
        c.submit(1); // idle: leaves at once, holds the slot
        c.submit(2);
        c.submit(3); // full: closed, waits for the slot
        c.submit(4); // gathers behind it
        assertThat(f.downstream.batches()).containsExactly(List.of(1));
        f.advanceMillis(100);
        f.answer(0); // 4's linger (50 ms) would hold a gathering batch: the full one leaves regardless
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2, 3));
        f.answer(1);
        assertThat(f.downstream.calls).hasSize(2); // 4 lingers: its slot freed just now
        f.advanceMillis(50);
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2, 3), List.of(4));
    }

    @Test
    void theDefaultKIsEightBatchesInFlight() {
        Collapser<Integer, String> c = f.loadAware(0, 0);
        for (int i = 0; i < 12; i++) {
            c.submit(i);
        }
        assertThat(f.downstream.calls).hasSize(CollapserConfig.DEFAULT_BATCHES_IN_FLIGHT).hasSize(8);
        assertThat(c.globalQueue().batchesInFlight()).isEqualTo(8);
        assertThat(c.globalQueue().waiting()).isEqualTo(4);
        f.answer(0);
        assertThat(f.downstream.batches().get(8)).isEqualTo(List.of(8, 9, 10, 11));
    }

    @Test
    void theDefaultKIsCappedByTheGuardsBound() {
        CollapserFixture bounded = new CollapserFixture(g -> g.isolation(Isolation.virtualThreads(2)));
        Collapser<Integer, String> c = bounded.loadAware(0, 0);
        c.submit(1);
        c.submit(2);
        c.submit(3);
        assertThat(bounded.downstream.batches()).containsExactly(List.of(1), List.of(2));
        assertThat(bounded.guard.controls().permitsInFlight()).isEqualTo(2); // never rejected by its own guard
        bounded.answer(0);
        assertThat(bounded.downstream.batches()).containsExactly(List.of(1), List.of(2), List.of(3));
    }

    @Test
    void theDefaultsLingerOnlyUnderLoad() {
        CollapserConfig defaults = CollapserConfig.defaults();
        assertThat(defaults.loadAwareMaxBatchesInFlight()).isZero();
        assertThat(defaults.loadAwareLingerInMicroseconds()).isEqualTo(20_000);
        assertThat(defaults.loadAwareLingerGapInMicroseconds()).isEqualTo(3_000);
        Collapser<Integer, String> c = f.builder("defaults").build();
        c.submit(1);
        assertThat(f.downstream.calls).hasSize(1); // a lone caller pays no linger
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
        c.reconfigure(c.config().toBuilder().dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(10)).build());
        f.advanceMillis(10);
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2));
    }

    @Test
    void shorteningTheLingerLiveMovesThePendingTimer() {
        Collapser<Integer, String> c = f.loadAware(4, 50_000, 0);
        c.submit(1);
        c.submit(2); // lingers 50 ms
        f.advanceMillis(1);
        c.reconfigure(c.config().toBuilder().loadAwareLingerInMicroseconds(2_000).build());
        f.advanceMicros(999);
        assertThat(f.downstream.calls).hasSize(1);
        f.advanceMicros(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2));
    }
}
