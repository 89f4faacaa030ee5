package dev.firebreak.priority;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.context.Criticality;
import dev.firebreak.live.ConfigEvent;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.MapPropertySource;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The priority.* keys: in the guard's table, live but for enabled, bad values refused naming key, value and rule. */
class PriorityConfigTest {

    @Test
    void theKeysAreInTheGuardsTableAndOnlyEnabledIsFixed() {
        assertThat(GuardConfig.scope().properties()).extracting(PropertyDefinition::name).contains("priority.enabled",
                "priority.targetUtilizationPercent", "priority.calibrationIntervalInMilliseconds",
                "priority.share.criticalPlusPercent", "priority.share.criticalPercent",
                "priority.share.sheddablePlusPercent", "priority.share.sheddablePercent");
        for (PropertyDefinition<PriorityConfig, PriorityConfig.Builder> row : PriorityConfig.properties()) {
            assertThat(row.live()).as(row.name()).isEqualTo(!row.name().equals("priority.enabled"));
        }
        PriorityConfig defaults = PriorityConfig.defaults();
        assertThat(defaults.enabled()).isFalse();
        assertThat(defaults.targetUtilizationPercent()).isEqualTo(90);
        assertThat(defaults.calibrationInterval()).isEqualTo(Duration.ofMillis(100));
        assertThat(defaults.partitioned()).isFalse();
    }

    @Test
    void badValuesAreRefusedNamingTheKeyTheValueAndTheRule() {
        assertThatThrownBy(() -> PriorityConfig.builder().targetUtilizationPercent(40).build())
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> {
                    assertThat(e.key()).isEqualTo("priority.targetUtilizationPercent");
                    assertThat(e.getMessage()).contains("40").contains("between 50 and 100");
                });
        assertThatThrownBy(() -> PriorityConfig.builder().calibrationIntervalInMilliseconds(5).build())
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("priority.calibrationIntervalInMilliseconds").hasMessageContaining("5")
                .hasMessageContaining("between 10 and 10000");
        assertThatThrownBy(() -> PriorityConfig.builder().share(Criticality.CRITICAL, 101).build())
                .isInstanceOf(InvalidConfigException.class).hasMessageContaining("priority.share.criticalPercent")
                .hasMessageContaining("101");
        assertThatThrownBy(() -> PriorityConfig.builder().share(Criticality.CRITICAL, 80)
                .share(Criticality.SHEDDABLE, 30).build())
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> {
                    assertThat(e.key()).isEqualTo("priority.share.sheddablePercent");
                    assertThat(e.getMessage()).contains("30").contains("at most 100").contains("110");
                });
        assertThatThrownBy(() -> GuardConfig.scope().property("priority.targetUtilizationPercent").parse("k", "ninety"))
                .isInstanceOf(InvalidConfigException.class);
    }

    @Test
    void liveValuesReachARunningGuardAndABadOneKeepsTheLastGood() {
        ManualClock clock = new ManualClock();
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        MapPropertySource source = new MapPropertySource("test");
        List<ConfigEvent> events = new CopyOnWriteArrayList<>();
        source.set("firebreak.command.default.priority.enabled", "true");
        try (DynamicConfiguration config = DynamicConfiguration.builder(registry).source(source)
                .pollInterval(Duration.ZERO).listener(events::add).build()) {
            Guard guard = registry.guard("svc").isolation(Isolation.semaphore(10)).build();
            assertThat(guard.controls().priorities().enabled()).as("the default, at creation").isTrue();

            source.set("firebreak.command.svc.priority.targetUtilizationPercent", "70");
            assertThat(guard.controls().priorities().config().targetUtilizationPercent()).isEqualTo(70);

            source.set("firebreak.command.svc.priority.targetUtilizationPercent", "20");
            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.REFUSED).anySatisfy(e -> {
                assertThat(e.key()).isEqualTo("firebreak.command.svc.priority.targetUtilizationPercent");
                assertThat(e.value()).isEqualTo("20");
                assertThat(e.message()).contains("between 50 and 100");
            });
            assertThat(guard.controls().priorities().config().targetUtilizationPercent()).isEqualTo(70);

            source.set("firebreak.command.svc.priority.share.criticalPercent", "60");
            source.set("firebreak.command.svc.priority.share.sheddablePercent", "50");
            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.REFUSED)
                    .anySatisfy(e -> assertThat(e.message()).contains("at most 100"));
            assertThat(guard.controls().priorities().config().criticalSharePercent()).isEqualTo(60);
            assertThat(guard.controls().priorities().config().sheddableSharePercent()).isZero();

            source.set("firebreak.command.svc.priority.enabled", "false");
            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.FIXED_PROPERTY_IGNORED)
                    .anySatisfy(e -> assertThat(e.key()).isEqualTo("firebreak.command.svc.priority.enabled"));
            assertThat(guard.controls().priorities().enabled()).isTrue();
        }
        registry.close();
    }
}
