package dev.firebreak.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.GuardTimeoutException;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The overall deadline is a hard cap, on the manual clock: when it passes the call completes at once
 * (fallback, or a timeout saying the deadline passed) and the attempt in flight is cancelled, even
 * though that attempt's own guard timeout is still far away.
 */
class RetryDeadlineTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    private Retry retry(Guard guard, int deadlineMs) {
        return Retry.named("capped").through(guard).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(5).jitter(Jitter.NONE).backoff(Duration.ofMillis(10), Duration.ofMillis(10), 1)
                        .budgetEnabled(false).deadline(Duration.ofMillis(deadlineMs)))
                .build();
    }

    private Guard asyncGuard() {
        return registry.guard("slow").isolation(Isolation.semaphore(100)).timeout(Duration.ofMillis(1_000))
                .configure(c -> c.breaker(b -> b.enabled(false)).isolation(i -> i.interruptOnCancel(true))).build();
    }

    @Test
    void theDeadlineEndsTheCallWhileAnAttemptIsInFlight() throws Exception {
        Guard guard = asyncGuard();
        Retry retry = retry(guard, 50);
        List<CompletableFuture<String>> attempts = new ArrayList<>();
        CompletableFuture<String> result = retry.submitAsync(() -> {
            CompletableFuture<String> never = new CompletableFuture<>();
            attempts.add(never);
            return never;
        });
        clock.advance(49 * MS);
        assertThat(result).isNotDone();
        clock.advance(1 * MS); // the deadline: 950 ms before the attempt's own timeout
        Throwable failure = Await.failure(result);
        assertThat(failure).isInstanceOf(GuardTimeoutException.class)
                .hasMessageContaining("deadline of 50 ms passed");
        assertThat(((GuardTimeoutException) failure).timeoutMillis()).isEqualTo(50);
        assertThat(attempts).hasSize(1);
        assertThat(attempts.get(0)).isCancelled(); // the attempt in flight is taken back
        Await.until("the guard counts the cancelled attempt",
                () -> guard.controls().metrics().cumulativeCount(EventType.CANCELLED) == 1, () -> "");
        assertThat(retry.metrics().deadlineReached()).isEqualTo(1);
        clock.advance(2_000 * MS);
        assertThat(attempts).hasSize(1); // no retry after the deadline
        assertThat(guard.controls().metrics().cumulativeCount(EventType.TIMEOUT)).isZero();
    }

    @Test
    void aCallThatEndsBeforeTheDeadlineRunsTheFallbackOnceAndLeavesNoTimer() throws Exception {
        Guard guard = asyncGuard();
        Retry retry = retry(guard, 25);
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger fallbacks = new AtomicInteger();
        List<EventType> seen = new ArrayList<>();
        CompletableFuture<String> result = retry.submit(() -> {
            calls.incrementAndGet();
            throw new IllegalStateException("down");
        }, (GuardException e) -> {
            fallbacks.incrementAndGet();
            seen.add(e.event());
            return "fallback";
        });
        clock.advance(20 * MS); // attempts at 0, 10 and 20 ms; the next wait would end at 30 ms, past 25: no retry
        assertThat(result).isCompletedWithValue("fallback");
        clock.advance(1_000 * MS);
        assertThat(calls).hasValue(3);
        assertThat(fallbacks).hasValue(1);
        assertThat(seen).containsExactly(EventType.FAILURE);
        assertThat(clock.pendingTasks()).isZero(); // the deadline's timer left with the call
    }

    @Test
    void aSlowAttemptIsCutAtTheDeadlineWithTheFallback() throws Exception {
        Guard guard = asyncGuard();
        Retry retry = retry(guard, 30);
        List<CompletableFuture<String>> attempts = new ArrayList<>();
        CompletableFuture<String> result = retry.submitAsync(() -> {
            CompletableFuture<String> answer = new CompletableFuture<>();
            attempts.add(answer);
            if (attempts.size() == 1) {
                answer.completeExceptionally(new IllegalStateException("first fails"));
            }
            return answer;
        }, e -> "fallback after " + e.event());
        clock.advance(10 * MS); // attempt 2 starts and hangs
        assertThat(attempts).hasSize(2);
        clock.advance(20 * MS);
        assertThat(Await.value(result)).isEqualTo("fallback after TIMEOUT");
        assertThat(attempts.get(1)).isCancelled();
        attempts.get(1).complete("too late"); // a late answer changes nothing
        assertThat(result.get(10, TimeUnit.SECONDS)).isEqualTo("fallback after TIMEOUT");
    }

    @Test
    void aBlockingAttemptIsInterruptedAtTheDeadline() throws Exception {
        Guard guard = registry.guard("blocking").isolation(Isolation.virtualThreads(10)).timeout(Duration.ofSeconds(10))
                .configure(c -> c.breaker(b -> b.enabled(false)).isolation(i -> i.interruptOnCancel(true))).build();
        Retry retry = retry(guard, 40);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        CompletableFuture<String> result = retry.submit(() -> {
            started.countDown();
            try {
                new CountDownLatch(1).await(); // hangs until interrupted
                return "never";
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
        });
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        clock.advance(40 * MS);
        assertThat(Await.failure(result)).isInstanceOf(GuardTimeoutException.class);
        assertThat(interrupted.await(10, TimeUnit.SECONDS)).as("the attempt's thread is interrupted").isTrue();
    }

    /** Waits, bounded, for outcomes delivered off the timer thread. */
    private static final class Await {
        static Throwable failure(CompletableFuture<?> future) throws InterruptedException {
            try {
                future.get(10, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                return e.getCause();
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("no outcome within 10 s", e);
            }
            throw new AssertionError("expected a failure, got a value");
        }

        static <T> T value(CompletableFuture<T> future) throws Exception {
            return future.get(10, TimeUnit.SECONDS);
        }

        static void until(String what, java.util.function.BooleanSupplier condition, java.util.function.Supplier<String> detail) {
            dev.firebreak.testkit.Await.until(what, condition, detail);
        }
    }
}
