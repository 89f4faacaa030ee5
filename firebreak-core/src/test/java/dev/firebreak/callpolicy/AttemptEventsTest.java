package dev.firebreak.callpolicy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * An attempt of a call policy is recorded by its guard as an attempt: its execution event alone, never a
 * caller's outcome (FALLBACK_MISSING, EXCEPTION_THROWN), since the policy answers the caller, here with
 * its fallback. An alert on the guard's {@code fallback_missing} must not fire for a retry that answered.
 */
class AttemptEventsTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final List<Long> masks = new CopyOnWriteArrayList<>();

    private Guard guard(String name, Isolation isolation) {
        Guard guard = registry.guard(name).isolation(isolation).timeout(Duration.ofMillis(100))
                .configure(c -> c.breaker(cb -> cb.enabled(false))).build();
        guard.controls().addListener((g, events, execution, total) -> masks.add(events));
        return guard;
    }

    private Retry retry(Guard guard) {
        return Retry.named(guard.name() + "-retry").through(guard).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).budgetEnabled(false).throttleEnabled(false)
                        .backoff(Duration.ofMillis(10), Duration.ofMillis(100), 2))
                .build();
    }

    private void assertAttemptsOnly(Guard guard, EventType event, int attempts) {
        assertThat(guard.controls().metrics().cumulativeCount(event)).isEqualTo(attempts);
        for (EventType callersOutcome : List.of(EventType.FALLBACK_MISSING, EventType.EXCEPTION_THROWN,
                EventType.FALLBACK_SUCCESS, EventType.FALLBACK_FAILURE)) {
            assertThat(guard.controls().metrics().cumulativeCount(callersOutcome)).as(callersOutcome.name()).isZero();
        }
        assertThat(masks).hasSize(attempts).allSatisfy(mask -> assertThat(mask).as(Events.format(mask)).isEqualTo(event.bit()));
    }

    @Test
    void failedAttemptsOfARetryOnTheCallersThreadAreRecordedAsAttempts() {
        Guard guard = guard("semaphore", Isolation.semaphore(10));
        CompletableFuture<String> result = retry(guard).submit(() -> {
            throw new IllegalStateException("down");
        }, failure -> "fallback");
        clock.advance(1_000 * MS);
        assertThat(result).isCompletedWithValue("fallback");
        assertAttemptsOnly(guard, EventType.FAILURE, 3);
    }

    @Test
    void timedOutAttemptsOfARetryOnTheHandOffPathAreRecordedAsAttempts() {
        Guard guard = guard("stages", Isolation.semaphore(10));
        CompletableFuture<String> result = retry(guard).submitAsync(CompletableFuture::new, failure -> "fallback");
        clock.advance(100 * MS); // the first attempt times out; its outcome lands off the timer
        Await.until("the retry's backoff is scheduled", () -> clock.pendingTasks() == 1);
        clock.advance(10 * MS);
        clock.advance(100 * MS); // the second times out
        Await.until("the second backoff is scheduled", () -> clock.pendingTasks() == 1);
        clock.advance(20 * MS);
        clock.advance(100 * MS); // the third and last
        Await.until("the call ends", result::isDone);
        assertThat(result).isCompletedWithValue("fallback");
        Await.until("every attempt is reported", () -> masks.size() == 3);
        assertAttemptsOnly(guard, EventType.TIMEOUT, 3);
    }

    @Test
    void withoutAFallbackTheCallerStillGetsTheLastAttemptsException() {
        Guard guard = guard("bare", Isolation.semaphore(10));
        CompletableFuture<String> result = retry(guard).submit(() -> {
            throw new IllegalStateException("down");
        });
        clock.advance(1_000 * MS);
        assertThat(result).isCompletedExceptionally();
        assertThat(result.exceptionNow()).isInstanceOf(dev.firebreak.CallFailedException.class)
                .hasRootCauseMessage("down");
        assertAttemptsOnly(guard, EventType.FAILURE, 3);
    }

    @Test
    void failedAttemptsOfAHedgeAreRecordedAsAttempts() {
        Guard guard = guard("hedged", Isolation.semaphore(10));
        Hedge hedge = Hedge.named("hedged-hedge").through(guard).hedgeExecutor(Runnable::run)
                .configure(c -> c.fixedDelay(Duration.ofMillis(20)).budgetEnabled(false).throttleEnabled(false)).build();
        List<CompletableFuture<String>> stages = new CopyOnWriteArrayList<>();
        CompletableFuture<String> result = hedge.submitAsync(Idempotent.stage(() -> {
            CompletableFuture<String> stage = new CompletableFuture<>();
            stages.add(stage);
            return stage;
        }), failure -> "fallback");
        clock.advance(20 * MS);
        assertThat(stages).hasSize(2);
        stages.forEach(stage -> stage.completeExceptionally(new IllegalStateException("down")));
        assertThat(result).isCompletedWithValue("fallback");
        assertAttemptsOnly(guard, EventType.FAILURE, 2);
    }
}
