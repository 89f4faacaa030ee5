package dev.firebreak.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.CallFailedException;
import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeConfig;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A retry whose attempts are hedged calls, and policies over attempts their caller guards itself, on the
 * manual clock: the order, the fallback once, budgets, cancels.
 */
class RetryAroundHedgeTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(0);
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final Guard guard = registry.guard("users").isolation(Isolation.semaphore(1_000))
            .timeout(Duration.ofMillis(1_000))
            .configure(c -> c.breaker(cb -> cb.enabled(false)).isolation(iso -> iso.interruptOnCancel(true))).build();
    private final List<CompletableFuture<String>> stages = new ArrayList<>();

    private Retry retry(Consumer<RetryConfig.Builder> config) {
        return Retry.named("users-retry").through(guard).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(2).jitter(Jitter.NONE).backoff(Duration.ofMillis(10), Duration.ofMillis(10), 1)
                        .budgetEnabled(false).throttleEnabled(false))
                .configure(config).build();
    }

    private Hedge hedge(Consumer<HedgeConfig.Builder> config) {
        return Hedge.named("users-hedge").through(guard).hedgeExecutor(Runnable::run)
                .configure(c -> c.fixedDelay(Duration.ofMillis(20)).budgetEnabled(false).throttleEnabled(false))
                .configure(config).build();
    }

    private Idempotent.Stage<String> pending() {
        return Idempotent.stage(() -> {
            CompletableFuture<String> stage = new CompletableFuture<>();
            stages.add(stage);
            return stage;
        });
    }

    private long count(EventType type) {
        return guard.controls().metrics().cumulativeCount(type);
    }

    private void failAllPending() {
        for (CompletableFuture<String> stage : List.copyOf(stages)) {
            stage.completeExceptionally(new IllegalStateException("down"));
        }
    }

    @Test
    void eachRetryAttemptIsAHedgedCallAndEachHedgeAttemptAGuardedCall() {
        Retry retry = retry(c -> { });
        Hedge hedge = hedge(c -> { });
        CompletableFuture<String> result = retry.submitAsync(hedge, pending(), null);
        assertThat(stages).hasSize(1);
        clock.advance(20 * MS);
        assertThat(stages).hasSize(2); // the hedge of the retry's first attempt
        failAllPending();
        assertThat(result).isNotDone(); // both hedge attempts failed: the retry waits, then tries again
        clock.advance(10 * MS);
        assertThat(stages).hasSize(3);
        stages.get(2).complete("ok");
        assertThat(result).isCompletedWithValue("ok");
        assertThat(retry.metrics().attempts()).isEqualTo(2);
        assertThat(retry.metrics().retried()).isEqualTo(1);
        assertThat(hedge.metrics().calls()).isEqualTo(2); // one hedged call per retry attempt
        assertThat(hedge.metrics().attempts()).isEqualTo(3);
        assertThat(hedge.metrics().hedged()).isEqualTo(1);
        assertThat(count(EventType.FAILURE)).isEqualTo(2); // every hedge attempt is a guarded call
        assertThat(count(EventType.SUCCESS)).isEqualTo(1);
        assertThat(count(EventType.EXCEPTION_THROWN)).isZero(); // the failed attempts reached no caller
        assertThat(clock.pendingTasks()).isZero();
    }

    @Test
    void theFallbackRunsOnceAfterTheRetrysLastAttemptAndTheGuardRecordsOnlyAttempts() {
        Retry retry = retry(c -> { });
        Hedge hedge = hedge(c -> { });
        AtomicInteger fallbacks = new AtomicInteger();
        List<Integer> stagesSeenByFallback = new ArrayList<>();
        CompletableFuture<String> result = retry.submitAsync(hedge, pending(), failure -> {
            fallbacks.incrementAndGet();
            stagesSeenByFallback.add(stages.size());
            return "fallback after " + failure.event();
        });
        clock.advance(20 * MS);
        failAllPending();
        clock.advance(10 * MS);
        clock.advance(20 * MS);
        failAllPending();
        assertThat(result).isCompletedWithValue("fallback after FAILURE");
        assertThat(fallbacks).hasValue(1);
        assertThat(stagesSeenByFallback).containsExactly(4); // after the last hedge attempt of the last retry attempt
        assertThat(count(EventType.FAILURE)).isEqualTo(4);
        assertThat(count(EventType.FALLBACK_SUCCESS) + count(EventType.FALLBACK_MISSING)
                + count(EventType.EXCEPTION_THROWN)).isZero();
        assertThat(retry.metrics().fallbacks()).isEqualTo(1);
    }

    @Test
    void withoutAFallbackTheCallerGetsTheLastAttemptsException() {
        Retry retry = retry(c -> c.maxAttempts(1));
        Hedge hedge = hedge(c -> { });
        CompletableFuture<String> result = retry.submitAsync(hedge, pending(), null);
        clock.advance(20 * MS);
        failAllPending();
        assertThatThrownBy(result::join).hasCauseInstanceOf(CallFailedException.class)
                .hasRootCauseMessage("down");
        assertThat(result.exceptionNow().getSuppressed()).isEmpty();
    }

    @Test
    void eachPolicySpendsItsOwnBudget() {
        Retry retry = retry(c -> { });
        Hedge hedge = hedge(c -> c.budgetEnabled(true).budgetPercent(0).budgetMinPerSecond(0)); // no hedge allowed
        CompletableFuture<String> result = retry.submitAsync(hedge, pending(), null);
        clock.advance(20 * MS);
        assertThat(stages).hasSize(1);
        failAllPending();
        clock.advance(10 * MS);
        assertThat(stages).hasSize(2); // the retry's budget is not the hedge's
        stages.get(1).complete("ok");
        assertThat(result).isCompletedWithValue("ok");
        assertThat(hedge.metrics().budgetExhausted()).isEqualTo(1);
        assertThat(retry.metrics().retried()).isEqualTo(1);

        Retry spent = Retry.named("spent").through(guard).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(3).budgetEnabled(true).budgetPercent(0).budgetMinPerSecond(0)).build();
        Hedge hedging = hedge(c -> { });
        stages.clear();
        CompletableFuture<String> second = spent.submitAsync(hedging, pending(), null);
        clock.advance(20 * MS);
        assertThat(stages).hasSize(2); // the hedge's budget is not the retry's
        failAllPending();
        assertThat(second).isCompletedExceptionally();
        assertThat(spent.metrics().budgetExhausted()).isEqualTo(1);
        assertThat(spent.metrics().attempts()).isEqualTo(1);
    }

    @Test
    void cancellingTheCallCancelsEveryHedgeAttemptInFlight() {
        Retry retry = retry(c -> { });
        Hedge hedge = hedge(c -> { });
        CompletableFuture<String> result = retry.submitAsync(hedge, pending(), null);
        clock.advance(20 * MS);
        assertThat(result.cancel(true)).isTrue();
        assertThat(stages).hasSize(2).allSatisfy(stage -> assertThat(stage).isCancelled());
        assertThat(count(EventType.CANCELLED)).isEqualTo(2);
        clock.advance(1_000 * MS);
        assertThat(stages).hasSize(2);
        assertThat(clock.pendingTasks()).isZero();
    }

    @Test
    void aBlockingCallIsRetriedAroundItsHedgedCalls() {
        Retry retry = retry(c -> { });
        Hedge hedge = hedge(c -> { });
        AtomicInteger calls = new AtomicInteger();
        CompletableFuture<String> result = retry.submit(hedge, Idempotent.call(() -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("down");
            }
            return "ok";
        }), null);
        clock.advance(10 * MS);
        assertThat(result).isCompletedWithValue("ok");
        assertThat(calls).hasValue(2);
        assertThat(hedge.metrics().calls()).isEqualTo(2);
    }

    /** An attempt the caller makes through the guard itself, deferring its fallback as a policy does. */
    private CompletableFuture<String> guardedAttempt() {
        return guard.submitAsync(pending(), Fallback.deferred());
    }

    @Test
    void attemptsTheCallerGuardsItselfAreRetriedWithoutASecondGuardedCall() {
        Retry retry = retry(c -> { });
        CompletableFuture<String> result = retry.submitAttempts(this::guardedAttempt, null);
        failAllPending();
        clock.advance(10 * MS);
        assertThat(stages).hasSize(2);
        stages.get(1).complete("ok");
        assertThat(result).isCompletedWithValue("ok");
        assertThat(count(EventType.FAILURE) + count(EventType.SUCCESS)).as("one guarded call per attempt").isEqualTo(2);
        assertThat(count(EventType.EXCEPTION_THROWN) + count(EventType.FALLBACK_MISSING)).isZero();
        assertThat(retry.metrics().attempts()).isEqualTo(2);
    }

    @Test
    void attemptsTheCallerGuardsItselfAreHedgedAndTheLosersCallCancelled() {
        Hedge hedge = hedge(c -> { });
        Retry retry = retry(c -> { });
        CompletableFuture<String> result = retry.submitAttempts(
                () -> hedge.submitAttempts(Idempotent.stage(this::guardedAttempt), Fallback.deferred()), null);
        clock.advance(20 * MS);
        assertThat(stages).hasSize(2);
        stages.get(1).complete("from the hedge");
        assertThat(result).isCompletedWithValue("from the hedge");
        assertThat(stages.get(0)).isCancelled();
        assertThat(count(EventType.SUCCESS)).isEqualTo(1);
        assertThat(count(EventType.CANCELLED)).isEqualTo(1);
        assertThat(hedge.metrics().hedgeWins()).isEqualTo(1);
    }

    @Test
    void aHedgeThroughAnotherGuardIsRefused() {
        Guard other = registry.guard("others").isolation(Isolation.semaphore(10)).build();
        Hedge elsewhere = Hedge.named("others-hedge").through(other).build();
        assertThatThrownBy(() -> retry(c -> { }).submitAsync(elsewhere, pending(), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("retry 'users-retry' goes through guard 'users' and hedge 'others-hedge' through guard"
                        + " 'others'; expected both through the same guard");
        assertThat(stages).isEmpty();
    }
}
