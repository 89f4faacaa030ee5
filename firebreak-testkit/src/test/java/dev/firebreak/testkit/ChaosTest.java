package dev.firebreak.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.chaos.ChaosKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The test kit's fault injection as a user's test would use it: on the manual clock, repeatable by seed. */
class ChaosTest {

    private static List<String> outcomes(long seed) {
        try (GuardRegistry registry = Chaos.registry(new ManualClock(), seed)) {
            Guard guard = registry.guard("payments").isolation(Isolation.semaphore(5))
                    .configure(c -> c.breaker(b -> b.enabled(false))).build();
            Chaos.inject(guard, c -> c.kind(ChaosKind.EXCEPTION).rate(0.5));
            List<String> seen = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                seen.add(guard.execute(() -> "ok", failure -> "injected"));
            }
            Chaos.stop(guard);
            seen.add(guard.execute(() -> "ok", failure -> "injected"));
            return seen;
        }
    }

    @Test
    void theSameSeedInjectsIntoTheSameCallsAndStopSwitchesItOff() {
        List<String> first = outcomes(42);
        assertThat(first).contains("ok", "injected");
        assertThat(outcomes(42)).isEqualTo(first);
        assertThat(first.getLast()).as("after stop").isEqualTo("ok");
    }

    @Test
    void aDelayRunsOnTheManualClock() throws Exception {
        ManualClock clock = new ManualClock();
        try (GuardRegistry registry = Chaos.registry(clock, 1)) {
            Guard guard = registry.guard("slow").isolation(Isolation.virtualThreads(5)).timeout(Duration.ofSeconds(5)).build();
            Chaos.delayEveryCall(guard, Duration.ofSeconds(2));
            CompletableFuture<String> call = guard.submit(() -> "late");
            Await.until("the delay is armed", () -> clock.pendingDelays().contains(Duration.ofSeconds(2).toNanos()));
            assertThat(call).isNotDone();
            clock.advance(Duration.ofSeconds(2));
            assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("late");
        }
    }

    @Test
    void aRegistryThatDoesNotAllowChaosIsRefusedWithTheWayOut() {
        try (GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build()) {
            Guard guard = registry.guard("prod").build();
            assertThatThrownBy(() -> Chaos.failEveryCall(guard)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("Chaos.registry(clock, seed)");
        }
    }
}
