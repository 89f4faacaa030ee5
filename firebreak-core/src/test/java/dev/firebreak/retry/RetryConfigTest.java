package dev.firebreak.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
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
        "backoff.multiplier|0.5|must be between 1 and 10",
        "backoff.multiplier|10.5|must be between 1 and 10",
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
            case "backoff.multiplier" -> b -> b.multiplier(Double.parseDouble(value));
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
    void theDefaultsAreATwentyPercentBudgetAndGrpcsThrottle() {
        RetryConfig defaults = RetryConfig.defaults();
        assertThat(defaults.budgetPercent()).isEqualTo(20);
        assertThat(defaults.throttleEnabled()).isTrue();
        assertThat(defaults.throttleMaxTokens()).isEqualTo(20);
        assertThat(defaults.throttleTokenRatio()).isEqualTo(0.2);
    }

    @Test
    void theBudgetWindowIsFixedAtCreation() {
        Retry retry = Retry.named("users").through(guard).build();
        RetryConfig next = retry.config().toBuilder().budgetWindow(Duration.ofSeconds(1)).maxAttempts(2).build();
        assertThat(retry.reconfigure(next)).isFalse();
        assertThat(retry.config().budgetWindow()).isEqualTo(Duration.ofSeconds(10));
        assertThat(retry.config().maxAttempts()).isEqualTo(2);
        assertThat(retry.reconfigure(retry.config().toBuilder().maxAttempts(4).build())).isTrue();
        assertThat(retry.config().budgetWindow()).isEqualTo(Duration.ofSeconds(10));
        // live keys: CallPolicyLiveConfigurationTest (the same window through a property is held too)
    }

    @Test
    void theBuilderRecordsWhatTheCodeSetForTheLayersOfLiveConfiguration() {
        RetryConfig config = RetryConfig.builder().maxAttempts(4).budget(10, 2).backoff(Duration.ofMillis(5),
                Duration.ofMillis(50), 3).build();
        assertThat(config.setInCode()).containsExactlyInAnyOrder("maxAttempts", "budget.enabled", "budget.percent",
                "budget.minPerSecond", "backoff.initialInMilliseconds", "backoff.maxInMilliseconds",
                "backoff.multiplier");
        assertThat(config.toBuilder().build()).isEqualTo(config);
        assertThat(RetryConfig.defaults().setInCode()).isEmpty();
    }

    @Test
    void aRetryNeedsAGuardAndAName() {
        assertThatThrownBy(() -> Retry.named("x").build()).hasMessageContaining("needs a guard");
        assertThatThrownBy(() -> Retry.named(" ")).hasMessageContaining("non-blank name");
    }
}
