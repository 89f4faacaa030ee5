package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.config.Reconfigurable;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.ThreadPoolConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, defect 4: a pool size that passes each value's own check but makes the admission bound
 * (most threads + queue bound) overflow is refused for the instance, names key, value and rule, and
 * leaves the executor as it was.
 */
class PoolSizeRuleTest {

    private static final String HUGE = String.valueOf(Integer.MAX_VALUE);

    @Test
    void anOverflowingCoreSizeIsRefusedOnARunningPoolAndNothingIsHalfApplied() {
        try (Fixture f = new Fixture()) {
            Guard guard = f.registry.guard("g").pool("p").isolation(Isolation.threadPool(
                    ThreadPoolConfig.builder().maxQueueSize(10).build())).build();
            GuardThreadPool pool = guard.controls().threadPool();

            f.source.set("firebreak.threadpool.p.coreSize", HUGE);

            assertThat(f.events(ConfigEvent.Kind.REFUSED)).singleElement().satisfies(e -> {
                assertThat(e.key()).isEqualTo("firebreak.threadpool.p.coreSize");
                assertThat(e.value()).isEqualTo(HUGE);
                assertThat(e.message()).contains("firebreak.threadpool.p.coreSize = " + HUGE, "admission bound",
                        "keeping 10");
            });
            assertThat(f.events(ConfigEvent.Kind.APPLIED)).isEmpty();
            assertThat(pool.config().coreSize()).isEqualTo(10);
            assertThat(pool.metricsSnapshot().corePoolSize()).isEqualTo(10);
            assertThat(pool.admissionLimit()).isEqualTo(15);

            for (int i = 0; i < 30; i++) {
                assertThat(guard.execute(() -> "ok")).isEqualTo("ok");
            }
            assertThat(pool.poolSize()).as("one thread per call would leak").isLessThanOrEqualTo(10);

            f.source.remove("firebreak.threadpool.p.coreSize"); // nothing was half-applied, so nothing to repair
            assertThat(pool.metricsSnapshot().corePoolSize()).isEqualTo(10);
            assertThat(f.events(ConfigEvent.Kind.APPLIED)).isEmpty();
            f.source.set("firebreak.threadpool.p.coreSize", HUGE); // refused again: the key came back

            f.source.set("firebreak.threadpool.p.keepAliveTimeMinutes", "2"); // another change: no repeated refusal
            assertThat(f.events(ConfigEvent.Kind.REFUSED)).hasSize(2);
            assertThat(pool.config().keepAliveTime().toMinutes()).isEqualTo(2);

            f.source.set("firebreak.threadpool.p.coreSize", "4"); // a valid size still applies afterwards
            assertThat(pool.metricsSnapshot().corePoolSize()).isEqualTo(4);
            assertThat(f.events(ConfigEvent.Kind.APPLIED)).extracting(ConfigEvent::property)
                    .containsExactly("keepAliveTimeMinutes", "coreSize");
        }
    }

    @Test
    void aNewPoolStartsFromTheValidLayersAndTheRefusalNamesTheKey() {
        try (Fixture f = new Fixture()) {
            f.source.setAll(Map.of("firebreak.threadpool.q.coreSize", HUGE,
                    "firebreak.threadpool.default.queueSizeRejectionThreshold", "7"));
            Guard guard = f.registry.guard("h").pool("q").isolation(Isolation.threadPool(
                    ThreadPoolConfig.builder().maxQueueSize(20).build())).build();

            GuardThreadPool pool = guard.controls().threadPool();
            assertThat(pool.config().coreSize()).isEqualTo(10);
            assertThat(pool.admissionLimit()).isEqualTo(10 + 7);
            assertThat(f.events(ConfigEvent.Kind.REFUSED)).singleElement().satisfies(e -> {
                assertThat(e.key()).isEqualTo("firebreak.threadpool.q.coreSize");
                assertThat(e.message()).contains(HUGE, "admission bound", "threadpool q");
            });
            assertThat(guard.execute(() -> "ok")).isEqualTo("ok");
        }
    }

    @Test
    void aReconfigurationThatFailsIsReportedAndTheLastValidConfigurationStaysInForce() {
        try (Fixture f = new Fixture()) {
            FakeCollapser healthy = FakeCollapser.create(f.config, "healthy",
                    dev.firebreak.collapse.CollapserConfig.defaults());
            var broken = Reconfigurable.<dev.firebreak.collapse.CollapserConfig>of("broken",
                    dev.firebreak.collapse.CollapserConfig::defaults, next -> {
                        throw new IllegalStateException("cannot resize its batch queue now");
                    });
            f.config.bind(CollapserConfig.scope(), broken, CollapserConfig.defaults());

            f.source.set("firebreak.collapser.default.maxRequestsInBatch", "50");

            assertThat(healthy.config().maxRequestsInBatch()).isEqualTo(50); // the failure keeps nobody else back
            assertThat(f.events(ConfigEvent.Kind.RECONFIGURE_FAILED)).singleElement().satisfies(e -> {
                assertThat(e.scope()).isEqualTo("collapser");
                assertThat(e.instance()).isEqualTo("broken");
                assertThat(e.message()).contains("collapser broken", "IllegalStateException",
                        "cannot resize its batch queue now", "maxRequestsInBatch = 50", "stays in force");
            });
            assertThat(f.events(ConfigEvent.Kind.APPLIED)).extracting(ConfigEvent::instance).containsExactly("healthy");
            assertThat(f.config.collapserProperties("broken").orElseThrow())
                    .filteredOn(p -> p.key().equals("maxRequestsInBatch")).singleElement()
                    .satisfies(p -> assertThat(p.value()).isEqualTo(Integer.MAX_VALUE));

            f.source.set("firebreak.collapser.other.maxRequestsInBatch", "9"); // the same failure is not repeated
            assertThat(f.events(ConfigEvent.Kind.RECONFIGURE_FAILED)).hasSize(1);
        }
    }
}
