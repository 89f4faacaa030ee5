package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.config.Level;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code timerDelayInMilliseconds} from a layer stronger than the one {@code dispatch.strategy} comes
 * from selects TIMER, reported as implied by the key that set the delay: a Hystrix properties file
 * tuning a collapser's window is never silently ignored under the LOAD_AWARE default.
 */
class TimerDelayImpliesTimerTest {

    private static final String DISPATCH = "dispatch.strategy";

    private static EffectiveProperty dispatch(Fixture f, String collapser) {
        return f.config.collapserProperties(collapser).orElseThrow().stream()
                .filter(p -> p.key().equals(DISPATCH)).findFirst().orElseThrow();
    }

    @Test
    void aHystrixInstanceKeySelectsTimerAndSaysWhy() {
        try (Fixture f = new Fixture()) {
            f.source.set("hystrix.collapser.batch.timerDelayInMilliseconds", "40");
            FakeCollapser collapser = FakeCollapser.create(f.config, "batch", CollapserConfig.defaults());
            assertThat(collapser.config().dispatchStrategy()).isEqualTo(DispatchStrategy.TIMER);
            assertThat(collapser.config().timerDelay().toMillis()).isEqualTo(40);
            assertThat(dispatch(f, "batch")).isEqualTo(new EffectiveProperty(DISPATCH, DispatchStrategy.TIMER,
                    Level.DYNAMIC_INSTANCE, "implied by hystrix.collapser.batch.timerDelayInMilliseconds"));
        }
    }

    @Test
    void aGlobalDefaultKeySelectsTimerForEveryCollapserThatDidNotChoose() {
        try (Fixture f = new Fixture()) {
            f.source.set("hystrix.collapser.default.timerDelayInMilliseconds", "25");
            FakeCollapser free = FakeCollapser.create(f.config, "free", CollapserConfig.defaults());
            FakeCollapser chose = FakeCollapser.create(f.config, "chose",
                    CollapserConfig.builder().dispatchStrategy(DispatchStrategy.LOAD_AWARE).build());
            assertThat(free.config().dispatchStrategy()).isEqualTo(DispatchStrategy.TIMER);
            assertThat(chose.config().dispatchStrategy()).as("the code's choice is stronger than a global default")
                    .isEqualTo(DispatchStrategy.LOAD_AWARE);
        }
    }

    @Test
    void aDispatchStrategyOnTheSameLayerWins() {
        try (Fixture f = new Fixture()) {
            f.source.set("hystrix.collapser.batch.timerDelayInMilliseconds", "40");
            f.source.set("firebreak.collapser.batch.dispatch.strategy", "LOAD_AWARE");
            FakeCollapser collapser = FakeCollapser.create(f.config, "batch", CollapserConfig.defaults());
            assertThat(collapser.config().dispatchStrategy()).isEqualTo(DispatchStrategy.LOAD_AWARE);
            assertThat(dispatch(f, "batch").origin()).isEqualTo("firebreak.collapser.batch.dispatch.strategy");
        }
    }

    @Test
    void aDelaySetInCodeSelectsTimerThroughTheResolutionToo() {
        try (Fixture f = new Fixture()) {
            FakeCollapser collapser = FakeCollapser.create(f.config, "batch",
                    CollapserConfig.builder().timerDelay(Duration.ofMillis(30)).build());
            f.config.refresh();
            assertThat(collapser.config().dispatchStrategy()).isEqualTo(DispatchStrategy.TIMER);
            assertThat(dispatch(f, "batch").origin()).isEqualTo("implied by code");
        }
    }

    @Test
    void aDelayAddedLiveSwitchesARunningCollapserAndRemovingItSwitchesBack() {
        try (Fixture f = new Fixture()) {
            FakeCollapser collapser = FakeCollapser.create(f.config, "batch", CollapserConfig.defaults());
            assertThat(collapser.config().dispatchStrategy()).isEqualTo(DispatchStrategy.LOAD_AWARE);
            f.source.set("hystrix.collapser.batch.timerDelayInMilliseconds", "15");
            assertThat(collapser.config().dispatchStrategy()).isEqualTo(DispatchStrategy.TIMER);
            f.source.remove("hystrix.collapser.batch.timerDelayInMilliseconds");
            assertThat(collapser.config().dispatchStrategy()).isEqualTo(DispatchStrategy.LOAD_AWARE);
            assertThat(dispatch(f, "batch").origin()).isEqualTo("library default");
        }
    }
}
