package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.testkit.ManualClock;
import org.junit.jupiter.api.Test;

/** The small defects found by trying Firebreak as a new user would: each refused with a clear error. */
class NewUserDefectsTest {

    private final GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build();

    @Test
    void virtualThreadsWithNoPermitIsRefusedNamingTheProperty() {
        assertThatThrownBy(() -> Isolation.virtualThreads(0))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("execution.isolation.virtual.maxConcurrentRequests")
                .hasMessageContaining("0");
        assertThatThrownBy(() -> registry.guard("g").configure(c -> c.isolation(iso -> iso.virtualMaxConcurrentRequests(0))).build())
                .isInstanceOf(InvalidConfigException.class);
        assertThat(registry.find("g")).isEmpty();
    }

    @Test
    void aThreadPoolIsolationEitherNamesItsConfigurationOrTakesTheRegistrys() {
        assertThatThrownBy(() -> Isolation.threadPool(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("Isolation.threadPool()");
        assertThat(Isolation.threadPool()).isInstanceOf(Isolation.ThreadPool.class);
        assertThat(Isolation.threadPool(dev.firebreak.isolation.ThreadPoolConfig.defaults()))
                .isInstanceOf(Isolation.ConfiguredThreadPool.class);
    }

    @Test
    void theReservedNameDefaultCannotNameAGuard() {
        assertThatThrownBy(() -> registry.guard("default"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'default' is reserved");
        assertThat(registry.guards()).isEmpty();
    }

    @Test
    void aNullCollapsedRequestIsRefusedNamingTheCollapser() {
        Guard batch = registry.guard("batch").isolation(Isolation.virtualThreads(5)).build();
        Collapser<Integer, String> collapser = CollapserRegistry.of(registry).<Integer, String>collapser("numbers").through(batch)
                .batch(arguments -> arguments.stream().map(a -> "v" + a).toList(), ResponseMapping.inOrder()).build();

        assertThatThrownBy(() -> collapser.execute(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("collapser 'numbers'")
                .hasMessageContaining("argument is null");
        assertThatThrownBy(() -> collapser.submit(null)).isInstanceOf(NullPointerException.class);
    }
}
