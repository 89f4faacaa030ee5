package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class TimerDispatchTest {

    private final CollapserFixture f = new CollapserFixture();

    @Test
    void theFirstRequestOpensTheWindowAndTheBatchLeavesWhenItCloses() {
        Collapser<Integer, String> c = f.timer(10);
        f.advanceMillis(7); // no window runs while nothing waits
        CompletableFuture<String> one = c.submit(1);
        f.advanceMillis(4);
        CompletableFuture<String> two = c.submit(2);
        f.advanceMillis(5);
        assertThat(f.downstream.calls).isEmpty(); // 9 ms after the first request
        f.advanceMillis(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(1, 2));

        CompletableFuture<String> three = c.submit(3); // the window closed: a new one opens now
        f.advanceMillis(9);
        assertThat(f.downstream.calls).hasSize(1);
        f.advanceMillis(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(1, 2), List.of(3));

        f.answer(0);
        f.answer(1);
        assertThat(one).isCompletedWithValue("v1");
        assertThat(two).isCompletedWithValue("v2");
        assertThat(three).isCompletedWithValue("v3");
    }

    @Test
    void aFullBatchLeavesAtOnceAndTheNextRequestOpensANewWindow() {
        Collapser<Integer, String> c = f.builder("max").configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)
                .timerDelay(Duration.ofMillis(10)).maxRequestsInBatch(3)).build();
        c.submit(1);
        c.submit(2);
        c.submit(3);
        assertThat(f.downstream.batches()).containsExactly(List.of(1, 2, 3));
        c.submit(4);
        f.advanceMillis(9);
        assertThat(f.downstream.calls).hasSize(1);
        f.advanceMillis(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(1, 2, 3), List.of(4));
    }

    @Test
    void timerDoesNotLimitBatchesInFlight() {
        Collapser<Integer, String> c = f.timer(10);
        for (int i = 0; i < 3; i++) {
            c.submit(i);
            f.advanceMillis(10);
        }
        assertThat(f.downstream.calls).hasSize(3);
        assertThat(c.metrics().batchesInFlight()).isEqualTo(3);
    }

    @Test
    void aRequestCancelledBeforeDispatchLeavesTheBatch() {
        Collapser<Integer, String> c = f.timer(10);
        CompletableFuture<String> one = c.submit(1);
        CompletableFuture<String> two = c.submit(2);
        assertThat(one.cancel(true)).isTrue();
        f.advanceMillis(10);
        assertThat(f.downstream.batches()).containsExactly(List.of(2));
        f.answer(0);
        assertThat(one).isCancelled();
        assertThat(two).isCompletedWithValue("v2");
    }

    @Test
    void aBatchWhoseRequestsAllLeftMakesNoCall() {
        Collapser<Integer, String> c = f.timer(10);
        c.submit(1).cancel(false);
        f.advanceMillis(10);
        assertThat(f.downstream.calls).isEmpty();
        assertThat(c.metrics().batchesInFlight()).isZero();
        assertThat(c.globalQueue().batchesInFlight()).isZero();
    }

    @Test
    void loweringMaxRequestsInBatchLiveReleasesTheWaitingBatch() {
        Collapser<Integer, String> c = f.timer(10);
        c.submit(1);
        c.submit(2);
        c.submit(3);
        c.reconfigure(c.config().toBuilder().maxRequestsInBatch(2).build());
        assertThat(f.downstream.batches()).containsExactly(List.of(1, 2, 3));
    }

    @Test
    void aLongerWindowTakesEffectForTheNextWindow() {
        Collapser<Integer, String> c = f.timer(10);
        c.reconfigure(c.config().toBuilder().timerDelay(Duration.ofMillis(100)).build());
        c.submit(1);
        f.advanceMillis(99);
        assertThat(f.downstream.calls).isEmpty();
        f.advanceMillis(1);
        assertThat(f.downstream.calls).hasSize(1);
    }
}
