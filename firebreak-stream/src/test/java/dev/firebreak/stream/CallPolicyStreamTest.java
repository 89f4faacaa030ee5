package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The stream's retry and hedge frames, read over real HTTP: a {@code FirebreakRetry} and a
 * {@code FirebreakHedge} event per policy after the collapsers, with the policy's counts, its budget's
 * window and its configuration, taken from the policies' own metrics on the injected clock.
 */
class CallPolicyStreamTest {

    @Test
    void everyRetryAndHedgePolicyHasAFrameOfItsOwn() throws Exception {
        try (StreamFixture fixture = new StreamFixture()) {
            Guard users = fixture.registry.guard("users").isolation(Isolation.semaphore(10))
                    .configure(c -> c.breaker(b -> b.enabled(false))).build();
            Retry retry = Retry.named("users-retry").through(users).attemptExecutor(Runnable::run)
                    .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).budget(10, 1)
                            .backoff(Duration.ofMillis(10), Duration.ofMillis(100), 2))
                    .build();
            for (int i = 0; i < 4; i++) {
                retry.submit(() -> {
                    throw new IllegalStateException("down");
                });
            }
            fixture.clock.advance(Duration.ofMillis(100)); // every retry the budget grants has run

            Guard profiles = fixture.registry.guard("profiles").isolation(Isolation.semaphore(10)).build();
            Hedge hedge = Hedge.named("profiles-hedge").through(profiles).hedgeExecutor(Runnable::run)
                    .configure(c -> c.fixedDelay(Duration.ofMillis(5)).maxHedges(1)).build();
            List<CompletableFuture<String>> attempts = new ArrayList<>();
            CompletableFuture<String> hedged = hedge.submitAsync(Idempotent.stage(() -> {
                CompletableFuture<String> attempt = new CompletableFuture<>();
                attempts.add(attempt);
                return attempt;
            }), null);
            fixture.clock.advance(Duration.ofMillis(5)); // the hedge starts
            assertThat(attempts).hasSize(2);
            attempts.get(1).complete("second");
            assertThat(hedged.get(10, TimeUnit.SECONDS)).isEqualTo("second");

            Map<String, Map<String, Object>> byType = new HashMap<>();
            List<String> order = new ArrayList<>();
            try (SseClient client = SseClient.open(fixture.server.streamUri())) {
                client.awaitPing();
                fixture.tick();
                for (int i = 0; i < 4; i++) { // 2 guards, then the two policies
                    Map<String, Object> event = MiniJson.object(client.nextData());
                    order.add(event.get("type") + "/" + event.get("name"));
                    byType.put((String) event.get("type"), event);
                }
            }
            assertThat(order).containsExactly("HystrixCommand/profiles", "HystrixCommand/users",
                    "FirebreakRetry/users-retry", "FirebreakHedge/profiles-hedge");

            Map<String, Object> r = byType.get("FirebreakRetry");
            assertThat(r.get("guard")).isEqualTo("users");
            assertThat(r.get("currentTime")).isEqualTo(StreamFixture.NOW.toEpochMilli());
            assertThat(r.get("cumulativeCountCalls")).isEqualTo(4L);
            // the budget allows max(10 % of 4 calls = 0, 1/s over 10 s = 10) extras: all 8 retries are made
            assertThat(r.get("cumulativeCountRetried")).isEqualTo(8L);
            assertThat(r.get("cumulativeCountAttempts")).isEqualTo(12L);
            assertThat(r.get("cumulativeCountRetryBudgetExhausted")).isEqualTo(0L);
            assertThat(r.get("cumulativeCountFallbacks")).isEqualTo(0L);
            assertThat(r.get("budget_callsInWindow")).isEqualTo(4L);
            assertThat(r.get("budget_extrasInWindow")).isEqualTo(8L);
            assertThat(r.get("budget_allowance")).isEqualTo(10L);
            assertThat(r.get("propertyValue_maxAttempts")).isEqualTo(3L);
            assertThat(r.get("propertyValue_backoffMultiplier")).isEqualTo(2L); // whole: an integer, as before it could be fractional
            assertThat(r.get("propertyValue_backoffJitter")).isEqualTo("NONE");
            assertThat(r.get("propertyValue_budgetPercent")).isEqualTo(10L);
            assertThat(r.get("propertyValue_budgetWindowInMilliseconds")).isEqualTo(10_000L);
            assertThat(r.get("reportingHosts")).isEqualTo(1L);

            Map<String, Object> h = byType.get("FirebreakHedge");
            assertThat(h.get("guard")).isEqualTo("profiles");
            assertThat(h.get("cumulativeCountCalls")).isEqualTo(1L);
            assertThat(h.get("cumulativeCountAttempts")).isEqualTo(2L);
            assertThat(h.get("cumulativeCountHedged")).isEqualTo(1L);
            assertThat(h.get("cumulativeCountHedgeWins")).isEqualTo(1L);
            assertThat(h.get("cumulativeCountLosersCancelled")).isEqualTo(1L);
            assertThat(h.get("currentDelayInMilliseconds")).isEqualTo(5L);
            assertThat(h.get("budget_extrasInWindow")).isEqualTo(1L);
            assertThat(h.get("propertyValue_maxHedges")).isEqualTo(1L);
            assertThat(h.get("propertyValue_delayFixedInMilliseconds")).isEqualTo(5L);
        }
    }
}
