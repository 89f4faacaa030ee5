package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A timer delay set in code is never silently ignored: unless the code also chose a dispatch strategy,
 * it selects TIMER, the behaviour a Hystrix user who tuned {@code timerDelayInMilliseconds} expects.
 */
class TimerDelaySelectsTimerTest {

    private final CollapserFixture f = new CollapserFixture();

    @Test
    void aTimerDelaySetInCodeSelectsTimer() {
        CollapserConfig config = CollapserConfig.builder().timerDelay(Duration.ofMillis(100)).build();
        assertThat(config.dispatchStrategy()).isEqualTo(DispatchStrategy.TIMER);
        assertThat(config.setInCode()).containsExactly("timerDelayInMilliseconds");
        assertThat(CollapserConfig.defaults().dispatchStrategy()).isEqualTo(DispatchStrategy.LOAD_AWARE);
    }

    @Test
    void anExplicitDispatchStrategyWinsInEitherOrder() {
        assertThat(CollapserConfig.builder().timerDelay(Duration.ofMillis(100))
                .dispatchStrategy(DispatchStrategy.LOAD_AWARE).build().dispatchStrategy())
                .isEqualTo(DispatchStrategy.LOAD_AWARE);
        assertThat(CollapserConfig.builder().dispatchStrategy(DispatchStrategy.LOAD_AWARE)
                .timerDelay(Duration.ofMillis(100)).build().dispatchStrategy())
                .isEqualTo(DispatchStrategy.LOAD_AWARE);
    }

    @Test
    void laterChangesKeepTheDecision() {
        CollapserConfig timer = CollapserConfig.builder().timerDelay(Duration.ofMillis(100)).build();
        assertThat(timer.toBuilder().maxRequestsInBatch(5).build().dispatchStrategy())
                .isEqualTo(DispatchStrategy.TIMER);
        CollapserConfig chosen = CollapserConfig.builder().dispatchStrategy(DispatchStrategy.LOAD_AWARE)
                .timerDelay(Duration.ofMillis(100)).build();
        assertThat(chosen.toBuilder().timerDelay(Duration.ofMillis(50)).build().dispatchStrategy())
                .isEqualTo(DispatchStrategy.LOAD_AWARE);
    }

    @Test
    void aCollapserConfiguredLikeHystrixGathersForTheWholeDelay() {
        Collapser<Integer, String> c = f.builder("hystrix-like")
                .configure(cfg -> cfg.timerDelay(Duration.ofMillis(100))).build();
        CompletableFuture<String> one = c.submit(1);
        f.advanceMillis(50);
        CompletableFuture<String> two = c.submit(2);
        f.advanceMillis(49);
        assertThat(f.downstream.calls).as("nothing leaves before the 100 ms window closes").isEmpty();
        f.advanceMillis(1);
        assertThat(f.downstream.batches()).containsExactly(List.of(1, 2));
        f.answer(0);
        assertThat(one).isCompletedWithValue("v1");
        assertThat(two).isCompletedWithValue("v2");
    }
}
