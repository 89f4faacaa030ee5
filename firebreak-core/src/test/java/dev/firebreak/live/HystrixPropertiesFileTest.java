package dev.firebreak.live;

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

            GuardConfig user = getUser.controls().config();
            assertThat(user.isolation().strategy()).isEqualTo(IsolationStrategy.THREAD);
            assertThat(user.timeout().timeout().toMillis()).isEqualTo(800);
            assertThat(user.breaker().errorThresholdPercentage()).isEqualTo(30);
            assertThat(user.breaker().requestVolumeThreshold()).isEqualTo(25);
            assertThat(user.breaker().sleepWindow().toMillis()).isEqualTo(7000);
            assertThat(user.fallback().maxConcurrentRequests()).isEqualTo(20);
            assertThat(user.metrics().rollingStatsWindow().toMillis()).isEqualTo(20000);
            assertThat(user.metrics().rollingStatsBuckets()).isEqualTo(20);
            assertThat(user.metrics().healthInterval().toMillis()).isEqualTo(1000);
            assertThat(user.request().cacheEnabled()).isFalse();

            // created after the file was read: the fixed properties apply at creation
            assertThat(lookup.controls().isolationStrategy()).isEqualTo(IsolationStrategy.SEMAPHORE);
            assertThat(lookup.controls().config().isolation().semaphoreMaxConcurrentRequests()).isEqualTo(50);
            assertThat(lookup.controls().config().metrics().percentileWindow().toMillis()).isEqualTo(30000);
            assertThat(lookup.controls().config().metrics().percentileBuckets()).isEqualTo(3);
            assertThat(lookup.controls().config().timeout().timeout().toMillis()).isEqualTo(1500);
            assertThat(lookup.controls().threadPool()).isNull();

            // set in code: stronger than the file's global default THREAD
            assertThat(other.controls().isolationStrategy()).isEqualTo(IsolationStrategy.SEMAPHORE);
            assertThat(other.controls().config().isolation().semaphoreMaxConcurrentRequests()).isEqualTo(3);

            GuardThreadPool userPool = getUser.controls().threadPool();
            ThreadPoolConfig pool = userPool.config();
            assertThat(pool.coreSize()).isEqualTo(15);
            assertThat(pool.maximumSize()).isEqualTo(30);
            assertThat(pool.allowMaximumSizeToDivergeFromCoreSize()).isTrue();
            assertThat(pool.maxQueueSize()).isEqualTo(100);
            assertThat(pool.queueSizeRejectionThreshold()).isEqualTo(60);
            assertThat(pool.keepAliveTime().toMinutes()).isEqualTo(2);
            assertThat(pool.rollingStatsWindow().toMillis()).isEqualTo(15000);
            assertThat(pool.rollingStatsBuckets()).isEqualTo(15);
            assertThat(userPool.admissionLimit()).isEqualTo(30 + 60);
            assertThat(registry.findPool("LookupCountry")).isEmpty();

            FakeCollapser batch = FakeCollapser.create(config, "UserBatch",
                    CollapserConfig.builder().dispatchStrategy(DispatchStrategy.TIMER).build());
            assertThat(batch.config().maxRequestsInBatch()).isEqualTo(100);
            assertThat(batch.config().timerDelay().toMillis()).isEqualTo(5);
            assertThat(batch.config().requestCacheEnabled()).isTrue();
            FakeCollapser other2 = FakeCollapser.create(config, "Other", CollapserConfig.defaults());
            assertThat(other2.config().timerDelay().toMillis()).isEqualTo(15);

            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.REFUSED).isEmpty();
            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.UNKNOWN_KEY).singleElement()
                    .satisfies(e -> assertThat(e.key())
                            .isEqualTo("hystrix.command.GetUser.execution.isolation.thread.poolKeyOverride"));
            assertThat(config.commandProperties("GetUser").orElseThrow()).contains(
                    new EffectiveProperty("execution.isolation.thread.timeoutInMilliseconds", Duration.ofMillis(800),
                            Level.DYNAMIC_INSTANCE, "hystrix.command.GetUser.execution.isolation.thread.timeoutInMilliseconds"),
                    new EffectiveProperty("circuitBreaker.sleepWindowInMilliseconds", Duration.ofMillis(7000),
                            Level.DYNAMIC_GLOBAL_DEFAULT, "hystrix.command.default.circuitBreaker.sleepWindowInMilliseconds"));
        }
    }
}
