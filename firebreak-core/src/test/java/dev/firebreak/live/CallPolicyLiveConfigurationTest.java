package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeConfig;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryConfig;
import dev.firebreak.retry.RetryRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Live configuration reaches the registered retry and hedge policies: {@code firebreak.retry.<name>.*}
 * and {@code firebreak.hedge.<name>.*} over the code's values, the {@code default} instance under the
 * policy's own key, all or nothing with refusals naming key, value and rule, and a policy built after
 * the configuration is bound.
 */
class CallPolicyLiveConfigurationTest {

    private static Guard guard(Fixture f, String name) {
        return f.registry.guard(name).isolation(Isolation.semaphore(100)).timeout(Duration.ofMillis(100))
                .configure(c -> c.breaker(b -> b.enabled(false))).build();
    }

    @Test
    void retryPropertiesApplyLiveAndLeaveWithTheirKeys() {
        try (Fixture f = new Fixture()) {
            Retry retry = Retry.named("users").through(guard(f, "users")).attemptExecutor(Runnable::run)
                    .configure(c -> c.maxAttempts(2).jitter(Jitter.NONE).budgetEnabled(false)
                            .backoff(Duration.ofMillis(10), Duration.ofMillis(1_000), 2)).build();
            assertThat(RetryRegistry.of(f.registry).find("users")).containsSame(retry);

            f.source.set("firebreak.retry.users.maxAttempts", "4");
            f.source.set("firebreak.retry.default.backoff.initialInMilliseconds", "20");
            assertThat(retry.config().maxAttempts()).isEqualTo(4);
            assertThat(retry.config().initialBackoff()).isEqualTo(Duration.ofMillis(20));
            assertThat(f.events(ConfigEvent.Kind.APPLIED)).extracting(ConfigEvent::key)
                    .contains("firebreak.retry.users.maxAttempts", "firebreak.retry.default.backoff.initialInMilliseconds");

            // the live values drive the calls: attempts at 0, 20, 60, 140 ms
            java.util.List<Long> times = new java.util.concurrent.CopyOnWriteArrayList<>();
            long t0 = f.clock.read();
            CompletableFuture<String> call = retry.submitAsync(() -> {
                times.add((f.clock.read() - t0) / 1_000_000L);
                return CompletableFuture.failedFuture(new IllegalStateException("down"));
            });
            f.clock.advance(Duration.ofMillis(500));
            assertThat(times).containsExactly(0L, 20L, 60L, 140L);
            assertThat(call).isCompletedExceptionally();

            f.source.set("firebreak.retry.users.backoff.initialInMilliseconds", "30"); // the instance's key wins
            assertThat(retry.config().initialBackoff()).isEqualTo(Duration.ofMillis(30));
            f.source.remove("firebreak.retry.users.maxAttempts"); // the code's value comes back
            assertThat(retry.config().maxAttempts()).isEqualTo(2);
        }
    }

    @Test
    void aBadValueIsRefusedWithKeyValueAndRuleAndTheLastValidPolicyStays() {
        try (Fixture f = new Fixture()) {
            Retry retry = Retry.named("orders").through(guard(f, "orders")).build();
            f.source.set("firebreak.retry.orders.budget.percent", "20");
            RetryConfig valid = retry.config();
            assertThat(valid.budgetPercent()).isEqualTo(20);

            f.source.setAll(java.util.Map.of("firebreak.retry.orders.maxAttempts", "7",
                    "firebreak.retry.orders.backoff.multiplier", "11"));
            assertThat(retry.config()).isEqualTo(valid); // all or nothing: 7 attempts not applied either
            List<ConfigEvent> refused = f.events(ConfigEvent.Kind.REFUSED);
            assertThat(refused).hasSize(1);
            assertThat(refused.get(0).key()).isEqualTo("firebreak.retry.orders.backoff.multiplier");
            assertThat(refused.get(0).value()).isEqualTo("11");
            assertThat(refused.get(0).message()).contains("firebreak.retry.orders.backoff.multiplier", "11", "between 1 and 10");

            f.source.set("firebreak.retry.orders.backoff.multiplier", "3"); // fixed: both apply now
            assertThat(retry.config().maxAttempts()).isEqualTo(7);
            assertThat(retry.config().multiplier()).isEqualTo(3);
            f.source.set("firebreak.retry.orders.budget.windowInMilliseconds", "1000"); // fixed at creation
            assertThat(retry.config().budgetWindow()).isEqualTo(Duration.ofSeconds(10));
        }
    }

    @Test
    void aPolicyBuiltAfterTheConfigurationGetsItsValuesAtOnce() {
        try (Fixture f = new Fixture()) {
            f.source.set("firebreak.hedge.profiles.maxHedges", "3");
            f.source.set("firebreak.hedge.default.delay.fixedInMilliseconds", "15");
            f.source.set("firebreak.retry.late.maxAttempts", "6");
            Hedge hedge = Hedge.named("profiles").through(guard(f, "profiles")).build();
            Retry retry = Retry.named("late").through(guard(f, "late")).build();
            assertThat(hedge.config().maxHedges()).isEqualTo(3);
            assertThat(hedge.config().fixedDelay()).isEqualTo(Duration.ofMillis(15));
            assertThat(hedge.currentDelay()).contains(Duration.ofMillis(15));
            assertThat(retry.config().maxAttempts()).as("no refresh needed").isEqualTo(6);

            f.source.set("firebreak.hedge.profiles.delay.percentile", "42");
            assertThat(f.events(ConfigEvent.Kind.REFUSED)).singleElement()
                    .satisfies(e -> assertThat(e.message()).contains("firebreak.hedge.profiles.delay.percentile", "42"));
            assertThat(hedge.config().maxHedges()).isEqualTo(3);
            HedgeConfig before = hedge.config();
            f.config.close();
            f.source.set("firebreak.hedge.profiles.maxHedges", "1");
            assertThat(hedge.config()).as("a closed configuration applies nothing").isEqualTo(before);
        }
    }
}
