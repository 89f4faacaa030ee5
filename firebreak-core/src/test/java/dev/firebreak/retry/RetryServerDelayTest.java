package dev.firebreak.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.CallFailedException;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.callpolicy.RetryAfter;
import dev.firebreak.callpolicy.RetryAfterAware;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A server's "not before" on the manual clock: the next attempt waits at least the server's delay (jitter
 * never shortens it), never past the deadline or the cap (the call ends at once, without waiting and
 * without a budget token), on the blocking and the non-blocking paths.
 */
class RetryServerDelayTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(Long.MAX_VALUE - 400 * MS); // waits cross the overflow
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final Guard guard = registry.guard("users").isolation(Isolation.semaphore(1_000))
            .timeout(Duration.ofSeconds(100)).configure(c -> c.breaker(cb -> cb.enabled(false))).build();
    private final long t0 = clock.read();
    private final List<Long> attemptTimesMs = new CopyOnWriteArrayList<>();
    private final List<String> told = new CopyOnWriteArrayList<>();

    /** A 429 as a client library would throw it: its raw header, read against the policy's wall clock. */
    static final class TooManyRequests extends RuntimeException implements RetryAfterAware {
        private final String retryAfter;

        TooManyRequests(String retryAfter) {
            super("429 Too Many Requests, Retry-After: " + retryAfter);
            this.retryAfter = retryAfter;
        }

        @Override
        public Optional<Duration> retryAfter(Instant now) {
            return RetryAfter.parse(retryAfter, now);
        }
    }

    /** An HTTP answer returned as a value, classified by {@code serverDelayOnResult}. */
    record Response(int status, String retryAfter) {
    }

    private Retry retry(Consumer<Retry.Builder> builder, Consumer<RetryConfig.Builder> config) {
        Retry.Builder b = Retry.named("users-retry").through(guard).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).backoff(Duration.ofMillis(10), Duration.ofMillis(1_000), 2)
                        .budgetEnabled(false))
                .configure(config);
        builder.accept(b);
        Retry retry = b.build();
        retry.addListener(new RetryListener() {
            @Override
            public void onRetry(String policy, int attempt, Duration wait, Throwable cause) {
                told.add("retry " + attempt + " after " + wait.toMillis() + " ms");
            }

            @Override
            public void onServerDelay(String policy, int attempt, Duration delay, boolean honoured) {
                told.add("server " + attempt + " " + delay.toMillis() + " ms " + (honoured ? "honoured" : "too long"));
            }
        });
        return retry;
    }

    /** The failure a completed future holds, outside its CompletionException. */
    private static Throwable failure(CompletableFuture<?> future) {
        assertThat(future).isDone();
        return dev.firebreak.callpolicy.AttemptOutcomes.unwrap(future.handle((v, t) -> t).join());
    }

    private long elapsedMs() {
        return (clock.read() - t0) / MS;
    }

    /** Attempt 1 answers 429 with {@code retryAfter}, the next ones "ok". */
    private String first429(String retryAfter) {
        attemptTimesMs.add(elapsedMs());
        if (attemptTimesMs.size() == 1) {
            throw new TooManyRequests(retryAfter);
        }
        return "ok";
    }

    @Test
    void theNextAttemptWaitsForTheServersSecondsNotTheBackoff() {
        Retry retry = retry(b -> { }, c -> { });
        CompletableFuture<String> result = retry.submit(() -> first429("2"));
        assertThat(clock.pendingDelays()).containsExactly(2_000 * MS); // one wait, the server's, scheduled
        clock.advance(1_999 * MS);
        assertThat(attemptTimesMs).containsExactly(0L);
        clock.advance(1 * MS);
        assertThat(attemptTimesMs).containsExactly(0L, 2_000L);
        assertThat(result).isCompletedWithValue("ok");
        assertThat(retry.metrics().serverDelays()).isEqualTo(1);
        assertThat(retry.metrics().retried()).isEqualTo(1);
        assertThat(told).containsExactly("server 1 2000 ms honoured", "retry 1 after 2000 ms");
    }

    @Test
    void anHttpDateOnAReturnedValueIsReadAgainstTheClocksWallTime() {
        String in3s = DateTimeFormatter.RFC_1123_DATE_TIME.format(clock.wallTime().plusSeconds(3).atOffset(ZoneOffset.UTC));
        AtomicInteger calls = new AtomicInteger();
        Retry retry = retry(b -> b.retryOnResult(r -> r instanceof Response answer && answer.status() == 429)
                .serverDelayOnResult((r, now) -> r instanceof Response answer
                        ? RetryAfter.forStatus(answer.status(), answer.retryAfter(), now) : Optional.empty()), c -> { });
        CompletableFuture<Response> result = retry.submitAsync(() -> {
            attemptTimesMs.add(elapsedMs());
            return CompletableFuture.completedFuture(calls.incrementAndGet() == 1 ? new Response(429, in3s) : new Response(200, null));
        });
        clock.advance(2_999 * MS);
        assertThat(attemptTimesMs).containsExactly(0L);
        clock.advance(1 * MS);
        assertThat(attemptTimesMs).containsExactly(0L, 3_000L);
        assertThat(result).isCompletedWithValue(new Response(200, null));
        assertThat(retry.metrics().serverDelays()).isEqualTo(1);
    }

    @Test
    void theLargerOfBackoffAndServerDelayWinsAndJitterNeverShortensIt() {
        // FULL jitter drawing 0 would retry at once: the server's 500 ms still hold
        Retry full = retry(b -> b.random(() -> 0.0), c -> c.jitter(Jitter.FULL).backoff(Duration.ofMillis(800),
                Duration.ofSeconds(1), 2));
        full.submit(() -> first429("0.5")); // not a number: no delay, the backoff's 0 ms
        clock.runDueTasks();
        assertThat(attemptTimesMs).containsExactly(0L, 0L);
        attemptTimesMs.clear();
        CompletableFuture<String> result = full.submit(() -> {
            attemptTimesMs.add(elapsedMs());
            if (attemptTimesMs.size() == 1) {
                throw new IllegalStateException("429", new TooManyRequests("1")); // found among the causes
            }
            return "ok";
        });
        assertThat(clock.pendingDelays()).containsExactly(1_000 * MS);
        clock.advance(1_000 * MS);
        assertThat(result).isCompletedWithValue("ok");
        assertThat(attemptTimesMs).containsExactly(0L, 1_000L);

        // a backoff longer than the server's delay is kept
        attemptTimesMs.clear();
        long start = elapsedMs();
        Retry slow = retry(b -> { }, c -> c.backoff(Duration.ofMillis(3_000), Duration.ofMillis(3_000), 1)
                .maxServerDelay(Duration.ofSeconds(60)));
        CompletableFuture<String> kept = slow.submit(() -> first429("1"));
        assertThat(clock.pendingDelays()).containsExactly(3_000 * MS);
        clock.advance(3_000 * MS);
        assertThat(kept).isCompletedWithValue("ok");
        assertThat(attemptTimesMs).containsExactly(start, start + 3_000);
    }

    @Test
    void aServerDelayEndingAtOrPastTheDeadlineEndsTheCallNowWithoutWaitingOrABudgetToken() {
        Retry retry = retry(b -> { }, c -> c.deadline(Duration.ofMillis(2_000)).budget(0, 1)
                .budgetWindow(Duration.ofSeconds(1)));
        CompletableFuture<String> result = retry.submit(() -> first429("2")); // ends exactly at the deadline
        assertThat(result).isCompletedExceptionally(); // at once: no time has passed
        assertThat(failure(result)).isInstanceOf(CallFailedException.class)
                .hasCauseInstanceOf(TooManyRequests.class); // the server's answer itself
        assertThat(clock.pendingTasks()).isZero(); // no wait, and the deadline's timer left with the call
        assertThat(attemptTimesMs).containsExactly(0L);
        assertThat(retry.metrics().serverDelaysTooLong()).isEqualTo(1);
        assertThat(retry.metrics().deadlineReached()).isEqualTo(1);
        assertThat(retry.metrics().budgetExhausted()).isZero();
        assertThat(retry.budget().extras(clock.read())).isZero(); // no token spent on "not before"
        assertThat(told).containsExactly("server 1 2000 ms too long");

        // the budget's one token is still there: a plain failure is retried with it
        attemptTimesMs.clear();
        CompletableFuture<String> plain = retry.submit(() -> {
            attemptTimesMs.add(elapsedMs());
            if (attemptTimesMs.size() == 1) {
                throw new IllegalStateException("down");
            }
            return "ok";
        });
        clock.advance(10 * MS);
        assertThat(plain).isCompletedWithValue("ok");
        assertThat(retry.budget().extras(clock.read())).isEqualTo(1);

        // 1 ns short of the deadline is honoured, and that retry is an extra attempt: it takes the token
        Retry roomy = retry(b -> { }, c -> c.deadline(Duration.ofNanos(2_000 * MS + 1)).budget(0, 1)
                .budgetWindow(Duration.ofSeconds(1)));
        attemptTimesMs.clear();
        CompletableFuture<String> waited = roomy.submit(() -> first429("2"));
        assertThat(roomy.budget().extras(clock.read())).isEqualTo(1);
        clock.advance(2_000 * MS);
        assertThat(waited).isCompletedWithValue("ok");
    }

    @Test
    void theDeadlineCountsFromTheCallsStartAcrossEarlierAttempts() {
        AtomicInteger calls = new AtomicInteger();
        Retry retry = retry(b -> { }, c -> c.maxAttempts(5).deadline(Duration.ofMillis(1_000)));
        CompletableFuture<String> result = retry.submit(() -> {
            attemptTimesMs.add(elapsedMs());
            throw calls.incrementAndGet() == 1 ? new IllegalStateException("down") : new TooManyRequests("1");
        }, failure -> "fallback after " + attemptTimesMs.size());
        clock.advance(10 * MS); // attempt 2 at 10 ms asks for 1 s: ends at 1010 ms, past 1000
        assertThat(result).isCompletedWithValue("fallback after 2");
        assertThat(retry.metrics().serverDelaysTooLong()).isEqualTo(1);
        assertThat(clock.pendingTasks()).isZero();
    }

    @Test
    void aServerDelayLongerThanTheCapEndsTheCallAndTheCapIsLive() {
        Retry retry = retry(b -> { }, c -> c.maxServerDelay(Duration.ofSeconds(10)));
        CompletableFuture<String> refused = retry.submit(() -> first429("11"));
        assertThat(failure(refused)).hasCauseInstanceOf(TooManyRequests.class);
        assertThat(clock.pendingTasks()).isZero();
        assertThat(retry.metrics().serverDelaysTooLong()).isEqualTo(1);
        assertThat(retry.metrics().deadlineReached()).isZero(); // the cap, not the deadline

        attemptTimesMs.clear();
        long start = elapsedMs();
        CompletableFuture<String> atTheCap = retry.submit(() -> first429("10"));
        clock.advance(10_000 * MS);
        assertThat(atTheCap).isCompletedWithValue("ok");
        assertThat(attemptTimesMs).containsExactly(start, start + 10_000);

        retry.reconfigure(retry.config().toBuilder().maxServerDelay(Duration.ofSeconds(9)).build());
        attemptTimesMs.clear();
        assertThat(failure(retry.submit(() -> first429("10")))).hasCauseInstanceOf(TooManyRequests.class);
        assertThat(retry.metrics().serverDelaysTooLong()).isEqualTo(2);
    }

    @Test
    void aClassifierThatThrowsOrAnswersJunkLeavesTheBackoffAndTheCallCompletes() {
        Retry retry = retry(b -> b.serverDelayOnException((e, now) -> {
            throw new IllegalStateException("a broken classifier");
        }), c -> { });
        CompletableFuture<String> result = retry.submit(() -> first429("soon"));
        assertThat(clock.pendingDelays()).containsExactly(10 * MS); // the backoff alone
        clock.advance(10 * MS);
        assertThat(result).isCompletedWithValue("ok");
        assertThat(retry.metrics().serverDelays()).isZero();
    }

    @Test
    void aServerDelayOnAnOutcomeThatIsNotRetriedChangesNothing() {
        Retry retry = retry(b -> b.retryOnException(e -> !(e instanceof TooManyRequests)), c -> { });
        CompletableFuture<String> result = retry.submit(() -> first429("1"));
        assertThat(failure(result)).hasCauseInstanceOf(TooManyRequests.class);
        assertThat(retry.metrics().serverDelays() + retry.metrics().serverDelaysTooLong()).isZero();
        assertThat(told).isEmpty();
    }

    @Test
    void theBlockingExecuteWaitsForTheServerOnTheManualClock() throws Exception {
        Retry retry = retry(b -> { }, c -> { });
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread caller = Thread.ofVirtual().start(() -> outcome.set(retry.execute(() -> first429("1"))));
        Await.until("the first attempt answered 429", () -> clock.pendingTasks() == 1, () -> "" + attemptTimesMs);
        assertThat(clock.pendingDelays()).containsExactly(1_000 * MS);
        clock.advance(999 * MS);
        assertThat(attemptTimesMs).containsExactly(0L);
        clock.advance(1 * MS);
        caller.join(Duration.ofSeconds(10));
        assertThat(outcome).hasValue("ok");
        assertThat(attemptTimesMs).containsExactly(0L, 1_000L);
    }

    @Test
    void aRetryAroundAHedgeWaitsForTheServerTheHedgeReported() {
        var hedge = dev.firebreak.hedge.Hedge.named("users-hedge").through(guard).hedgeExecutor(Runnable::run)
                .configure(c -> c.fixedDelay(Duration.ofMillis(50)).budgetEnabled(false)).build();
        Retry retry = retry(b -> { }, c -> { });
        List<CompletableFuture<String>> stages = new ArrayList<>();
        CompletableFuture<String> result = retry.submitAsync(hedge, dev.firebreak.hedge.Idempotent.stage(() -> {
            attemptTimesMs.add(elapsedMs());
            CompletableFuture<String> stage = new CompletableFuture<>();
            stages.add(stage);
            return stage;
        }), null);
        clock.advance(20 * MS);
        stages.get(0).completeExceptionally(new TooManyRequests("3"));
        assertThat(hedge.metrics().serverDelays()).isEqualTo(1);
        clock.advance(2_999 * MS);
        assertThat(attemptTimesMs).containsExactly(0L); // no hedge at 50 ms, no retry before the server's time
        clock.advance(1 * MS);
        assertThat(attemptTimesMs).containsExactly(0L, 3_020L);
        stages.get(1).complete("ok");
        assertThat(result).isCompletedWithValue("ok");
        assertThat(hedge.metrics().hedged()).isZero();
    }
}
