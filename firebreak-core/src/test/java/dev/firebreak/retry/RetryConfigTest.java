package dev.firebreak.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad configuration is refused with key, value and rule; properties apply live; the last valid policy stays. */
class RetryConfigTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final Guard guard = registry.guard("g").isolation(Isolation.semaphore(10)).build();

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "maxAttempts|0|must be between 1 and 100",
        "backoff.multiplier|0|must be between 1 and 10",
        "budget.percent|101|must be between 0 and 100",
        "budget.minPerSecond|-1|must be >= 0",
        "backoff.initialInMilliseconds|-5|must be between 0 and 2147483647 ms",
        "throttle.maxTokens|0|must be > 0",
        "throttle.tokenRatio|0.0|must be > 0 and <= 1",
        "throttle.tokenRatio|1.5|must be > 0 and <= 1",
        "budget.windowInMilliseconds|15|must be at least 10 and a multiple of 10 (the window has 10 buckets)"})
    void badValuesAreRefusedNamingKeyValueAndRule(String key, String value, String rule) {
        Consumer<RetryConfig.Builder> change = switch (key) {
            case "maxAttempts" -> b -> b.maxAttempts(Integer.parseInt(value));
            case "backoff.multiplier" -> b -> b.multiplier(Integer.parseInt(value));
            case "budget.percent" -> b -> b.budgetPercent(Integer.parseInt(value));
            case "budget.minPerSecond" -> b -> b.budgetMinPerSecond(Integer.parseInt(value));
            case "throttle.maxTokens" -> b -> b.throttleMaxTokens(Integer.parseInt(value));
            case "throttle.tokenRatio" -> b -> b.throttleTokenRatio(Double.parseDouble(value));
            case "backoff.initialInMilliseconds" -> b -> b.initialBackoff(Duration.ofMillis(Long.parseLong(value)));
            default -> b -> b.budgetWindow(Duration.ofMillis(Long.parseLong(value)));
        };
        RetryConfig.Builder builder = RetryConfig.builder();
        change.accept(builder);
        assertThatThrownBy(builder::build).isInstanceOf(InvalidConfigException.class)
                .hasMessage(key + " = " + value + ": " + rule);
    }

    @Test
    void maxBackoffBelowInitialNamesBothKeys() {
        assertThatThrownBy(() -> RetryConfig.builder().initialBackoff(Duration.ofMillis(100))
                .maxBackoff(Duration.ofMillis(50)).build())
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> {
                    assertThat(e.key()).isEqualTo("backoff.maxInMilliseconds");
                    assertThat(e.relatedKeys()).containsExactly("backoff.initialInMilliseconds");
                    assertThat(e.rule()).contains(">= backoff.initialInMilliseconds (100)");
                });
    }

    @Test
    void propertiesApplyLiveAndABadOneLeavesTheLastValidPolicy() {
        Retry retry = Retry.named("users").through(guard).build();
        RetryConfig applied = retry.reconfigure(Map.of(
                "firebreak.retry.users.maxAttempts", "5",
                "firebreak.retry.default.backoff.jitter", "DECORRELATED",
                "firebreak.retry.users.budget.percent", "30"));
        assertThat(applied.maxAttempts()).isEqualTo(5);
        assertThat(applied.jitter()).isEqualTo(Jitter.DECORRELATED);
        assertThat(retry.budget().allowance(1_000)).isEqualTo(300); // live in the running budget: max(30 % of 1000, 5/s * 10 s)

        assertThatThrownBy(() -> retry.reconfigure(Map.of(
                "firebreak.retry.users.maxAttempts", "7",
                "firebreak.retry.users.backoff.multiplier", "zero")))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("firebreak.retry.users.backoff.multiplier = zero");
        assertThatThrownBy(() -> retry.reconfigure(Map.of("firebreak.retry.users.maxAttempts", "1000")))
                .hasMessage("maxAttempts = 1000: must be between 1 and 100");
        assertThat(retry.config()).isEqualTo(applied); // all or nothing: 7 was not applied either
    }

    @Test
    void theDefaultsAreATwentyPercentBudgetAndGrpcsThrottle() {
        RetryConfig defaults = RetryConfig.defaults();
        assertThat(defaults.budgetPercent()).isEqualTo(20);
        assertThat(defaults.throttleEnabled()).isTrue();
        assertThat(defaults.throttleMaxTokens()).isEqualTo(20);
        assertThat(defaults.throttleTokenRatio()).isEqualTo(0.2);
    }

    @Test
    void throttlePropertiesApplyLiveAndABadOneIsRefusedWithKeyValueAndRule() {
        Retry retry = Retry.named("users").through(guard).build();
        RetryConfig applied = retry.reconfigure(Map.of(
                "firebreak.retry.users.throttle.maxTokens", "4",
                "firebreak.retry.default.throttle.tokenRatio", "0.5"));
        assertThat(applied.throttleMaxTokens()).isEqualTo(4);
        assertThat(applied.throttleTokenRatio()).isEqualTo(0.5);
        assertThat(retry.throttle().tokens()).isEqualTo(4.0); // the running count, clamped to the new maximum
        retry.throttle().onFailure();
        assertThat(retry.throttle().allows()).isTrue(); // 3 > 4 / 2
        retry.throttle().onFailure();
        assertThat(retry.throttle().allows()).isFalse(); // 2 is not above 4 / 2

        assertThatThrownBy(() -> retry.reconfigure(Map.of("firebreak.retry.users.throttle.tokenRatio", "a fifth")))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("firebreak.retry.users.throttle.tokenRatio = a fifth");
        assertThatThrownBy(() -> retry.reconfigure(Map.of("firebreak.retry.users.throttle.tokenRatio", "2")))
                .hasMessage("throttle.tokenRatio = 2.0: must be > 0 and <= 1");
        assertThatThrownBy(() -> retry.reconfigure(Map.of("firebreak.retry.users.throttle.maxTokens", "-3")))
                .hasMessage("throttle.maxTokens = -3: must be > 0");
        assertThat(retry.config()).isEqualTo(applied);
        RetryConfig off = retry.reconfigure(Map.of("firebreak.retry.users.throttle.enabled", "false"));
        assertThat(off.throttleEnabled()).isFalse();
    }

    @Test
    void theBudgetWindowIsFixedAtCreation() {
        Retry retry = Retry.named("users").through(guard).build();
        RetryConfig next = retry.config().toBuilder().budgetWindow(Duration.ofSeconds(1)).maxAttempts(2).build();
        assertThat(retry.reconfigure(next)).isFalse();
        assertThat(retry.config().budgetWindow()).isEqualTo(Duration.ofSeconds(10));
        assertThat(retry.config().maxAttempts()).isEqualTo(2);
        RetryConfig viaProperty = retry.reconfigure(Map.of("firebreak.retry.users.budget.windowInMilliseconds", "1000"));
        assertThat(viaProperty.budgetWindow()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aRetryNeedsAGuardAndAName() {
        assertThatThrownBy(() -> Retry.named("x").build()).hasMessageContaining("needs a guard");
        assertThatThrownBy(() -> Retry.named(" ")).hasMessageContaining("non-blank name");
    }
}
