package dev.firebreak.collapse;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** A registry on a manual clock, a guard, a fake downstream answering "v" + argument, and collapsers over them. */
final class CollapserFixture {

    final ManualClock clock = new ManualClock(Long.MAX_VALUE - 5_000_000_000L); // crosses the overflow edge
    final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    final Downstream<Integer, List<String>> downstream = new Downstream<>();
    final Guard guard;

    CollapserFixture() {
        this(g -> { });
    }

    CollapserFixture(Consumer<Guard.Builder> guardSetup) {
        Guard.Builder builder = registry.guard("batch").isolation(Isolation.virtualThreads(100))
                .timeout(Duration.ofMillis(1000));
        guardSetup.accept(builder);
        guard = builder.build();
    }

    CollapserBuilder<Integer, String> builder(String name) {
        return CollapserRegistry.of(registry).<Integer, String>collapser(name).through(guard)
                .batchAsync(downstream, ResponseMapping.inOrder());
    }

    Collapser<Integer, String> timer(int delayMillis) {
        return builder("timer").configure(c -> c.dispatchStrategy(DispatchStrategy.TIMER)
                .timerDelay(Duration.ofMillis(delayMillis))).build();
    }

    Collapser<Integer, String> loadAware(int k, int lingerMicros) {
        return builder("loadAware").configure(c -> c.dispatchStrategy(DispatchStrategy.LOAD_AWARE)
                .loadAwareMaxBatchesInFlight(k).loadAwareLingerInMicroseconds(lingerMicros)).build();
    }

    Collapser<Integer, String> loadAware(int k, int lingerMicros, int gapMicros) {
        return builder("loadAware").configure(c -> c.dispatchStrategy(DispatchStrategy.LOAD_AWARE)
                .loadAwareMaxBatchesInFlight(k).loadAwareLingerInMicroseconds(lingerMicros)
                .loadAwareLingerGapInMicroseconds(gapMicros)).build();
    }

    void advanceMillis(long millis) {
        clock.advance(Duration.ofMillis(millis));
    }

    void advanceMicros(long micros) {
        clock.advance(Duration.ofNanos(micros * 1_000));
    }

    /** Answers batch call {@code index} correctly: "v" + argument for each, in order. */
    void answer(int index) {
        Downstream.Call<Integer, List<String>> call = downstream.call(index);
        call.response().complete(values(call.arguments()));
    }

    static List<String> values(List<Integer> arguments) {
        List<String> out = new ArrayList<>();
        for (Integer argument : arguments) {
            out.add("v" + argument);
        }
        return out;
    }
}
