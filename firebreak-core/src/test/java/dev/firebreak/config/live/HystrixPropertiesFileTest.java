package dev.firebreak.config.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.config.Level;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.testkit.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** An existing Hystrix properties file (test resource hystrix-legacy.properties), read unchanged. */
class HystrixPropertiesFileTest {

    @Test
    void aHystrixPropertiesFileConfiguresGuardsPoolsAndCollapsersUnchanged() throws Exception {
        Path file = Path.of(getClass().getResource("/hystrix-legacy.properties").toURI());
        GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build();
        List<ConfigEvent> events = new CopyOnWriteArrayList<>();
        try (DynamicConfiguration config = DynamicConfiguration.builder(registry)
                .source(PropertiesFileSource.of(file)).pollInterval(Duration.ZERO).listener(events::add).build()) {

            Guard getUser = registry.guard("GetUser").pool("UserPool").build();
            Guard lookup = registry.guard("LookupCountry").build();
            Guard other = registry.guard("ListOrders").isolation(Isolation.semaphore(3)).build();

            GuardConfig user = getUser.policy().config();
            assertThat(user.isolationStrategy()).isEqualTo(IsolationStrategy.THREAD);
            assertThat(user.timeoutInMilliseconds()).isEqualTo(800);
            assertThat(user.circuitBreakerErrorThresholdPercentage()).isEqualTo(30);
            assertThat(user.circuitBreakerRequestVolumeThreshold()).isEqualTo(25);
            assertThat(user.circuitBreakerSleepWindowInMilliseconds()).isEqualTo(7000);
            assertThat(user.fallbackMaxConcurrentRequests()).isEqualTo(20);
            assertThat(user.metricsRollingStatsTimeInMilliseconds()).isEqualTo(20000);
            assertThat(user.metricsRollingStatsNumBuckets()).isEqualTo(20);
            assertThat(user.metricsHealthSnapshotIntervalInMilliseconds()).isEqualTo(1000);
            assertThat(user.requestCacheEnabled()).isFalse();

            // created after the file was read: the fixed properties apply at creation
            assertThat(lookup.policy().isolationStrategy()).isEqualTo(IsolationStrategy.SEMAPHORE);
            assertThat(lookup.policy().config().semaphoreMaxConcurrentRequests()).isEqualTo(50);
            assertThat(lookup.policy().config().metricsRollingPercentileTimeInMilliseconds()).isEqualTo(30000);
            assertThat(lookup.policy().config().metricsRollingPercentileNumBuckets()).isEqualTo(3);
            assertThat(lookup.policy().config().timeoutInMilliseconds()).isEqualTo(1500);
            assertThat(lookup.policy().threadPool()).isNull();

            // set in code: stronger than the file's global default THREAD
            assertThat(other.policy().isolationStrategy()).isEqualTo(IsolationStrategy.SEMAPHORE);
            assertThat(other.policy().config().semaphoreMaxConcurrentRequests()).isEqualTo(3);

            GuardThreadPool userPool = getUser.policy().threadPool();
            ThreadPoolConfig pool = userPool.config();
            assertThat(pool.coreSize()).isEqualTo(15);
            assertThat(pool.maximumSize()).isEqualTo(30);
            assertThat(pool.allowMaximumSizeToDivergeFromCoreSize()).isTrue();
            assertThat(pool.maxQueueSize()).isEqualTo(100);
            assertThat(pool.queueSizeRejectionThreshold()).isEqualTo(60);
            assertThat(pool.keepAliveTimeMinutes()).isEqualTo(2);
            assertThat(pool.metricsRollingStatsTimeInMilliseconds()).isEqualTo(15000);
            assertThat(pool.metricsRollingStatsNumBuckets()).isEqualTo(15);
            assertThat(userPool.admissionLimit()).isEqualTo(30 + 60);
            assertThat(registry.findPool("LookupCountry")).isEmpty();

            FakeCollapser batch = FakeCollapser.create(config, "UserBatch",
                    CollapserConfig.builder().dispatchStrategy(DispatchStrategy.TIMER).build());
            assertThat(batch.config().maxRequestsInBatch()).isEqualTo(100);
            assertThat(batch.config().timerDelayInMilliseconds()).isEqualTo(5);
            assertThat(batch.config().requestCacheEnabled()).isTrue();
            FakeCollapser other2 = FakeCollapser.create(config, "Other", CollapserConfig.defaults());
            assertThat(other2.config().timerDelayInMilliseconds()).isEqualTo(15);

            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.REFUSED).isEmpty();
            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.UNKNOWN_KEY).singleElement()
                    .satisfies(e -> assertThat(e.key())
                            .isEqualTo("hystrix.command.GetUser.execution.isolation.thread.poolKeyOverride"));
            assertThat(config.commandProperties("GetUser").orElseThrow()).contains(
                    new EffectiveProperty("execution.isolation.thread.timeoutInMilliseconds", 800,
                            Level.DYNAMIC_INSTANCE, "hystrix.command.GetUser.execution.isolation.thread.timeoutInMilliseconds"),
                    new EffectiveProperty("circuitBreaker.sleepWindowInMilliseconds", 7000,
                            Level.DYNAMIC_GLOBAL_DEFAULT, "hystrix.command.default.circuitBreaker.sleepWindowInMilliseconds"));
        }
    }
}
