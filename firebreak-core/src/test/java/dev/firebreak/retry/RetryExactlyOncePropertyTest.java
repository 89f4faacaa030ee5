package dev.firebreak.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.BadRequestException;
import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Exactly once under faults, on the manual clock: whatever each attempt does (answer, fail, hang into
 * a timeout, bad request) and whether the caller cancels, the call completes once, with the outcome a
 * model of the policy predicts; the fallback runs at most once and only after the last attempt; the
 * guard counts every attempt.
 */
class RetryExactlyOncePropertyTest {

    private static final long MS = 1_000_000L;
    private static final int OK = 0;
    private static final int FAIL = 1;
    private static final int HANG = 2;
    private static final int BAD = 3;

    @Property(tries = 400)
    void everyCallCompletesOnceWithTheModelsOutcome(
            @ForAll @Size(min = 1, max = 6) List<@IntRange(min = 0, max = 3) Integer> script,
            @ForAll @IntRange(min = 1, max = 6) int maxAttempts, @ForAll boolean withFallback,
            @ForAll @IntRange(min = -1, max = 400) int cancelAtMs, @ForAll boolean blocking) {
        ManualClock clock = new ManualClock(Long.MIN_VALUE + 5 * MS);
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        Guard guard = registry.guard("g").isolation(Isolation.semaphore(100)).timeout(Duration.ofMillis(100))
                .configure(c -> c.breaker(cb -> cb.enabled(false))).build();
        Retry retry = Retry.named("r").through(guard).attemptExecutor(Runnable::run).random(() -> 0.5)
                .configure(c -> c.maxAttempts(maxAttempts).jitter(Jitter.FULL).budgetEnabled(false)
                        .backoff(Duration.ofMillis(10), Duration.ofMillis(40), 2)).build();
        AtomicInteger attempts = new AtomicInteger();
        AtomicInteger fallbacks = new AtomicInteger();
        AtomicInteger attemptsAtFallback = new AtomicInteger(-1);
        AtomicInteger completions = new AtomicInteger();

        CompletableFuture<String> result;
        if (blocking && !script.contains(HANG)) {
            result = retry.submit(() -> {
                int n = attempts.getAndIncrement();
                return switch (script.get(Math.min(n, script.size() - 1))) {
                    case OK -> "v" + n;
                    case FAIL -> throw new IllegalStateException("f" + n);
                    default -> throw new BadRequestException("b" + n);
                };
            }, withFallback ? failure -> {
                fallbacks.incrementAndGet();
                attemptsAtFallback.set(attempts.get());
                return "fallback";
            } : null);
        } else {
            result = retry.submitAsync(() -> {
                int n = attempts.getAndIncrement();
                return switch (script.get(Math.min(n, script.size() - 1))) {
                    case OK -> CompletableFuture.completedFuture("v" + n);
                    case FAIL -> CompletableFuture.failedFuture(new IllegalStateException("f" + n));
                    case HANG -> new CompletableFuture<>();
                    default -> CompletableFuture.failedFuture(new BadRequestException("b" + n));
                };
            }, withFallback ? failure -> {
                fallbacks.incrementAndGet();
                attemptsAtFallback.set(attempts.get());
                return "fallback";
            } : null);
        }
        result.whenComplete((v, e) -> completions.incrementAndGet());
        boolean cancelled = false;
        if (cancelAtMs >= 0 && cancelAtMs < 400) {
            clock.advance(cancelAtMs * MS);
            cancelled = result.cancel(true);
        }
        // A guard timeout claims on the timer and delivers its outcome on a virtual thread of its own,
        // after which the retry schedules its backoff: move time in small steps so that each outcome
        // lands before the clock runs past the next backoff, and keep moving it until the call is done.
        for (int ms = 0; ms < 10_000 && !result.isDone(); ms += 5) {
            clock.advance(5 * MS);
        }
        dev.firebreak.testkit.Await.until("the call completed", () -> {
            if (!result.isDone()) {
                clock.advance(5 * MS);
            }
            return result.isDone();
        });
        dev.firebreak.testkit.Await.until("its completion was counted", () -> completions.get() == 1);

        assertThat(result).isDone();
        assertThat(completions).hasValue(1);
        assertThat(clock.pendingTasks()).isZero();
        assertThat(attempts.get()).isBetween(1, maxAttempts);
        assertThat(fallbacks.get()).isLessThanOrEqualTo(1);
        if (fallbacks.get() == 1) {
            assertThat(attemptsAtFallback.get()).isEqualTo(attempts.get()); // after the last attempt
        }
        // the guard counts every attempt once (a timed-out attempt is counted on the timeout's own
        // thread, which may still be at work when the retry's outcome is already settled)
        dev.firebreak.testkit.Await.until("the guard counted every attempt", () -> executionsCounted(guard) == attempts.get(),
                () -> "(" + executionsCounted(guard) + " of " + attempts.get() + ")");
        assertThat(retry.metrics().attempts()).isEqualTo(attempts.get());
        if (cancelled) {
            assertThat(fallbacks).hasValue(0);
            return;
        }
        // the model: attempts go on while the outcome is FAIL or HANG and attempts remain
        int n = 0;
        int outcome;
        while (true) {
            outcome = script.get(Math.min(n, script.size() - 1));
            n++;
            if (outcome == OK || outcome == BAD || n == maxAttempts) {
                break;
            }
        }
        assertThat(attempts).hasValue(n);
        if (outcome == OK) {
            assertThat(result.join()).isEqualTo("v" + (n - 1));
        } else if (outcome == BAD) {
            assertThat(result).isCompletedExceptionally();
            assertThat(cause(result)).isInstanceOf(BadRequestException.class);
            assertThat(fallbacks).hasValue(0);
        } else if (withFallback) {
            assertThat(result.join()).isEqualTo("fallback");
        } else {
            EventType expected = outcome == FAIL ? EventType.FAILURE : EventType.TIMEOUT;
            assertThat(cause(result)).isInstanceOfSatisfying(GuardException.class,
                    e -> assertThat(e.event()).isEqualTo(expected));
        }
    }

    /**
     * With a deadline, the hard cap: whatever the attempts do, the call completes once, no later than
     * the deadline (plus the test's 5 ms step), the fallback at most once and after the last attempt,
     * no attempt starts after the call ended, and the guard counts every attempt.
     */
    @Property(tries = 300)
    void theDeadlineEndsEveryCallOnceAndInTime(
            @ForAll @Size(min = 1, max = 6) List<@IntRange(min = 0, max = 3) Integer> script,
            @ForAll @IntRange(min = 1, max = 6) int maxAttempts, @ForAll boolean withFallback,
            @ForAll @IntRange(min = 1, max = 300) int deadlineMs) {
        ManualClock clock = new ManualClock(Long.MAX_VALUE - 50 * MS);
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        Guard guard = registry.guard("g").isolation(Isolation.semaphore(100)).timeout(Duration.ofMillis(100))
                .configure(c -> c.breaker(b -> b.enabled(false))).build();
        Retry retry = Retry.named("r").through(guard).attemptExecutor(Runnable::run).random(() -> 0.5)
                .configure(c -> c.maxAttempts(maxAttempts).jitter(Jitter.FULL).budgetEnabled(false)
                        .backoff(Duration.ofMillis(10), Duration.ofMillis(40), 2).deadline(Duration.ofMillis(deadlineMs)))
                .build();
        long start = clock.read();
        AtomicInteger attempts = new AtomicInteger();
        AtomicInteger attemptsAfterEnd = new AtomicInteger();
        AtomicInteger fallbacks = new AtomicInteger();
        AtomicInteger attemptsAtFallback = new AtomicInteger(-1);
        AtomicInteger completions = new AtomicInteger();
        java.util.concurrent.atomic.AtomicLong completedAt = new java.util.concurrent.atomic.AtomicLong();
        CompletableFuture<String>[] holder = new CompletableFuture[1];
        CompletableFuture<String> result = retry.submitAsync(() -> {
            if (holder[0] != null && holder[0].isDone()) {
                attemptsAfterEnd.incrementAndGet();
            }
            int n = attempts.getAndIncrement();
            return switch (script.get(Math.min(n, script.size() - 1))) {
                case OK -> CompletableFuture.completedFuture("v" + n);
                case FAIL -> CompletableFuture.failedFuture(new IllegalStateException("f" + n));
                case HANG -> new CompletableFuture<>();
                default -> CompletableFuture.failedFuture(new BadRequestException("b" + n));
            };
        }, withFallback ? failure -> {
            fallbacks.incrementAndGet();
            attemptsAtFallback.set(attempts.get());
            return "fallback";
        } : null);
        holder[0] = result;
        result.whenComplete((v, e) -> {
            completedAt.set(clock.read());
            completions.incrementAndGet();
        });
        for (int ms = 0; ms < 1_000 && !result.isDone(); ms += 5) {
            clock.advance(5 * MS);
        }
        dev.firebreak.testkit.Await.until("its completion was counted", () -> completions.get() == 1);
        clock.advance(1_000 * MS); // nothing may start or complete after the end

        assertThat(completions).hasValue(1);
        assertThat(completedAt.get() - start).isLessThanOrEqualTo((deadlineMs + 5) * MS);
        assertThat(attemptsAfterEnd).hasValue(0);
        assertThat(attempts.get()).isBetween(1, maxAttempts);
        assertThat(fallbacks.get()).isLessThanOrEqualTo(1);
        if (fallbacks.get() == 1) {
            assertThat(attemptsAtFallback.get()).isEqualTo(attempts.get());
        }
        dev.firebreak.testkit.Await.until("the guard counted every attempt", () -> executionsCounted(guard) == attempts.get(),
                () -> "(" + executionsCounted(guard) + " of " + attempts.get() + ")");
        assertThat(clock.pendingTasks()).isZero();
    }

    private static long executionsCounted(Guard guard) {
        long counted = 0;
        for (EventType type : EventType.values()) {
            if (type.kind() == EventType.Kind.EXECUTION) {
                counted += guard.controls().metrics().cumulativeCount(type);
            }
        }
        return counted;
    }

    private static Throwable cause(CompletableFuture<String> result) {
        try {
            result.join();
            return null;
        } catch (CompletionException e) {
            return e.getCause();
        }
    }
}
