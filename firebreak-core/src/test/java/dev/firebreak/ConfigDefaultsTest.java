package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;
import org.junit.jupiter.api.Test;

/** The defaults are Hystrix's, and a bad value names its key, its value and the rule. */
class ConfigDefaultsTest {

    @Test
    void commandDefaultsAreHystrixs() {
        GuardConfig c = GuardConfig.defaults();
        assertThat(c.isolationStrategy()).isEqualTo(IsolationStrategy.THREAD);
        assertThat(c.timeoutEnabled()).isTrue();
        assertThat(c.timeoutInMilliseconds()).isEqualTo(1000);
        assertThat(c.interruptOnTimeout()).isTrue();
        assertThat(c.interruptOnCancel()).isFalse();
        assertThat(c.semaphoreMaxConcurrentRequests()).isEqualTo(10);
        assertThat(c.fallbackEnabled()).isTrue();
        assertThat(c.fallbackMaxConcurrentRequests()).isEqualTo(10);
        assertThat(c.circuitBreakerEnabled()).isTrue();
        assertThat(c.circuitBreakerRequestVolumeThreshold()).isEqualTo(20);
        assertThat(c.circuitBreakerErrorThresholdPercentage()).isEqualTo(50);
        assertThat(c.circuitBreakerSleepWindowInMilliseconds()).isEqualTo(5000);
        assertThat(c.metricsRollingStatsTimeInMilliseconds()).isEqualTo(10_000);
        assertThat(c.metricsRollingStatsNumBuckets()).isEqualTo(10);
        assertThat(c.metricsRollingPercentileTimeInMilliseconds()).isEqualTo(60_000);
        assertThat(c.metricsRollingPercentileNumBuckets()).isEqualTo(6);
        assertThat(c.setInCode()).isEmpty();
    }

    @Test
    void threadPoolDefaultsAreHystrixs() {
        ThreadPoolConfig p = ThreadPoolConfig.defaults();
        assertThat(p.coreSize()).isEqualTo(10);
        assertThat(p.maximumSize()).isEqualTo(10);
        assertThat(p.allowMaximumSizeToDivergeFromCoreSize()).isFalse();
        assertThat(p.maxQueueSize()).isEqualTo(-1);
        assertThat(p.queueSizeRejectionThreshold()).isEqualTo(5);
        assertThat(p.keepAliveTimeMinutes()).isEqualTo(1);
        assertThat(p.effectiveMaximumSize()).isEqualTo(10);
        assertThat(p.effectiveQueueBound()).isZero();
    }

    @Test
    void aBadValueNamesKeyValueAndRule() {
        assertThatThrownBy(() -> GuardConfig.builder().timeoutInMilliseconds(-5).build())
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> {
                    assertThat(e.key()).isEqualTo("execution.isolation.thread.timeoutInMilliseconds");
                    assertThat(e.value()).isEqualTo("-5");
                    assertThat(e.rule()).isEqualTo("must be > 0");
                });
        assertThatThrownBy(() -> GuardConfig.builder().metricsRollingStatsTimeInMilliseconds(10_001).build())
                .hasMessage("metrics.rollingStats.timeInMilliseconds = 10001: must divide evenly by "
                        + "metrics.rollingStats.numBuckets (10)");
        assertThatThrownBy(() -> GuardConfig.builder().circuitBreakerErrorThresholdPercentage(101).build())
                .hasMessageContaining("between 0 and 100");
        assertThatThrownBy(() -> ThreadPoolConfig.builder().maxQueueSize(0).build())
                .hasMessage("maxQueueSize = 0: must be -1 (no queue) or >= 1");
    }

    @Test
    void theBuilderRecordsWhatWasSetInCode() {
        GuardConfig c = GuardConfig.builder().timeoutInMilliseconds(250).fallbackEnabled(false).build();
        assertThat(c.setInCode()).containsExactly("execution.isolation.thread.timeoutInMilliseconds", "fallback.enabled");
        assertThat(c.toBuilder().build()).isEqualTo(c);
    }

    @Test
    void aGuardNameIsUniqueInItsRegistry() {
        GuardRegistry registry = GuardRegistry.builder().build();
        registry.guard("one").isolation(Isolation.semaphore(1)).build();
        assertThatThrownBy(() -> registry.guard("one").build()).hasMessageContaining("'one' already exists");
        assertThat(registry.find("one")).isPresent();
    }
}
