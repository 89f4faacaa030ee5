package dev.firebreak.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A guard whose isolation limit an algorithm drives, on the manual clock: each attempt's end is one
 * sample (its latency the clock's movement while it ran), failures and timeouts are drops, refusals are
 * LIMIT_REJECTED and go to the fallback, and NONE gives the static limit back.
 */
class AdaptiveLimitGuardTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    private static LimitConfig aimd(int initial, int min, int max) {
        return LimitConfig.builder().algorithm(LimitKind.AIMD).initialLimit(initial).minLimit(min).maxLimit(max)
                .build();
    }

    private static void reconfigureLimit(Guard guard, LimitConfig limit) {
        guard.controls().reconfigure(guard.controls().config().toBuilder().limit(l -> l.from(limit)).build());
    }

    @Test
    void failuresAndTimeoutsAreDropsAndBusySuccessesGrowTheLimit() {
        Guard guard = registry.guard("aimd").isolation(Isolation.semaphore(50)).timeout(Duration.ofMillis(100))
                .adaptiveLimit(aimd(4, 2, 10)).build();
        assertThat(guard.controls().isolator().limit()).as("initialLimit replaces the static 50").isEqualTo(4);
        assertThat(guard.controls().isolator().limitAlgorithm()).isEqualTo(LimitKind.AIMD);

        guard.execute(() -> {
            clock.advance(Duration.ofMillis(1));
            throw new IllegalStateException("down");
        }, failure -> "fallback");
        assertThat(guard.controls().isolator().limit()).as("failure: floor(4 * 0.9) = 3").isEqualTo(3);

        guard.execute(() -> {
            clock.advance(Duration.ofMillis(150));
            return "late";
        }, failure -> "fallback");
        assertThat(guard.controls().isolator().limit()).as("150 ms > 100 ms timeout: floor(3 * 0.9) = 2").isEqualTo(2);

        List<Integer> limits = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            guard.execute(() -> {
                clock.advance(Duration.ofMillis(1));
                return "ok";
            });
            limits.add(guard.controls().isolator().limit());
        }
        // busy successes add 1/limit: 1 in flight, 1 * 2 >= 2: 2 + 1/2 = 2.5, + 1/2.5 = 2.9, + 1/2.9 = 3.24
        assertThat(limits).containsExactly(2, 2, 3);
    }

    @Test
    void limitListenersAreToldOfEachChangeWithItsTimeAndOneThatThrowsBreaksNothing() {
        Guard guard = registry.guard("told").isolation(Isolation.semaphore(50)).timeout(Duration.ofMillis(100))
                .adaptiveLimit(aimd(4, 2, 10)).build();
        long t0 = clock.read();
        List<String> told = new ArrayList<>();
        guard.controls().isolator().addLimitListener((from, to, at) -> {
            throw new IllegalStateException("a broken listener");
        });
        LimitListener listener = (from, to, at) -> told.add(from + " -> " + to + " at " + (at - t0) / 1_000_000 + "ms");
        guard.controls().isolator().addLimitListener(listener);
        for (int i = 0; i < 2; i++) {
            String answer = guard.execute(() -> {
                clock.advance(Duration.ofMillis(1));
                throw new IllegalStateException("down");
            }, failure -> "fallback");
            assertThat(answer).isEqualTo("fallback"); // the throwing listener broke nothing
        }
        assertThat(told).containsExactly("4 -> 3 at 1ms", "3 -> 2 at 2ms");
        guard.execute(() -> {
            clock.advance(Duration.ofMillis(1));
            return "ok";
        });
        assertThat(told).as("2 + 1/2 rounds to no change").hasSize(2);
        guard.controls().isolator().removeLimitListener(listener);
        reconfigureLimit(guard, aimd(4, 1, 10)); // a new algorithm, from the limit in force: its listeners stay
        guard.controls().isolator().addLimitListener(listener);
        guard.execute(() -> {
            clock.advance(Duration.ofMillis(1));
            throw new IllegalStateException("down");
        }, failure -> "fallback");
        assertThat(told).last().isEqualTo("2 -> 1 at 4ms"); // floor(2 * 0.9)
    }

    @Test
    void aLatencyThresholdMakesASlowSuccessADropAndIsLive() {
        Guard guard = registry.guard("slow").isolation(Isolation.semaphore(50)).timeout(Duration.ofSeconds(10))
                .adaptiveLimit(aimd(10, 2, 20).toBuilder().aimdLatencyThreshold(Duration.ofMillis(300)).build()).build();
        guard.execute(() -> {
            clock.advance(Duration.ofMillis(301));
            return "slow";
        });
        assertThat(guard.controls().isolator().limit()).as("301 ms > 300 ms: a drop, floor(0.9 * 10)").isEqualTo(9);
        reconfigureLimit(guard, aimd(10, 2, 20).toBuilder().aimdLatencyThreshold(Duration.ZERO).build());
        assertThat(guard.controls().isolator().limit()).as("new parameters: a fresh algorithm from the limit in force").isEqualTo(9);
        guard.execute(() -> {
            clock.advance(Duration.ofMillis(900));
            return "slow but no threshold";
        });
        assertThat(guard.controls().isolator().limit()).as("threshold off: 900 ms is no drop (and 1 in flight of 9 is no demand)")
                .isEqualTo(9);
    }

    @Test
    void aRefusalIsLimitRejectedAndGoesToTheFallbackUnderVirtualIsolation() throws Exception {
        Guard guard = registry.guard("virtual").isolation(Isolation.virtualThreads(50))
                .timeout(Duration.ofSeconds(10)).adaptiveLimit(aimd(2, 2, 10)).build();
        CountDownLatch releaseFirst = new CountDownLatch(1);
        CountDownLatch releaseSecond = new CountDownLatch(1);
        CountDownLatch firstRunning = new CountDownLatch(1);
        CountDownLatch secondRunning = new CountDownLatch(1);
        CompletableFuture<String> first = guard.submit(() -> {
            firstRunning.countDown();
            releaseFirst.await();
            return "first";
        });
        assertThat(firstRunning.await(20, TimeUnit.SECONDS)).isTrue(); // admitted at 1 in flight
        CompletableFuture<String> second = guard.submit(() -> {
            secondRunning.countDown();
            releaseSecond.await();
            return "second";
        });
        assertThat(secondRunning.await(20, TimeUnit.SECONDS)).isTrue(); // admitted at 2 in flight

        String refused = guard.execute(() -> "never", failure -> {
            assertThat(failure.event()).isEqualTo(EventType.LIMIT_REJECTED);
            return "fallback";
        });
        assertThat(refused).isEqualTo("fallback");

        clock.advance(Duration.ofMillis(5));
        releaseFirst.countDown();
        assertThat(first.get(20, TimeUnit.SECONDS)).isEqualTo("first");
        Await.until("the first sample taken", () -> guard.controls().permitsInFlight() == 1);
        assertThat(guard.controls().isolator().limit()).as("admitted at 1 in flight, 1 * 2 >= 2: 2 + 1/2 = 2.5, in force 2").isEqualTo(2);
        releaseSecond.countDown();
        assertThat(second.get(20, TimeUnit.SECONDS)).isEqualTo("second");
        Await.until("the second sample taken", () -> guard.controls().permitsInFlight() == 0);
        assertThat(guard.controls().isolator().limit()).as("admitted at 2 in flight, 2 * 2 >= 2: 2.5 + 1/2.5 = 2.9, in force 2").isEqualTo(2);
        assertThat(guard.controls().metrics().snapshot().cumulative().get(EventType.LIMIT_REJECTED)).isEqualTo(1);
    }

    @Test
    void switchingToNoneRestoresTheStaticLimitAndBackStartsFromInitialLimit() {
        Guard guard = registry.guard("switch").isolation(Isolation.semaphore(7)).adaptiveLimit(aimd(4, 2, 10))
                .build();
        reconfigureLimit(guard, LimitConfig.defaults());
        assertThat(guard.controls().isolator().limit()).isEqualTo(7);
        assertThat(guard.controls().isolator().limitAlgorithm()).isEqualTo(LimitKind.NONE);
        reconfigureLimit(guard, aimd(5, 2, 10).toBuilder().algorithm(LimitKind.VEGAS).build());
        assertThat(guard.controls().isolator().limit()).isEqualTo(5);
        assertThat(guard.controls().isolator().limitAlgorithm()).isEqualTo(LimitKind.VEGAS);
        reconfigureLimit(guard, aimd(3, 2, 3).toBuilder().algorithm(LimitKind.VEGAS).build());
        assertThat(guard.controls().isolator().limit()).as("new bounds: the running 5 clamped to max 3").isEqualTo(3);
    }
}
