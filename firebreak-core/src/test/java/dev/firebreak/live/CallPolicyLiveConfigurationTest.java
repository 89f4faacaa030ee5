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
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Live configuration reaches the registered retry and hedge policies through the same mechanism as
 * guards: {@code firebreak.retry.<name>.*} and {@code firebreak.hedge.<name>.*} over the code's values,
 * the {@code default} instance under the policy's own key, each key checked alone and then the whole
 * record, refusals naming key, value and rule, fixed keys held by a running policy, and a policy built
 * after the configuration is bound.
 */
class CallPolicyLiveConfigurationTest {

    /** The one REFUSED event since the fixture's events were last cleared, with its whole message. */
    private static void assertOnlyRefusal(Fixture f, String message) {
        assertThat(f.events(ConfigEvent.Kind.REFUSED)).singleElement()
                .satisfies(e -> assertThat(e.message()).isEqualTo(message));
    }

    private static Guard guard(Fixture f, String name) {
        return f.registry.guard(name).isolation(Isolation.semaphore(100)).timeout(Duration.ofMillis(100))
                .configure(c -> c.breaker(b -> b.enabled(false))).build();
    }

    @Test
    void retryPropertiesApplyLiveAndLeaveWithTheirKeys() {
        try (Fixture f = new Fixture()) {
            Retry retry = Retry.named("users").through(guard(f, "users")).attemptExecutor(Runnable::run)
                    .configure(c -> c.maxAttempts(2).jitter(Jitter.NONE).budgetEnabled(false)
                            .maxBackoff(Duration.ofMillis(1_000)).multiplier(2)).build();
            assertThat(RetryRegistry.of(f.registry).find("users")).containsSame(retry);

            f.source.set("firebreak.retry.default.maxAttempts", "3"); // weaker than the code's 2
            f.source.set("firebreak.retry.users.maxAttempts", "4");
            f.source.set("firebreak.retry.default.backoff.initialInMilliseconds", "20"); // the code left it
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
            f.source.remove("firebreak.retry.users.maxAttempts"); // the code's value comes back, not the default's
            assertThat(retry.config().maxAttempts()).isEqualTo(2);
        }
    }

    @Test
    void aBadValueIsRefusedWithKeyValueAndRuleAndItsLastValidValueStays() {
        try (Fixture f = new Fixture()) {
            Retry retry = Retry.named("orders").through(guard(f, "orders")).build();
            f.source.set("firebreak.retry.orders.budget.percent", "20");
            RetryConfig valid = retry.config();
            assertThat(valid.budgetPercent()).isEqualTo(20);

            // each key is checked alone, as a guard's are: the bad line is refused, the good one applies
            f.source.setAll(Map.of("firebreak.retry.orders.maxAttempts", "7",
                    "firebreak.retry.orders.backoff.multiplier", "11"));
            assertThat(retry.config().backoffMultiplier()).isEqualTo(valid.backoffMultiplier());
            assertThat(retry.config().maxAttempts()).isEqualTo(7);
            List<ConfigEvent> refused = f.events(ConfigEvent.Kind.REFUSED);
            assertThat(refused).hasSize(1);
            assertThat(refused.get(0).scope()).isEqualTo("retry");
            assertThat(refused.get(0).instance()).isEqualTo("orders");
            assertThat(refused.get(0).key()).isEqualTo("firebreak.retry.orders.backoff.multiplier");
            assertThat(refused.get(0).value()).isEqualTo("11");
            assertThat(refused.get(0).message()).isEqualTo(
                    "firebreak.retry.orders.backoff.multiplier = 11: must be between 1 and 10; not applied");

            f.source.set("firebreak.retry.orders.backoff.multiplier", "1.5"); // corrected, and fractional: it applies now
            assertThat(retry.config().maxAttempts()).isEqualTo(7);
            assertThat(retry.config().backoffMultiplier()).isEqualTo(1.5);
            f.events.clear();
            f.source.set("firebreak.retry.orders.backoff.multiplier", "zero");
            assertOnlyRefusal(f, "firebreak.retry.orders.backoff.multiplier = zero: must be a decimal number such as 0.2; keeping 1.5");
            assertThat(retry.config().backoffMultiplier()).isEqualTo(1.5);
        }
    }

    @Test
    void aRuleAcrossTheRecordRefusesTheKeyThatBreaksItAndKeepsTheLastValidValue() {
        try (Fixture f = new Fixture()) {
            Retry retry = Retry.named("orders").through(guard(f, "orders"))
                    .configure(c -> c.backoff(Duration.ofMillis(10), Duration.ofMillis(100), 2)).build();
            f.source.set("firebreak.retry.orders.backoff.maxInMilliseconds", "5"); // valid alone, below the initial 10
            assertThat(retry.config().maxBackoff()).isEqualTo(Duration.ofMillis(100));
            assertThat(f.events(ConfigEvent.Kind.REFUSED)).singleElement().satisfies(e -> {
                assertThat(e.key()).isEqualTo("firebreak.retry.orders.backoff.maxInMilliseconds");
                assertThat(e.value()).isEqualTo("5");
                assertThat(e.message()).contains("firebreak.retry.orders.backoff.maxInMilliseconds = 5",
                        "must be >= backoff.initialInMilliseconds (10)", "keeping 100");
            });
        }
    }

    @Test
    void aFixedKeyIsHeldByTheRunningPolicyAndReachesPoliciesBuiltAfterIt() {
        try (Fixture f = new Fixture()) {
            Retry running = Retry.named("orders").through(guard(f, "orders")).build();
            f.source.setAll(Map.of("firebreak.retry.orders.budget.windowInMilliseconds", "1000",
                    "firebreak.retry.orders.maxAttempts", "5"));
            assertThat(running.config().budgetWindow()).isEqualTo(Duration.ofSeconds(10));
            assertThat(running.config().maxAttempts()).isEqualTo(5); // the live key beside it applies
            assertThat(f.events(ConfigEvent.Kind.FIXED_PROPERTY_IGNORED)).singleElement().satisfies(e -> {
                assertThat(e.scope()).isEqualTo("retry");
                assertThat(e.property()).isEqualTo("budget.windowInMilliseconds");
                assertThat(e.message()).contains("firebreak.retry.orders.budget.windowInMilliseconds = 1000",
                        "cannot change while retry orders runs", "keeping 10000");
            });

            Retry rebuilt = Retry.named("orders").through(guard(f, "orders-2")).build();
            assertThat(rebuilt.config().budgetWindow()).isEqualTo(Duration.ofSeconds(1));
            assertThat(rebuilt.budget().allowance(1_000)).as("the budget counts over the new window")
                    .isEqualTo(200);
        }
    }

    @Test
    void retryAndHedgeKeysAreFirebreakKeysOnly() {
        try (Fixture f = new Fixture()) {
            Retry retry = Retry.named("users").through(guard(f, "users")).build();
            Hedge hedge = Hedge.named("users").through(guard(f, "users-h")).build();
            f.source.setAll(Map.of("hystrix.retry.users.maxAttempts", "5", "hystrix.hedge.users.maxHedges", "3"));
            assertThat(retry.config().maxAttempts()).isEqualTo(3);
            assertThat(hedge.config().maxHedges()).isEqualTo(1);
            assertThat(f.events).isEmpty(); // not under a scope: neither applied nor reported unknown
            f.source.set("firebreak.retry.users.maxAttemps", "5");
            assertThat(f.events(ConfigEvent.Kind.UNKNOWN_KEY)).extracting(ConfigEvent::key)
                    .containsExactly("firebreak.retry.users.maxAttemps");
        }
    }

    @Test
    void propertiesApplyLiveAndReachTheRunningBudget() {
        try (Fixture f = new Fixture()) {
            Retry retry = Retry.named("users").through(guard(f, "users")).build();
            f.source.setAll(Map.of("firebreak.retry.users.maxAttempts", "5",
                    "firebreak.retry.default.backoff.jitter", "DECORRELATED",
                    "firebreak.retry.users.budget.percent", "30"));
            assertThat(retry.config().maxAttempts()).isEqualTo(5);
            assertThat(retry.config().jitter()).isEqualTo(Jitter.DECORRELATED);
            assertThat(retry.budget().allowance(1_000)).isEqualTo(300); // max(30 % of 1000, 5/s * 10 s)

            f.source.set("firebreak.retry.users.maxAttempts", "1000");
            assertOnlyRefusal(f, "firebreak.retry.users.maxAttempts = 1000: must be between 1 and 100; keeping 5");
            assertThat(retry.config().maxAttempts()).isEqualTo(5);
        }
    }

    @Test
    void throttlePropertiesApplyLiveAndABadOneIsRefusedWithKeyValueAndRule() {
        try (Fixture f = new Fixture()) {
            Retry retry = Retry.named("users").through(guard(f, "users")).build();
            f.source.setAll(Map.of("firebreak.retry.users.throttle.maxTokens", "4",
                    "firebreak.retry.default.throttle.tokenRatio", "0.5"));
            RetryConfig applied = retry.config();
            assertThat(applied.throttleMaxTokens()).isEqualTo(4);
            assertThat(applied.throttleTokenRatio()).isEqualTo(0.5);
            assertThat(retry.throttle().tokens()).isEqualTo(4.0); // the running count, clamped to the new maximum
            retry.throttle().onFailure();
            assertThat(retry.throttle().allows()).isTrue(); // 3 > 4 / 2
            retry.throttle().onFailure();
            assertThat(retry.throttle().allows()).isFalse(); // 2 is not above 4 / 2

            f.source.set("firebreak.retry.users.throttle.tokenRatio", "a fifth");
            f.source.set("firebreak.retry.users.throttle.tokenRatio", "2");
            f.source.set("firebreak.retry.users.throttle.maxTokens", "-3");
            assertThat(f.events(ConfigEvent.Kind.REFUSED)).extracting(ConfigEvent::message).containsExactly(
                    "firebreak.retry.users.throttle.tokenRatio = a fifth: must be a decimal number such as 0.2; not applied",
                    "firebreak.retry.users.throttle.tokenRatio = 2: must be > 0 and <= 1; not applied",
                    "firebreak.retry.users.throttle.maxTokens = -3: must be > 0; keeping 4");
            assertThat(retry.config()).isEqualTo(applied);
            f.source.set("firebreak.retry.users.throttle.enabled", "false");
            assertThat(retry.config().throttleEnabled()).isFalse();
        }
    }

    @Test
    void aBadHedgeKeyIsRefusedAloneAndTheDefaultInstanceIsWeakerThanTheInstance() {
        try (Fixture f = new Fixture()) {
            Hedge hedge = Hedge.named("users-hedge").through(guard(f, "users")).build();
            HedgeConfig before = hedge.config();
            f.source.setAll(Map.of("firebreak.hedge.users-hedge.maxHedges", "2",
                    "firebreak.hedge.users-hedge.delay.percentile", "98"));
            assertOnlyRefusal(f, "firebreak.hedge.users-hedge.delay.percentile = 98: must be one of 50, 75, 90, 95, 99,"
                            + " 99.5; not applied");
            assertThat(hedge.config().percentile()).isEqualTo(before.percentile());
            assertThat(hedge.config().maxHedges()).isEqualTo(2);

            f.source.setAll(Map.of("firebreak.hedge.default.maxHedges", "3",
                    "firebreak.hedge.users-hedge.delay.fixedInMilliseconds", "7"));
            assertThat(hedge.config().maxHedges()).as("the instance's key wins").isEqualTo(2);
            assertThat(hedge.currentDelay()).contains(Duration.ofMillis(7));
            f.source.remove("firebreak.hedge.users-hedge.maxHedges");
            assertThat(hedge.config().maxHedges()).isEqualTo(3);
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
