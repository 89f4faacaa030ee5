package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.Isolation;
import dev.firebreak.RejectedException;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.config.Level;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.event.EventType;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Changes reach running guards, pools and collapsers; fixed properties say so and wait for new instances. */
class LiveChangesTest {

    @Test
    void aSemaphoreSizeChangeChangesWhatARunningGuardAdmits() {
        try (Fixture f = new Fixture()) {
            Guard guard = f.registry.guard("nested").isolation(Isolation.semaphore(1)).build();
            // a call that makes a second call while it holds the only permit
            String inner = guard.execute(() -> guard.execute(() -> "inner", failure -> failure.getClass().getSimpleName()));
            assertThat(inner).isEqualTo(RejectedException.class.getSimpleName());

            f.source.set("firebreak.command.nested.execution.isolation.semaphore.maxConcurrentRequests", "2");

            assertThat(guard.execute(() -> guard.execute(() -> "inner"))).isEqualTo("inner");
            assertThat(guard.controls().metrics().cumulativeCount(EventType.SEMAPHORE_REJECTED)).isEqualTo(1);
        }
    }

    @Test
    void everyLiveGuardPropertyReachesARunningGuard() {
        try (Fixture f = new Fixture()) {
            Guard guard = f.semaphoreGuard("g", c -> { });
            for (PropertyDefinition<?, ?> p : GuardConfig.scope().properties()) {
                if (!p.live()) {
                    continue;
                }
                Object value = Harness.samples(GuardConfig.scope(), p).get(0);
                f.source.set("firebreak.command.g." + p.name(), Harness.text(p, value));
                assertThat(Harness.get(p, guard.controls().config())).as(p.name()).isEqualTo(value);
            }
            assertThat(f.events(ConfigEvent.Kind.APPLIED)).hasSize(
                    (int) GuardConfig.scope().properties().stream().filter(PropertyDefinition::live).count());
        }
    }

    @Test
    void poolSizesChangeOnTheRunningPool() {
        try (Fixture f = new Fixture()) {
            Guard guard = f.registry.guard("g").pool("p").isolation(Isolation.threadPool(
                    ThreadPoolConfig.builder().maxQueueSize(50).build())).build();
            GuardThreadPool pool = guard.controls().threadPool();
            assertThat(pool.admissionLimit()).isEqualTo(10 + 5);

            f.source.setAll(Map.of("firebreak.threadpool.p.coreSize", "4",
                    "firebreak.threadpool.p.maximumSize", "12",
                    "firebreak.threadpool.p.allowMaximumSizeToDivergeFromCoreSize", "true",
                    "firebreak.threadpool.p.queueSizeRejectionThreshold", "20"));

            assertThat(pool.config().coreSize()).isEqualTo(4);
            assertThat(pool.admissionLimit()).isEqualTo(12 + 20);
            assertThat(f.events(ConfigEvent.Kind.APPLIED)).hasSize(4);
        }
    }

    @Test
    void aFixedPropertyChangeIsReportedOnceAndAppliesToNewInstances() {
        try (Fixture f = new Fixture()) {
            Guard running = f.registry.guard("running").build();
            assertThat(running.controls().isolationStrategy()).isEqualTo(IsolationStrategy.THREAD);

            f.source.set("firebreak.command.default.execution.isolation.strategy", "SEMAPHORE");
            f.source.set("firebreak.command.default.fallback.enabled", "false"); // another refresh, same fixed change

            assertThat(running.controls().config().isolation().strategy()).isEqualTo(IsolationStrategy.THREAD);
            assertThat(running.controls().config().fallback().enabled()).isFalse();
            assertThat(f.events(ConfigEvent.Kind.FIXED_PROPERTY_IGNORED)).singleElement().satisfies(e -> {
                assertThat(e.instance()).isEqualTo("running");
                assertThat(e.property()).isEqualTo("execution.isolation.strategy");
                assertThat(e.message()).contains("SEMAPHORE", "cannot change while", "keeping THREAD",
                        "applies to instances created from now on");
            });
            assertThat(f.property(running, "execution.isolation.strategy").value()).isEqualTo(IsolationStrategy.THREAD);

            Guard created = f.registry.guard("created").build();
            assertThat(created.controls().isolationStrategy()).isEqualTo(IsolationStrategy.SEMAPHORE);
            assertThat(created.controls().threadPool()).isNull();
        }
    }

    @Test
    void maxQueueSizeIsFixedOnARunningPoolAndAppliesToANewPool() {
        try (Fixture f = new Fixture()) {
            GuardThreadPool first = f.registry.guard("a").pool("first").build().controls().threadPool();
            f.source.set("firebreak.threadpool.default.maxQueueSize", "30");
            assertThat(first.config().maxQueueSize()).isEqualTo(-1);
            assertThat(f.events(ConfigEvent.Kind.FIXED_PROPERTY_IGNORED)).extracting(ConfigEvent::property)
                    .containsExactly("maxQueueSize");

            GuardThreadPool second = f.registry.guard("b").pool("second").build().controls().threadPool();
            assertThat(second.config().maxQueueSize()).isEqualTo(30);
            assertThat(second.admissionLimit()).isEqualTo(10 + 5);
        }
    }

    @Test
    void aBoundCollapserTakesDelayAndBatchSizeLiveUntilItsRegistrationIsClosed() {
        try (Fixture f = new Fixture()) {
            FakeCollapser collapser = FakeCollapser.create(f.config, "batch",
                    CollapserConfig.builder().dispatchStrategy(DispatchStrategy.TIMER).build());
            f.source.setAll(Map.of("firebreak.collapser.batch.timerDelayInMilliseconds", "25",
                    "firebreak.collapser.batch.maxRequestsInBatch", "64",
                    "firebreak.collapser.batch.dispatch.strategy", "LOAD_AWARE",
                    "firebreak.collapser.batch.metrics.rollingStats.numBuckets", "20"));

            assertThat(collapser.config().timerDelay().toMillis()).isEqualTo(25);
            assertThat(collapser.config().maxRequestsInBatch()).isEqualTo(64);
            assertThat(collapser.config().dispatchStrategy()).isEqualTo(DispatchStrategy.LOAD_AWARE);
            assertThat(collapser.config().metricsRollingStatsNumBuckets()).isEqualTo(10);
            assertThat(collapser.config().setInCode()).containsExactly("dispatch.strategy");
            assertThat(f.events(ConfigEvent.Kind.FIXED_PROPERTY_IGNORED)).extracting(ConfigEvent::property)
                    .containsExactly("metrics.rollingStats.numBuckets");
            assertThat(collapser.received).hasSize(1);

            collapser.registration.close();
            f.source.set("firebreak.collapser.batch.timerDelayInMilliseconds", "99");
            assertThat(collapser.config().timerDelay().toMillis()).isEqualTo(25);
            assertThat(f.config.collapserProperties("batch")).isEmpty();
        }
    }

    @Test
    void guardsBuiltBeforeTheConfigurationAreBoundToo() {
        Fixture probe = new Fixture();
        probe.close();
        Guard early = probe.registry.guard("early").isolation(Isolation.semaphore(2)).build();
        probe.source.set("firebreak.command.early.fallback.enabled", "false");
        assertThat(early.controls().config().fallback().enabled()).as("closed: nothing applies").isTrue();

        try (DynamicConfiguration second = DynamicConfiguration.builder(probe.registry).source(probe.source)
                .pollInterval(java.time.Duration.ZERO).build()) {
            assertThat(early.controls().config().fallback().enabled()).isFalse();
            assertThat(early.controls().config().isolation().semaphoreMaxConcurrentRequests()).isEqualTo(2);
            assertThat(second.properties(early)).contains(new EffectiveProperty("fallback.enabled", false,
                    Level.DYNAMIC_INSTANCE, "firebreak.command.early.fallback.enabled"));
            probe.source.remove("firebreak.command.early.fallback.enabled");
            assertThat(early.controls().config().fallback().enabled()).isTrue();
        }
    }

    @Test
    void aRemovedGuardIsNoLongerReconfigured() {
        try (Fixture f = new Fixture()) {
            Guard guard = f.semaphoreGuard("gone", c -> { });
            f.registry.remove("gone");
            f.source.set("firebreak.command.gone.fallback.enabled", "false");
            assertThat(guard.controls().config().fallback().enabled()).isTrue();
        }
    }
}
