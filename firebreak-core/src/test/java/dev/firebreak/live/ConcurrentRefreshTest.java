package dev.firebreak.live;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Refreshes from many threads while guards are being created: every guard ends on the last value
 * written, and no guard misses a change made between its resolution and its registration.
 */
class ConcurrentRefreshTest {

    @Test
    void guardsCreatedDuringConcurrentChangesEndOnTheLastValue() throws Exception {
        int threads = 64;
        try (Fixture f = new Fixture()) {
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Guard>> created = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int id = t;
                    created.add(pool.submit(() -> {
                        start.await(10, SECONDS);
                        if (id % 2 == 0) {
                            for (int i = 0; i < 10; i++) {
                                f.source.set("firebreak.command.default.execution.isolation.thread.timeoutInMilliseconds",
                                        Integer.toString(100 + id * 10 + i));
                            }
                            return null;
                        }
                        return f.registry.guard("g" + id).isolation(Isolation.semaphore(1)).build();
                    }));
                }
                start.countDown();
                List<Guard> guards = new ArrayList<>();
                for (Future<Guard> future : created) {
                    Guard guard = future.get(10, SECONDS);
                    if (guard != null) {
                        guards.add(guard);
                    }
                }
                // every write triggered a refresh after it: the last one read the final text
                int last = Integer.parseInt(f.source.read()
                        .get("firebreak.command.default.execution.isolation.thread.timeoutInMilliseconds"));
                for (Guard guard : guards) {
                    assertThat(guard.controls().config().timeout().timeout().toMillis()).as(guard.name()).isEqualTo(last);
                }
                f.source.set("firebreak.command.default.execution.isolation.thread.timeoutInMilliseconds", "4321");
                for (Guard guard : guards) {
                    assertThat(guard.controls().config().timeout().timeout().toMillis()).as(guard.name()).isEqualTo(4321);
                }
                assertThat(guards).hasSize(threads / 2);
                assertThat(f.events(ConfigEvent.Kind.REFUSED)).isEmpty();
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void aChangeMadeBetweenAGuardsResolutionAndItsRegistrationStillReachesIt() {
        try (Fixture f = new Fixture()) {
            // a refusal published while "late" is being resolved lets the test change a value in that gap
            f.source.set("firebreak.command.default.metrics.rollingStats.numBuckets", "7");
            f.config.addListener(event -> {
                if (event.kind() == ConfigEvent.Kind.REFUSED && "late".equals(event.instance())
                        && f.registry.find("late").isEmpty()) {
                    f.source.set("firebreak.command.late.fallback.enabled", "false");
                }
            });
            Guard late = f.registry.guard("late").isolation(Isolation.semaphore(1)).build();
            assertThat(f.source.read()).containsKey("firebreak.command.late.fallback.enabled");
            assertThat(late.controls().config().fallback().enabled()).isFalse();
        }
    }
}
