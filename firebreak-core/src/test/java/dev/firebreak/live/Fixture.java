package dev.firebreak.live;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/** A registry on a manual clock, an in-memory source and a dynamic configuration that never polls. */
final class Fixture implements AutoCloseable {

    final ManualClock clock = new ManualClock();
    final GuardRegistry registry = GuardRegistry.builder().clock(clock)
            .resultPredicates(Harness.PREDICATES).build();
    final MapPropertySource source = new MapPropertySource("test");
    final List<ConfigEvent> events = new CopyOnWriteArrayList<>();
    final DynamicConfiguration config;

    Fixture() {
        this(b -> { });
    }

    Fixture(Consumer<DynamicConfiguration.Builder> setup) {
        DynamicConfiguration.Builder builder = DynamicConfiguration.builder(registry)
                .source(source)
                .pollInterval(Duration.ZERO)
                .listener(events::add);
        setup.accept(builder);
        config = builder.build();
    }

    /** A SEMAPHORE guard (no thread pool), with extra code settings. */
    Guard semaphoreGuard(String name, Consumer<dev.firebreak.GuardConfig.Builder> code) {
        return registry.guard(name).isolation(Isolation.semaphore(10)).configure(code).build();
    }

    List<ConfigEvent> events(ConfigEvent.Kind kind) {
        return events.stream().filter(e -> e.kind() == kind).collect(Collectors.toList());
    }

    EffectiveProperty property(Guard guard, String key) {
        return config.properties(guard).stream().filter(p -> p.key().equals(key)).findFirst().orElseThrow();
    }

    @Override
    public void close() {
        config.close();
    }

    static final String TIMEOUT = "execution.isolation.thread.timeoutInMilliseconds";
}
