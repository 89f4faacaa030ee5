package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/** The batch-size listeners the metric binders feed their histograms from. */
class BatchSizeListenerTest {

    private final CollapserFixture f = new CollapserFixture();

    @Test
    void everyBatchIsToldWithItsSizeAndAThrowingListenerBreaksNothing() {
        Collapser<Integer, String> c = f.loadAware(4, 5_000, 1_000);
        List<Integer> sizes = new CopyOnWriteArrayList<>();
        IntConsumer throwing = size -> {
            throw new IllegalStateException("a broken listener");
        };
        c.metrics().addBatchSizeListener(throwing);
        c.metrics().addBatchSizeListener(sizes::add);
        CompletableFuture<String> one = c.submit(1); // idle: leaves at once
        c.submit(2); // lingers behind the batch in flight
        c.submit(3);
        f.advanceMicros(1_000);
        assertThat(f.downstream.batches()).containsExactly(List.of(1), List.of(2, 3));
        assertThat(sizes).containsExactly(1, 2);
        f.answer(0);
        assertThat(one).isCompletedWithValue("v1");

        c.metrics().removeBatchSizeListener(throwing);
        f.answer(1);
        c.submit(4);
        assertThat(sizes).as("the listener left in place is still told").containsExactly(1, 2, 1);
    }
}
