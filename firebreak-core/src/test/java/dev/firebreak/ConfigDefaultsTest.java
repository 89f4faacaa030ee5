package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The defaults are Hystrix's, and a bad value names its key, its value and the rule. */
class ConfigDefaultsTest {

    @Test
    void commandDefaultsAreHystrixs() {
        GuardConfig c = GuardConfig.defaults();
        assertThat(c.isolation().strategy()).isEqualTo(IsolationStrategy.THREAD);
        assertThat(c.timeout().enabled()).isTrue();
        assertThat(c.timeout().timeout().toMillis()).isEqualTo(1000);
        assertThat(c.timeout().interruptOnTimeout()).isTrue();
        assertThat(c.isolation().interruptOnCancel()).isFalse();
        assertThat(c.isolation().semaphoreMaxConcurrentRequests()).isEqualTo(10);
        assertThat(c.fallback().enabled()).isTrue();
        assertThat(c.fallback().maxConcurrentRequests()).isEqualTo(10);
        assertThat(c.breaker().enabled()).isTrue();
        assertThat(c.breaker().requestVolumeThreshold()).isEqualTo(20);
        assertThat(c.breaker().errorThresholdPercentage()).isEqualTo(50);
        assertThat(c.breaker().sleepWindow().toMillis()).isEqualTo(5000);
        assertThat(c.metrics().rollingStatsWindow().toMillis()).isEqualTo(10_000);
        assertThat(c.metrics().rollingStatsBuckets()).isEqualTo(10);
        assertThat(c.metrics().percentileWindow().toMillis()).isEqualTo(60_000);
        assertThat(c.metrics().percentileBuckets()).isEqualTo(6);
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
        assertThat(p.keepAliveTime().toMinutes()).isEqualTo(1);
        assertThat(p.effectiveMaximumSize()).isEqualTo(10);
        assertThat(p.effectiveQueueBound()).isZero();
    }

    @Test
    void aBadValueNamesKeyValueAndRule() {
        assertThatThrownBy(() -> GuardConfig.builder().timeout(to -> to.timeout(Duration.ofMillis(-5))).build())
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> {
                    assertThat(e.key()).isEqualTo("execution.isolation.thread.timeoutInMilliseconds");
                    assertThat(e.value()).isEqualTo("-5");
                    assertThat(e.rule()).isEqualTo("must be > 0");
                });
        assertThatThrownBy(() -> GuardConfig.builder().metrics(mt -> mt.rollingStatsWindow(Duration.ofMillis(10_001))).build())
                .hasMessage("metrics.rollingStats.timeInMilliseconds = 10001: must divide evenly by "
                        + "metrics.rollingStats.numBuckets (10)");
        assertThatThrownBy(() -> GuardConfig.builder().breaker(cb -> cb.errorThresholdPercentage(101)).build())
                .hasMessageContaining("between 0 and 100");
        assertThatThrownBy(() -> ThreadPoolConfig.builder().maxQueueSize(0).build())
                .hasMessage("maxQueueSize = 0: must be -1 (no queue) or >= 1");
    }

    @Test
    void theBuilderRecordsWhatWasSetInCode() {
        GuardConfig c = GuardConfig.builder().timeout(to -> to.timeout(Duration.ofMillis(250))).fallback(fb -> fb.enabled(false)).build();
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
