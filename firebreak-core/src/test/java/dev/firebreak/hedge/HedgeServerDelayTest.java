package dev.firebreak.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.CallFailedException;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.callpolicy.AttemptOutcomes;
import dev.firebreak.callpolicy.RetryAfter;
import dev.firebreak.callpolicy.RetryAfterAware;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A server's "not before" ends a call's hedging, on the manual clock: no hedge starts after it (and none
 * is paid from the budget), the attempts in flight still answer, and if none answers better the server's
 * answer is the call's outcome.
 */
class HedgeServerDelayTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(-3 * MS); // runs through zero
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final Guard guard = registry.guard("users").isolation(Isolation.semaphore(1_000))
            .timeout(Duration.ofSeconds(10))
            .configure(c -> c.breaker(cb -> cb.enabled(false)).isolation(iso -> iso.interruptOnCancel(true))).build();
    private final List<CompletableFuture<Object>> stages = new ArrayList<>();
    private final List<String> told = new CopyOnWriteArrayList<>();

    /** A 429 as a client library would throw it. */
    static final class TooManyRequests extends RuntimeException implements RetryAfterAware {
        private final String retryAfter;

        TooManyRequests(String retryAfter) {
            super("429 Too Many Requests");
            this.retryAfter = retryAfter;
        }

        @Override
        public Optional<Duration> retryAfter(Instant now) {
            return RetryAfter.parse(retryAfter, now);
        }
    }

    /** An HTTP answer returned as a value. */
    record Response(int status, String retryAfter) {
    }

    private Hedge hedge(Consumer<Hedge.Builder> builder, Consumer<HedgeConfig.Builder> config) {
        Hedge.Builder b = Hedge.named("users-hedge").through(guard).hedgeExecutor(Runnable::run)
                .serverDelayOnResult((r, now) -> r instanceof Response answer
                        ? RetryAfter.forStatus(answer.status(), answer.retryAfter(), now) : Optional.empty())
                .configure(c -> c.fixedDelay(Duration.ofMillis(20)).budget(100, 0)).configure(config);
        builder.accept(b);
        Hedge hedge = b.build();
        hedge.addListener(new HedgeListener() {
            @Override
            public void onHedge(String policy, int attempt, Duration sinceCallStart) {
                told.add("hedge " + attempt);
            }

            @Override
            public void onServerDelay(String policy, int attempt, Duration delay) {
                told.add("server " + attempt + " " + delay.toMillis() + " ms");
            }
        });
        return hedge;
    }

    private Supplier<CompletableFuture<Object>> pendingStages() {
        return () -> {
            CompletableFuture<Object> stage = new CompletableFuture<>();
            stages.add(stage);
            return stage;
        };
    }

    private static Throwable failure(CompletableFuture<?> future) {
        assertThat(future).isDone();
        return AttemptOutcomes.unwrap(future.handle((v, t) -> t).join());
    }

    @Test
    void aServerDelayBeforeTheHedgeDelayMeansNoHedgeAndTheAnswerIsTheOutcome() {
        Hedge hedge = hedge(b -> { }, c -> { });
        CompletableFuture<Object> result = hedge.submitAsync(Idempotent.stage(pendingStages()));
        clock.advance(5 * MS);
        stages.get(0).completeExceptionally(new TooManyRequests("1"));
        assertThat(failure(result)).isInstanceOf(CallFailedException.class).hasCauseInstanceOf(TooManyRequests.class);
        clock.advance(5_000 * MS);
        assertThat(stages).hasSize(1);
        assertThat(clock.pendingTasks()).isZero(); // the hedge's timer went with the answer
        assertThat(hedge.metrics().hedged()).isZero();
        assertThat(hedge.metrics().serverDelays()).isEqualTo(1);
        assertThat(hedge.budget().extras(clock.read())).isZero();
        assertThat(told).containsExactly("server 1 1000 ms");
    }

    @Test
    void afterAServerDelayNoFurtherHedgeStartsAndTheAttemptInFlightStillWins() {
        Hedge hedge = hedge(b -> { }, c -> c.maxHedges(3).budget(100, 3));
        CompletableFuture<Object> result = hedge.submitAsync(Idempotent.stage(pendingStages()));
        clock.advance(20 * MS); // hedge 1
        assertThat(stages).hasSize(2);
        clock.advance(5 * MS);
        stages.get(1).complete(new Response(503, "2")); // a value with a server delay does not win
        assertThat(result).isNotDone();
        assertThat(stages.get(0)).isNotDone(); // the attempt in flight runs on
        clock.advance(1_000 * MS);
        assertThat(stages).hasSize(2); // no hedge at 40, 60 ms
        assertThat(hedge.budget().extras(clock.read())).isEqualTo(1); // only the hedge made before the answer
        stages.get(0).complete(new Response(200, null));
        assertThat(result).isCompletedWithValue(new Response(200, null));
        assertThat(hedge.metrics().hedgeWins()).isZero();
        assertThat(told).containsExactly("hedge 2", "server 2 2000 ms");
    }

    @Test
    void whenNoOtherAttemptAnswersBetterTheServersAnswerIsTheOutcomeNotTheLastFailure() {
        Hedge hedge = hedge(b -> { }, c -> c.maxHedges(1));
        CompletableFuture<Object> result = hedge.submitAsync(Idempotent.stage(pendingStages()));
        clock.advance(20 * MS);
        stages.get(1).complete(new Response(429, "3"));
        stages.get(0).completeExceptionally(new IllegalStateException("the last failure"));
        assertThat(result).isCompletedWithValue(new Response(429, "3")); // for an outer retry to read
        assertThat(hedge.metrics().serverDelays()).isEqualTo(1);
    }

    @Test
    void aBlockingCallsServerDelayEndsItsHedging() {
        Hedge hedge = hedge(b -> { }, c -> { });
        CompletableFuture<String> result = hedge.submit(Idempotent.call(() -> {
            throw new TooManyRequests("Thu, 01 Jan 2026 00:00:05 GMT"); // the clock's wall time is 2026-01-01T00:00:00Z
        }), e -> "fallback");
        assertThat(result).isCompletedWithValue("fallback");
        assertThat(told).containsExactly("server 1 5000 ms");
        clock.advance(1_000 * MS);
        assertThat(hedge.metrics().attempts()).isEqualTo(1);
    }

    @Test
    void aPlainFailureStillLeavesTheHedgeToCome() {
        Hedge hedge = hedge(b -> { }, c -> c.maxHedges(2).budgetEnabled(false));
        CompletableFuture<Object> result = hedge.submitAsync(Idempotent.stage(pendingStages()));
        clock.advance(20 * MS);
        stages.get(1).completeExceptionally(new IllegalStateException("down"));
        clock.advance(20 * MS);
        assertThat(stages).hasSize(3); // without a server delay the next hedge comes as before
        stages.get(2).complete("ok");
        assertThat(result).isCompletedWithValue("ok");
        assertThat(hedge.metrics().serverDelays()).isZero();
    }
}
