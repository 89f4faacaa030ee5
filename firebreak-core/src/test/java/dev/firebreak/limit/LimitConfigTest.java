package dev.firebreak.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.GuardConfig;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Bad limit configuration is refused naming the key, the value and the rule. */
class LimitConfigTest {

    private final ConfigScope<GuardConfig, GuardConfig.Builder> scope = GuardConfig.scope();

    private PropertyDefinition<GuardConfig, GuardConfig.Builder> row(String name) {
        return scope.property(name);
    }

    @Test
    void theKeysTheOverloadExperimentUsesAreInTheTable() {
        assertThat(LimitConfig.properties()).extracting(PropertyDefinition::name).contains("limit.algorithm",
                "limit.initialLimit", "limit.minLimit", "limit.maxLimit", "limit.aimd.backoffPercent",
                "limit.aimd.latencyThresholdInMilliseconds");
        assertThat(scope.key("firebreak", "svc", row("limit.algorithm")))
                .isEqualTo("firebreak.command.svc.limit.algorithm");
        LimitConfig parsed = scope.build(Map.of(row("limit.algorithm"), row("limit.algorithm").parse("k", "GRADIENT2"),
                row("limit.maxLimit"), 50), Set.of()).limit();
        assertThat(parsed.algorithm()).isEqualTo(LimitKind.GRADIENT2);
        assertThat(parsed.maxLimit()).isEqualTo(50);
    }

    @Test
    void anUnknownAlgorithmIsRefusedNamingTheKeyAndTheChoices() {
        assertThatThrownBy(() -> row("limit.algorithm").parse("limit.algorithm", "BBR"))
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("limit.algorithm")
                .hasMessageContaining("BBR").hasMessageContaining("GRADIENT2");
    }

    @Test
    void minAboveMaxIsRefusedNamingBothKeys() {
        assertThatThrownBy(() -> LimitConfig.builder().minLimit(50).maxLimit(10).initialLimit(10).build())
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> {
                    assertThat(e.key()).isEqualTo("limit.minLimit");
                    assertThat(e.value()).isEqualTo("50");
                    assertThat(e.rule()).isEqualTo("must be <= limit.maxLimit (10)");
                    assertThat(e.relatedKeys()).containsExactly("limit.maxLimit");
                });
    }

    @Test
    void outOfRangeValuesAreRefused() {
        assertThatThrownBy(() -> LimitConfig.builder().minLimit(0).build())
                .hasMessage("limit.minLimit = 0: must be >= 1");
        assertThatThrownBy(() -> LimitConfig.builder().initialLimit(300).build())
                .hasMessage("limit.initialLimit = 300: must be between limit.minLimit (1) and limit.maxLimit (200)");
        assertThatThrownBy(() -> LimitConfig.builder().aimdBackoffPercent(100).build())
                .hasMessage("limit.aimd.backoffPercent = 100: must be between 50 and 99");
        assertThatThrownBy(() -> LimitConfig.builder().aimdLatencyThresholdInMilliseconds(-1).build())
                .hasMessage("limit.aimd.latencyThresholdInMilliseconds = -1: must be >= 0");
        assertThat(scope.checkAlone(row("limit.aimd.latencyThresholdInMilliseconds"), java.time.Duration.ofMillis(-5)))
                .hasMessage("limit.aimd.latencyThresholdInMilliseconds = -5: must be >= 0");
        assertThat(LimitConfig.defaults().aimdLatencyThreshold()).as("off by default").isZero();
        assertThatThrownBy(() -> LimitConfig.builder().gradient2RttTolerancePercent(90).build())
                .hasMessage("limit.gradient2.rttTolerancePercent = 90: must be >= 100");
        assertThatThrownBy(() -> LimitConfig.builder().vegasAlpha(6).vegasBeta(6).build())
                .hasMessage("limit.vegas.alpha = 6: must be < limit.vegas.beta (6)");
        assertThat(scope.checkAlone(row("limit.maxLimit"), -3)).hasMessage("limit.maxLimit = -3: must be > 0");
    }
}
