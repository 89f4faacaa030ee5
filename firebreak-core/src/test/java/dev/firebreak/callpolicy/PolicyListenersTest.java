package dev.firebreak.callpolicy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryListener;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The retry and hedge listeners: what they are told, when, and that one that throws breaks nothing. */
class PolicyListenersTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(Long.MAX_VALUE - 15 * MS); // the waits cross the overflow
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final Guard guard = registry.guard("users").isolation(Isolation.semaphore(10))
            .configure(c -> c.breaker(cb -> cb.enabled(false))).build();
    private final List<String> told = new ArrayList<>();

    @Test
    void eachRetryIsToldWithTheAttemptItsWaitAndItsCauseBeforeTheWait() {
        Retry retry = Retry.named("users-retry").through(guard).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).budgetEnabled(false).throttleEnabled(false)
                        .backoff(Duration.ofMillis(10), Duration.ofMillis(100), 2))
                .build();
        RetryListener throwing = (policy, attempt, wait, cause) -> {
            throw new IllegalStateException("a broken listener");
        };
        retry.addListener(throwing);
        retry.addListener((policy, attempt, wait, cause) -> told.add(policy + " #" + attempt + " after " + wait.toMillis()
                + "ms: " + cause.getCause().getMessage() + " (pending " + clock.pendingTasks() + ")"));
        int[] calls = new int[1];
        CompletableFuture<String> result = retry.submit(() -> {
            calls[0]++;
            throw new IllegalStateException("down " + calls[0]);
        }, failure -> "fallback");
        clock.advance(1_000 * MS);
        assertThat(result).isCompletedWithValue("fallback"); // the throwing listener broke nothing
        assertThat(told).containsExactly("users-retry #1 after 10ms: down 1 (pending 0)",
                "users-retry #2 after 20ms: down 2 (pending 0)");
        retry.removeListener(throwing);
    }

    @Test
    void eachHedgeIsToldWithItsAttemptAndHowLongTheCallHadRun() {
        Hedge hedge = Hedge.named("users-hedge").through(guard).hedgeExecutor(Runnable::run)
                .configure(c -> c.fixedDelay(Duration.ofMillis(20)).maxHedges(2).budgetEnabled(false)
                        .throttleEnabled(false)).build();
        hedge.addListener((policy, attempt, since) -> {
            throw new IllegalStateException("a broken listener");
        });
        hedge.addListener((policy, attempt, since) -> told.add(policy + " #" + attempt + " at " + since.toMillis() + "ms"));
        List<CompletableFuture<String>> stages = new ArrayList<>();
        CompletableFuture<String> result = hedge.submitAsync(Idempotent.stage(() -> {
            CompletableFuture<String> stage = new CompletableFuture<>();
            stages.add(stage);
            return stage;
        }));
        clock.advance(20 * MS);
        clock.advance(20 * MS);
        assertThat(told).containsExactly("users-hedge #2 at 20ms", "users-hedge #3 at 40ms");
        assertThat(stages).hasSize(3);
        stages.get(2).complete("third");
        assertThat(result).isCompletedWithValue("third");
    }
}
