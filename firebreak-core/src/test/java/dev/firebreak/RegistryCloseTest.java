package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.PropertySource;
import dev.firebreak.registry.RegistryClosedException;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Closing a registry: pools shut down, scheduler stopped, configuration stops polling, later calls refused at once. */
class RegistryCloseTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    @Test
    void everyLaterCallFailsAtOnceSayingTheRegistryIsClosed() {
        Guard pooled = registry.guard("pooled").build();
        Guard semaphore = registry.guard("semaphore").isolation(Isolation.semaphore(5)).build();
        Guard virtual = registry.guard("virtual").isolation(Isolation.virtualThreads(5)).build();
        assertThat(pooled.execute(() -> "ran")).isEqualTo("ran");

        registry.close();

        assertThat(registry.isClosed()).isTrue();
        assertThat(pooled.controls().threadPool().isShutdown()).isTrue();
        for (Guard guard : List.of(pooled, semaphore, virtual)) {
            assertThatThrownBy(() -> guard.execute(() -> "never", failure -> "no fallback either"))
                    .isInstanceOf(RegistryClosedException.class)
                    .hasMessage("guard '" + guard.name() + "': its registry is closed");
            assertThatThrownBy(() -> guard.submit(() -> "never")).isInstanceOf(RegistryClosedException.class);
            assertThatThrownBy(() -> guard.submitAsync(() -> CompletableFuture.completedFuture("never")))
                    .isInstanceOf(RegistryClosedException.class);
        }
        assertThat(pooled.controls().metrics().snapshot().cumulative().get(dev.firebreak.event.EventType.THREAD_POOL_REJECTED))
                .as("no misleading rejection is recorded").isZero();
    }

    @Test
    void nothingNewCanBeMadeAndTheSchedulerRefuses() {
        Guard batch = registry.guard("batch").isolation(Isolation.virtualThreads(5)).build();
        Collapser<Integer, String> collapser = CollapserRegistry.of(registry).<Integer, String>collapser("c").through(batch)
                .batch(arguments -> arguments.stream().map(a -> "v" + a).toList(), ResponseMapping.inOrder()).build();

        registry.close();

        assertThatThrownBy(() -> registry.guard("late").build()).isInstanceOf(RegistryClosedException.class);
        assertThatThrownBy(() -> collapser.submit(1)).isInstanceOf(RegistryClosedException.class)
                .hasMessage("collapser 'c': its registry is closed");
        assertThatThrownBy(() -> registry.scheduler().schedule(1, () -> { }))
                .isInstanceOf(RegistryClosedException.class);
        registry.close(); // idempotent
    }

    @Test
    void attachedConfigurationStopsPolling() {
        AtomicInteger reads = new AtomicInteger();
        PropertySource source = new PropertySource() {
            @Override
            public String name() {
                return "counted";
            }

            @Override
            public Map<String, String> read() {
                reads.incrementAndGet();
                return Map.of();
            }
        };
        DynamicConfiguration.builder(registry).source(source).pollInterval(Duration.ofSeconds(1))
                .refreshExecutor(Runnable::run).build();
        clock.advance(Duration.ofSeconds(3));
        int beforeClose = reads.get();
        assertThat(beforeClose).as("it polls while the registry is open").isGreaterThan(1);

        registry.close();
        clock.advance(Duration.ofSeconds(10));

        assertThat(reads).hasValue(beforeClose);
    }

    @Test
    void theGlobalRegistryCannotBeClosed() {
        assertThatThrownBy(() -> GuardRegistry.global().close()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(GuardRegistry.global().isClosed()).isFalse();
    }
}
