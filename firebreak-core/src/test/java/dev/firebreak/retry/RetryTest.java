package dev.firebreak.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.BadRequestException;
import dev.firebreak.CallFailedException;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.RejectedException;
import dev.firebreak.ShortCircuitedException;
import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Retry on the manual clock: the schedule, what is retried, the deadline, the budget, the fallback, cancels. */
class RetryTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(Long.MAX_VALUE - 40 * MS); // waits cross the overflow
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final Guard guard = registry.guard("users").isolation(Isolation.semaphore(1_000))
            .timeout(Duration.ofMillis(100)).configure(c -> c.breaker(cb -> cb.enabled(false))).build();
    private final long t0 = clock.read();
    private final List<Long> attemptTimesMs = new ArrayList<>();

    private Retry retry(Consumer<RetryConfig.Builder> config) {
        return Retry.named("users-retry").through(guard).attemptExecutor(Runnable::run)
                .configure(c -> c.jitter(Jitter.NONE).backoff(Duration.ofMillis(10), Duration.ofMillis(1_000), 2)
                        .budgetEnabled(false))
                .configure(config).build();
    }

    private String failing() {
        attemptTimesMs.add((clock.read() - t0) / MS);
        throw new IllegalStateException("down");
    }

    @Test
    void attemptsFollowTheBackoffScheduleOnTheScheduler() {
        Retry retry = retry(c -> c.maxAttempts(4));
        CompletableFuture<String> result = retry.submit(this::failing);
        assertThat(attemptTimesMs).containsExactly(0L);
        assertThat(clock.pendingDelays()).containsExactly(10 * MS); // the wait is a scheduled task, no thread sleeps
        clock.advance(9 * MS);
        assertThat(attemptTimesMs).containsExactly(0L);
        clock.advance(1 * MS);
        assertThat(attemptTimesMs).containsExactly(0L, 10L);
        clock.advance(100 * MS);
        assertThat(attemptTimesMs).containsExactly(0L, 10L, 30L, 70L);
        assertThat(result).isCompletedExceptionally();
        assertThatThrownBy(result::join).hasCauseInstanceOf(CallFailedException.class);
        assertThat(clock.pendingTasks()).isZero();
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FAILURE)).isEqualTo(4); // the guard counts every attempt
        assertThat(retry.metrics().attempts()).isEqualTo(4);
        assertThat(retry.metrics().retried()).isEqualTo(3);
    }

    @Test
    void timeoutsAreRetriedAndTheFirstSuccessIsReturned() {
        Retry retry = retry(c -> c.maxAttempts(3));
        AtomicInteger calls = new AtomicInteger();
        CompletableFuture<String> result = retry.submitAsync(() -> calls.incrementAndGet() == 1
                ? new CompletableFuture<String>() // never answers: TIMEOUT at 100 ms
                : CompletableFuture.completedFuture("ok"));
        clock.advance(100 * MS);
        awaitBackoffScheduled(); // the timeout's outcome lands off the timer; then the retry schedules its wait
        assertThat(guard.controls().metrics().cumulativeCount(EventType.TIMEOUT)).isEqualTo(1);
        assertThat(result).isNotDone();
        clock.advance(10 * MS);
        assertThat(result).isCompletedWithValue("ok");
        assertThat(calls).hasValue(2);
    }

    @Test
    void shortCircuitsRejectionsAndBadRequestsAreNeverRetried() {
        Retry retry = retry(c -> c.maxAttempts(5));
        AtomicInteger calls = new AtomicInteger();
        CompletableFuture<String> bad = retry.submit(() -> {
            calls.incrementAndGet();
            throw new BadRequestException("no such user");
        });
        assertThat(bad).isCompletedExceptionally();
        assertThatThrownBy(bad::join).hasCauseInstanceOf(BadRequestException.class);

        guard.controls().reconfigure(guard.controls().config().toBuilder().breaker(cb -> cb.enabled(true).forceOpen(true)).build());
        CompletableFuture<String> open = retry.submit(() -> "never runs");
        assertThatThrownBy(open::join).hasCauseInstanceOf(ShortCircuitedException.class);
        guard.controls().reconfigure(guard.controls().config().toBuilder().breaker(cb -> cb.forceOpen(false))
                .isolation(iso -> iso.semaphoreMaxConcurrentRequests(1)).build());

        CompletableFuture<String> holder = guard.submitAsync(CompletableFuture::new);
        CompletableFuture<String> rejected = retry.submit(() -> "never runs");
        assertThatThrownBy(rejected::join).hasCauseInstanceOf(RejectedException.class);
        clock.advance(1_000 * MS);
        assertThat(holder).failsWithin(10, java.util.concurrent.TimeUnit.SECONDS); // its timeout, delivered off the timer
        assertThat(calls).hasValue(1);
        assertThat(retry.metrics().retried()).isZero();
        assertThat(clock.pendingTasks()).isZero();
    }

    @Test
    void userPredicatesChooseWhichFailuresAndValuesAreRetried() {
        Retry retry = Retry.named("io-only").through(guard).attemptExecutor(Runnable::run)
                .retryOnException(e -> e instanceof IOException).retryOnResult(v -> "busy".equals(v))
                .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).budgetEnabled(false)).build();
        AtomicInteger calls = new AtomicInteger();
        CompletableFuture<String> state = retry.submit(() -> {
            calls.incrementAndGet();
            throw new IllegalStateException("not retried");
        });
        assertThat(state).isCompletedExceptionally();
        assertThat(calls).hasValue(1);

        List<String> answers = new ArrayList<>(List.of("busy", "busy", "busy"));
        CompletableFuture<String> busy = retry.submit(() -> answers.remove(0));
        clock.advance(10_000 * MS);
        assertThat(busy).isCompletedWithValue("busy"); // the last attempt's value stands
        assertThat(answers).isEmpty();
    }

    @Test
    void theFallbackRunsOnceAfterTheLastAttempt() {
        Retry retry = retry(c -> c.maxAttempts(3));
        List<Integer> attemptsSeenByFallback = new ArrayList<>();
        CompletableFuture<String> result = retry.submit(this::failing, failure -> {
            attemptsSeenByFallback.add(attemptTimesMs.size());
            return "fallback after " + failure.event();
        });
        clock.advance(1_000 * MS);
        assertThat(result).isCompletedWithValue("fallback after FAILURE");
        assertThat(attemptsSeenByFallback).containsExactly(3);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FALLBACK_MISSING)).isZero(); // attempts, not callers' outcomes
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FAILURE)).isEqualTo(3); // every attempt counted
    }

    @Test
    void noRetryWhoseWaitEndsPastTheDeadline() {
        Retry retry = retry(c -> c.maxAttempts(10).deadline(Duration.ofMillis(25)));
        CompletableFuture<String> result = retry.submit(this::failing);
        clock.advance(1_000 * MS);
        assertThat(attemptTimesMs).containsExactly(0L, 10L); // the next wait (20 ms) would end at 30 ms
        assertThat(result).isCompletedExceptionally();
        assertThat(retry.metrics().deadlineReached()).isEqualTo(1);
    }

    @Test
    void theBudgetCapsAnOutageAtTheFractionPlusTheMinimum() {
        Retry retry = retry(c -> c.maxAttempts(3).budget(10, 0).throttleEnabled(false)); // the budget alone
        List<CompletableFuture<String>> results = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            results.add(retry.submit(this::failing));
        }
        clock.advance(5_000 * MS);
        assertThat(results).allMatch(CompletableFuture::isCompletedExceptionally);
        assertThat(attemptTimesMs).hasSize(110); // 100 calls + 10 % of them, not 300
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FAILURE)).isEqualTo(110);
        assertThat(retry.metrics().budgetExhausted()).isEqualTo(100 - 10 + 10); // 90 refused at once, 10 after one retry
    }

    /**
     * The throttle alone (budget off), 20 tokens: 100 calls fail at once; calls 1 to 9 leave 19 to 11
     * tokens and retry, call 10 leaves 10 (not above half) and every later one is refused, and so are
     * the 9 retries' own failures. Then successes give back 0.2 tokens each and retries resume above 10.
     */
    @Test
    void theThrottleStopsRetriesOnceTheDependencyFailsAsAWhole() {
        Retry retry = retry(c -> c.maxAttempts(3));
        List<CompletableFuture<String>> results = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            results.add(retry.submit(this::failing));
        }
        clock.advance(5_000 * MS);
        assertThat(results).allMatch(CompletableFuture::isCompletedExceptionally);
        assertThat(attemptTimesMs).hasSize(109);
        assertThat(retry.metrics().retried()).isEqualTo(9);
        assertThat(retry.metrics().throttled()).isEqualTo(100);
        assertThat(retry.metrics().budgetExhausted()).isEqualTo(100); // the event they share
        assertThat(retry.throttle().tokens()).isZero();

        for (int i = 0; i < 51; i++) {
            assertThat(retry.execute(() -> "ok")).isEqualTo("ok");
        }
        assertThat(retry.throttle().tokens()).isEqualTo(10.2);
        attemptTimesMs.clear();
        retry.submit(this::failing); // 10.2 - 1 = 9.2, not above 10: no retry
        clock.advance(5_000 * MS);
        assertThat(attemptTimesMs).hasSize(1);
        for (int i = 0; i < 10; i++) {
            retry.execute(() -> "ok"); // 9.2 + 10 * 0.2 = 11.2
        }
        attemptTimesMs.clear();
        retry.submit(this::failing); // 11.2 - 1 = 10.2: one retry, whose failure leaves 9.2
        clock.advance(5_000 * MS);
        assertThat(attemptTimesMs).hasSize(2);
    }

    @Test
    void cancellingDuringTheWaitStopsTheRetries() {
        Retry retry = retry(c -> c.maxAttempts(3));
        CompletableFuture<String> result = retry.submit(this::failing);
        assertThat(result.cancel(true)).isTrue();
        clock.advance(1_000 * MS);
        assertThat(attemptTimesMs).containsExactly(0L);
        assertThat(clock.pendingTasks()).isZero();
    }

    @Test
    void cancellingCancelsTheAttemptInFlight() {
        Retry retry = retry(c -> c.maxAttempts(3));
        CompletableFuture<String> stage = new CompletableFuture<>();
        CompletableFuture<String> result = retry.submitAsync(() -> stage);
        result.cancel(true);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.CANCELLED)).isEqualTo(1);
        assertThat(guard.controls().permitsInFlight()).isLessThanOrEqualTo(1); // held until the stage really ends
        stage.complete("late");
        clock.advance(1_000 * MS);
        assertThat(guard.controls().permitsInFlight()).isZero();
        assertThat(retry.metrics().attempts()).isEqualTo(1);
    }

    @Test
    void theRequestLogShowsTheAttempts() {
        Retry retry = retry(c -> c.maxAttempts(3));
        AtomicInteger calls = new AtomicInteger();
        try (RequestContext context = RequestContext.open()) {
            CompletableFuture<String> result = retry.submitAsync(() -> calls.incrementAndGet() == 1
                    ? new CompletableFuture<String>() : CompletableFuture.completedFuture("ok"));
            clock.advance(100 * MS);
            awaitBackoffScheduled(); // the timeout's outcome lands off the timer; then the retry schedules its wait
            clock.advance(18 * MS);
            assertThat(result).isCompletedWithValue("ok");
            assertThat(context.log().format())
                    .contains("users-retry[SUCCESS, TIMEOUT, RETRIED][2 attempts][110ms]")
                    .contains("users[TIMEOUT");
        }
    }

    @Test
    void executeWaitsWithoutSleepingWhileTheClockMoves() throws Exception {
        Retry retry = Retry.named("blocking").through(guard).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(2).jitter(Jitter.NONE).budgetEnabled(false)).build();
        CountDownLatch firstAttempt = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        CompletableFuture<String> outcome = new CompletableFuture<>();
        Thread caller = Thread.ofVirtual().start(() -> {
            try {
                outcome.complete(retry.execute(() -> {
                    if (calls.incrementAndGet() == 1) {
                        firstAttempt.countDown();
                        throw new IllegalStateException("first fails");
                    }
                    return "second";
                }));
            } catch (Throwable t) {
                outcome.completeExceptionally(t);
            }
        });
        assertThat(firstAttempt.await(10, TimeUnit.SECONDS)).isTrue();
        Await.until("the wait scheduled", () -> clock.pendingTasks() == 1);
        clock.advance(49 * MS);
        assertThat(calls).hasValue(1);
        clock.advance(1 * MS); // the wait is on the clock: the caller only blocks on its future
        assertThat(outcome.get(10, TimeUnit.SECONDS)).isEqualTo("second");
        caller.join(10_000);
    }

    @Test
    void executeThrowsTheLastAttemptsException() {
        Retry retry = retry(c -> c.maxAttempts(1));
        assertThatThrownBy(() -> retry.execute(this::failing)).isInstanceOf(CallFailedException.class)
                .hasRootCauseMessage("down");
    }

    @Test
    void aThrowingFallbackLeavesTheGuardExceptionWithTheFallbackFailureSuppressed() throws Exception {
        Retry retry = retry(c -> c.maxAttempts(1));
        CompletableFuture<String> result = retry.submit(this::failing, f -> {
            throw new IOException("fallback down");
        });
        assertThatThrownBy(result::get).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(CallFailedException.class)
                .satisfies(e -> assertThat(e.getCause().getSuppressed()[0]).hasMessage("fallback down"));
    }

    /** Waits (bounded) until the retry's backoff is the clock's one pending task. */
    private void awaitBackoffScheduled() {
        dev.firebreak.testkit.Await.until("the retry's backoff is scheduled", () -> clock.pendingTasks() == 1,
                () -> "(" + clock.pendingTasks() + " pending)");
    }
}
