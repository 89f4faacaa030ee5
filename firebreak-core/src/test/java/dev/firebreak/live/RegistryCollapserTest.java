package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.config.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The registry's real collapsers take their properties live, the delay included. */
class RegistryCollapserTest {

    @Test
    void aRegisteredCollapsersDelayAndBatchSizeChangeLive() throws Exception {
        try (Fixture f = new Fixture()) {
            List<List<Integer>> batches = new CopyOnWriteArrayList<>();
            Guard guard = f.registry.guard("batch-guard").isolation(Isolation.virtualThreads(10)).build();
            Collapser<Integer, Integer> collapser = CollapserRegistry.of(f.registry).<Integer, Integer>collapser("numbers")
                    .through(guard)
                    .batchAsync(arguments -> {
                        batches.add(new ArrayList<>(arguments));
                        return CompletableFuture.completedFuture(arguments);
                    }, ResponseMapping.<Integer, Integer>inOrder())
                    .configure(c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(10)))
                    .build();
            f.config.refresh(); // nothing changed in the sources, but the collapser is new: it is bound now
            assertThat(f.config.collapserProperties("numbers").orElseThrow()).contains(new EffectiveProperty(
                    "timerDelayInMilliseconds", Duration.ofMillis(10), Level.INSTANCE_DEFAULT_FROM_CODE, "code"));

            f.source.set("firebreak.collapser.numbers.timerDelayInMilliseconds", "50");
            f.source.set("hystrix.collapser.default.maxRequestsInBatch", "3");
            assertThat(collapser.config().timerDelay().toMillis()).isEqualTo(50);
            assertThat(collapser.config().maxRequestsInBatch()).isEqualTo(3);

            CompletableFuture<Integer> first = collapser.submit(1);
            f.clock.advance(java.time.Duration.ofMillis(49));
            assertThat(batches).isEmpty(); // the 50 ms window, not the code's 10 ms
            f.clock.advance(java.time.Duration.ofMillis(1));
            assertThat(batches).containsExactly(List.of(1));
            // the window's batch left on the timer and its stage was complete at once: the answer is
            // delivered off the timer
            assertThat(first.get(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(1);

            collapser.submit(2);
            collapser.submit(3);
            collapser.submit(4); // the third fills the batch of 3: it leaves at once
            assertThat(batches).containsExactly(List.of(1), List.of(2, 3, 4));

            f.source.remove("firebreak.collapser.numbers.timerDelayInMilliseconds");
            assertThat(collapser.config().timerDelay().toMillis()).isEqualTo(10);
        }
    }

    @Test
    void aCollapserBuiltAfterAChangeStartsWithTheDynamicValues() {
        try (Fixture f = new Fixture()) {
            f.source.set("firebreak.collapser.late.timerDelayInMilliseconds", "40");
            f.config.refresh();
            Guard guard = f.registry.guard("late-guard").isolation(Isolation.virtualThreads(10)).build();
            Collapser<Integer, Integer> collapser = CollapserRegistry.of(f.registry).<Integer, Integer>collapser("late")
                    .through(guard)
                    .batchAsync(arguments -> CompletableFuture.completedFuture(arguments),
                            ResponseMapping.<Integer, Integer>inOrder())
                    .build();
            assertThat(collapser.config().timerDelay().toMillis())
                    .as("no poll needed: the value applies at creation").isEqualTo(40);
        }
    }
}
