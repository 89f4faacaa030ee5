package dev.firebreak.spring.boot.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.spring.boot.actuate.AggregateInstances;
import dev.firebreak.stream.AggregateFleet;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The aggregate's instances refreshed on the injected scheduler (a manual clock: the refresh is due when
 * the clock says so, never after a sleep), static ones always kept, and a failing discovery keeping the
 * fleet as it was.
 */
class AggregateInstancesTest {

    private static final URI FIXED = URI.create("http://127.0.0.1:1/hystrix.stream");
    private static final URI A = URI.create("http://127.0.0.1:2/hystrix.stream");
    private static final URI B = URI.create("http://127.0.0.1:3/hystrix.stream");

    @Test
    void refreshesEveryIntervalOnTheSchedulerAndKeepsTheFleetWhenDiscoveryFails() {
        ManualClock clock = new ManualClock();
        AtomicReference<List<URI>> discovered = new AtomicReference<>(List.of(A));
        AtomicInteger reads = new AtomicInteger();
        try (AggregateFleet fleet = AggregateFleet.create(Duration.ofSeconds(10), clock, clock)) {
            AggregateInstances instances = new AggregateInstances(fleet, List.of(FIXED), () -> {
                reads.incrementAndGet();
                List<URI> now = discovered.get();
                if (now == null) {
                    throw new IllegalStateException("registry unreachable");
                }
                return now;
            }, clock, Duration.ofSeconds(30));
            instances.start();
            try {
                assertThat(instances.instances()).containsExactly(FIXED, A);
                assertThat(fleet.instances()).extracting(s -> s.uri()).containsExactly(FIXED, A);

                discovered.set(List.of(B));
                clock.advance(Duration.ofSeconds(29));
                assertThat(reads).hasValue(1); // not due yet
                clock.advance(Duration.ofSeconds(1));
                Await.until("the refresh read discovery again", () -> instances.instances().contains(B));
                assertThat(instances.instances()).containsExactly(FIXED, B);
                assertThat(fleet.instances()).extracting(s -> s.uri()).containsExactly(FIXED, B);

                discovered.set(null); // discovery fails: the fleet stays
                Await.until("the next refresh is armed", () -> clock.pendingTasks() > 0);
                clock.advance(Duration.ofSeconds(30));
                Await.until("the failing refresh ran", () -> reads.get() == 3);
                assertThat(instances.instances()).containsExactly(FIXED, B);
            } finally {
                instances.stop();
            }
            assertThat(instances.isRunning()).isFalse();
        }
    }
}
