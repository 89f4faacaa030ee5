package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.context.Criticality;
import dev.firebreak.priority.PriorityConfig;
import dev.firebreak.testkit.ManualClock;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The command frame of a guard with priorities shows its refusals per criticality and its threshold. */
class PriorityFiguresTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    private Map<String, Object> frame(Guard guard) {
        StringBuilder out = new StringBuilder();
        CommandEvent.write(new JsonWriter(out), guard, 0L);
        return MiniJson.object(out.toString());
    }

    @Test
    void aGuardWithPrioritiesReportsItsRefusalsByCriticality() throws Exception {
        Guard guard = registry.guard("prio").isolation(Isolation.virtualThreads(2))
                .priorities(PriorityConfig.builder().enabled(true).targetUtilizationPercent(50).build()).build();
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> held = Criticality.CRITICAL.call(() -> guard.submit(() -> {
            release.await();
            return "held";
        }));
        try {
            for (int i = 0; i < 3; i++) {
                assertThat(Criticality.SHEDDABLE.call(() -> guard.submit(() -> "ran", failure -> "refused")
                        .get(10, TimeUnit.SECONDS))).isEqualTo("refused");
            }
            Map<String, Object> frame = frame(guard);
            @SuppressWarnings("unchecked")
            Map<String, Object> rejected = (Map<String, Object>) frame.get("firebreak_priorityRejected");
            assertThat(rejected).containsEntry("sheddable", 3L).containsEntry("sheddable_plus", 0L)
                    .containsEntry("critical", 0L).containsEntry("critical_plus", 0L);
            assertThat(frame.get("firebreak_priorityThreshold")).isEqualTo(0L);
            assertThat(frame.get("firebreak_rollingCountLimitRejected")).isEqualTo(3L);
        } finally {
            release.countDown();
            held.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aGuardWithoutPrioritiesHasNoSuchKeys() {
        Map<String, Object> frame = frame(registry.guard("plain").isolation(Isolation.semaphore(9)).build());
        assertThat(frame).doesNotContainKeys("firebreak_priorityRejected", "firebreak_priorityThreshold");
    }
}
