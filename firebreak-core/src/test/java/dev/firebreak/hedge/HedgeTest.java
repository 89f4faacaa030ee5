package dev.firebreak.hedge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Hedging on the manual clock: the delay, the winner, the losers, the budget, the fallback, the idempotency mark. */
class HedgeTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(-3 * MS); // runs through zero
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final Guard guard = registry.guard("users").isolation(Isolation.semaphore(1_000))
            .timeout(Duration.ofMillis(1_000))
            .configure(c -> c.breaker(cb -> cb.enabled(false)).isolation(iso -> iso.interruptOnCancel(true))).build();
    private final List<CompletableFuture<String>> stages = new ArrayList<>();

    private Hedge hedge(Consumer<HedgeConfig.Builder> config) {
        return Hedge.named("users-hedge").through(guard).hedgeExecutor(Runnable::run)
                .configure(c -> c.fixedDelay(Duration.ofMillis(20)).budgetEnabled(false)).configure(config).build();
    }

    /** A non-blocking call whose stages the test completes. */
    private Supplier<CompletableFuture<String>> pendingStages() {
        return () -> {
            CompletableFuture<String> stage = new CompletableFuture<>();
            stages.add(stage);
            return stage;
        };
    }

    @Test
    void aHedgeStartsAfterTheDelayAndTheFirstAnswerWinsWhileTheLoserIsCancelled() {
        Hedge hedge = hedge(c -> { });
        CompletableFuture<String> result = hedge.submitAsync(Idempotent.stage(pendingStages()));
        clock.advance(19 * MS);
        assertThat(stages).hasSize(1);
        clock.advance(1 * MS);
        assertThat(stages).hasSize(2);
        stages.get(1).complete("from the hedge");
        assertThat(result).isCompletedWithValue("from the hedge");
        assertThat(stages.get(0)).isCancelled(); // the guard cancels the loser's stage (interruptOnCancel)
        assertThat(guard.controls().metrics().cumulativeCount(EventType.SUCCESS)).isEqualTo(1);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.CANCELLED)).isEqualTo(1); // every attempt counted
        assertThat(hedge.metrics().hedgeWins()).isEqualTo(1);
        assertThat(hedge.metrics().losersCancelled()).isEqualTo(1);
        clock.advance(5_000 * MS);
        assertThat(stages).hasSize(2); // maxHedges = 1
        assertThat(guard.controls().permitsInFlight()).isZero();
    }

    @Test
    void theDelayIsTheGuardsRollingPercentile() {
        for (int latency = 1; latency <= 100; latency++) {
            CompletableFuture<String> stage = new CompletableFuture<>();
            CompletableFuture<String> call = guard.submitAsync(() -> stage);
            clock.advance(latency * MS);
            stage.complete("ok");
            assertThat(call).isCompleted();
        }
        Hedge p95 = hedge(c -> c.percentile(95));
        Hedge p99 = Hedge.named("p99").through(guard).configure(c -> c.percentile(99)).build();
        assertThat(p95.currentDelay()).hasValueSatisfying(d -> assertThat(d.toNanos()).isBetween(94 * MS, 96 * MS));
        assertThat(p99.currentDelay()).hasValueSatisfying(d -> assertThat(d.toNanos()).isBetween(98 * MS, 100 * MS));

        long delay = p95.currentDelay().orElseThrow().toNanos();
        CompletableFuture<String> result = p95.submitAsync(Idempotent.stage(pendingStages()));
        clock.advance(delay - 1);
        assertThat(stages).hasSize(1);
        clock.advance(1);
        assertThat(stages).hasSize(2);
        stages.get(0).complete("primary after all");
        assertThat(result).isCompletedWithValue("primary after all");
        assertThat(stages.get(1)).isCancelled();
    }

    @Test
    void noPercentileYetMeansNoHedge() {
        Hedge hedge = hedge(c -> c.percentile(95));
        assertThat(hedge.currentDelay()).isEmpty();
        hedge.submitAsync(Idempotent.stage(pendingStages()));
        clock.advance(500 * MS);
        assertThat(stages).hasSize(1);
    }

    @Test
    void callsNotMarkedIdempotentAreNeverHedged() {
        Hedge hedge = hedge(c -> { });
        CompletableFuture<String> result = hedge.submitAsync(pendingStages());
        AtomicInteger blocking = new AtomicInteger();
        hedge.submit(() -> "once " + blocking.incrementAndGet());
        clock.advance(500 * MS);
        assertThat(stages).hasSize(1);
        assertThat(blocking).hasValue(1);
        stages.get(0).complete("once");
        assertThat(result).isCompletedWithValue("once");
        assertThat(hedge.metrics().calls()).isZero();
    }

    @Test
    void atMostMaxHedges() {
        Hedge hedge = hedge(c -> c.maxHedges(2));
        hedge.submitAsync(Idempotent.stage(pendingStages()));
        clock.advance(20 * MS);
        assertThat(stages).hasSize(2);
        clock.advance(20 * MS);
        assertThat(stages).hasSize(3);
        clock.advance(200 * MS);
        assertThat(stages).hasSize(3);
        assertThat(hedge.metrics().hedged()).isEqualTo(2);
    }

    @Test
    void aSpentBudgetMakesNoHedgeAndThePrimaryStillAnswers() {
        Hedge hedge = hedge(c -> c.budgetEnabled(true).budgetPercent(0).budgetMinPerSecond(0));
        CompletableFuture<String> result = hedge.submitAsync(Idempotent.stage(pendingStages()));
        clock.advance(100 * MS);
        assertThat(stages).hasSize(1);
        assertThat(hedge.metrics().budgetExhausted()).isEqualTo(1);
        stages.get(0).complete("primary");
        assertThat(result).isCompletedWithValue("primary");
    }

    @Test
    void theBudgetCapsHedgesAtTheFraction() {
        Hedge hedge = hedge(c -> c.budgetEnabled(true).budgetPercent(5).budgetMinPerSecond(0));
        for (int i = 0; i < 100; i++) {
            hedge.submitAsync(Idempotent.stage(pendingStages()));
        }
        clock.advance(20 * MS);
        assertThat(stages).hasSize(105);
        assertThat(hedge.metrics().budgetExhausted()).isEqualTo(95);
    }

    /** 20 tokens: five calls whose both attempts fail leave 10 (not above half), so the sixth call is not hedged. */
    @Test
    void theThrottleStopsHedgesWhileTheAttemptsFail() {
        Hedge hedge = hedge(c -> { });
        for (int call = 0; call < 5; call++) {
            hedge.submitAsync(Idempotent.stage(pendingStages()), failure -> "fallback");
            clock.advance(20 * MS);
            stages.get(2 * call).completeExceptionally(new IllegalStateException("primary"));
            stages.get(2 * call + 1).completeExceptionally(new IllegalStateException("hedge"));
        }
        assertThat(hedge.metrics().hedged()).isEqualTo(5);
        assertThat(hedge.throttle().tokens()).isEqualTo(10.0);
        CompletableFuture<String> result = hedge.submitAsync(Idempotent.stage(pendingStages()));
        clock.advance(100 * MS);
        assertThat(stages).hasSize(11);
        assertThat(hedge.metrics().throttled()).isEqualTo(1);
        stages.get(10).complete("primary");
        assertThat(result).isCompletedWithValue("primary");
        assertThat(hedge.throttle().tokens()).isEqualTo(10.2);
    }

    @Test
    void whenEveryAttemptFailsTheFallbackRunsOnceAfterTheLast() {
        Hedge hedge = hedge(c -> c.maxHedges(1));
        List<Integer> stagesSeenByFallback = new ArrayList<>();
        CompletableFuture<String> result = hedge.submitAsync(Idempotent.stage(pendingStages()), failure -> {
            stagesSeenByFallback.add(stages.size());
            return "fallback";
        });
        clock.advance(20 * MS);
        stages.get(0).completeExceptionally(new IllegalStateException("first"));
        assertThat(result).isNotDone(); // the hedge may still answer
        stages.get(1).completeExceptionally(new IllegalStateException("second"));
        assertThat(result).isCompletedWithValue("fallback");
        assertThat(stagesSeenByFallback).containsExactly(2);
    }

    @Test
    void aFailureBeforeTheDelayEndsTheCallWithoutAHedge() {
        Hedge hedge = hedge(c -> { });
        CompletableFuture<String> result = hedge.submitAsync(Idempotent.stage(pendingStages()));
        stages.get(0).completeExceptionally(new IllegalStateException("down"));
        assertThat(result).isCompletedExceptionally();
        clock.advance(100 * MS);
        assertThat(stages).hasSize(1);
    }

    @Test
    void cancellingTheCallCancelsEveryAttempt() {
        Hedge hedge = hedge(c -> c.maxHedges(3));
        CompletableFuture<String> result = hedge.submitAsync(Idempotent.stage(pendingStages()));
        clock.advance(40 * MS);
        assertThat(stages).hasSize(3);
        result.cancel(true);
        assertThat(stages).allMatch(CompletableFuture::isCancelled);
        clock.advance(1_000 * MS);
        assertThat(stages).hasSize(3);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.CANCELLED)).isEqualTo(3);
        assertThat(guard.controls().permitsInFlight()).isZero();
    }

    @Test
    void theRequestLogShowsTheAttempts() {
        Hedge hedge = hedge(c -> { });
        try (RequestContext context = RequestContext.open()) {
            CompletableFuture<String> result = hedge.submitAsync(Idempotent.stage(pendingStages()));
            clock.advance(25 * MS);
            stages.get(1).complete("ok");
            assertThat(result).isCompletedWithValue("ok");
            assertThat(context.log().format()).contains("users-hedge[SUCCESS, HEDGED][2 attempts][25ms]");
        }
    }

    @Test
    void badConfigurationIsRefusedAndTheLastValidPolicyStays() {
        Hedge hedge = hedge(c -> { });
        assertThatThrownBy(() -> HedgeConfig.builder().percentile(42).build()).isInstanceOf(InvalidConfigException.class)
                .hasMessage("delay.percentile = 42.0: must be one of 50, 75, 90, 95, 99, 99.5");
        assertThatThrownBy(() -> HedgeConfig.builder().maxHedges(11).build())
                .hasMessage("maxHedges = 11: must be between 0 and 10");
        HedgeConfig before = hedge.config();
        assertThatThrownBy(() -> hedge.reconfigure(before.toBuilder().maxHedges(2).percentile(98).build()))
                .hasMessage("delay.percentile = 98.0: must be one of 50, 75, 90, 95, 99, 99.5");
        assertThat(hedge.config()).isEqualTo(before);
        assertThat(hedge.reconfigure(before.toBuilder().maxHedges(3).fixedDelay(Duration.ofMillis(7)).build())).isTrue();
        assertThat(hedge.config().maxHedges()).isEqualTo(3);
        assertThat(hedge.currentDelay()).contains(Duration.ofMillis(7));
        // live keys, refused one by one with key, value and rule: CallPolicyLiveConfigurationTest
    }
}
