package dev.firebreak.stream;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.testkit.ManualClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A registry on a {@link ManualClock} with a guard of each isolation, some calls made, a collapser,
 * and a stream server on a free loopback port whose {@code currentTime} clock is fixed.
 */
final class StreamFixture implements AutoCloseable {

    static final Instant NOW = Instant.parse("2025-01-02T03:04:05.678Z");

    final ManualClock clock = new ManualClock(Long.MAX_VALUE - 3_600_000_000_000L); // near the overflow edge
    final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    final StreamServer server;

    StreamFixture(java.util.function.UnaryOperator<StreamServerBuilder> setup) {
        server = setup.apply(StreamServer.builder(registry).port(0).clock(Clock.fixed(NOW, ZoneOffset.UTC))).build().start();
    }

    StreamFixture() {
        this(b -> b);
    }

    /** A semaphore guard with successes and failures, a thread-pool guard, a virtual guard and a collapser. */
    void populate() throws Exception {
        Guard semaphore = registry.guard("semaphore-guard").group("shop").isolation(Isolation.semaphore(10)).build();
        for (int i = 0; i < 6; i++) {
            int n = i;
            semaphore.execute(() -> {
                if (n % 3 == 0) {
                    throw new IllegalStateException("down");
                }
                return n;
            }, failure -> -1);
        }
        Guard pooled = registry.guard("pool-guard").group("shop").pool("shop-pool").isolation(Isolation.threadPool()).build();
        pooled.submit(() -> 1).get(10, TimeUnit.SECONDS);
        Guard virtual = registry.guard("virtual-guard").isolation(Isolation.virtualThreads(7)).build();
        virtual.submit(() -> 2).get(10, TimeUnit.SECONDS);
        Guard batch = registry.guard("batch-guard").isolation(Isolation.semaphore(10)).build();
        Collapser<Integer, Integer> collapser = CollapserRegistry.of(registry).<Integer, Integer>collapser("doubler").through(batch)
                .batchAsync(arguments -> {
                    List<Integer> out = new ArrayList<>();
                    arguments.forEach(a -> out.add(a * 2));
                    return CompletableFuture.completedFuture(out);
                }, ResponseMapping.inOrder())
                .configure(c -> c.dispatchStrategy(DispatchStrategy.LOAD_AWARE).loadAwareLingerInMicroseconds(0))
                .build();
        collapser.submit(21).get(10, TimeUnit.SECONDS);
    }

    /** One emitter tick: moves the registry's clock by the interval. */
    void tick() {
        clock.advance(Duration.ofMillis(500));
    }

    @Override
    public void close() {
        server.close();
    }
}
