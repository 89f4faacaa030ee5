package dev.firebreak.priority;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.context.CarriedCriticality;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.context.Criticality;
import dev.firebreak.testkit.ManualClock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * Nothing new for a call that names no level or a guard without priorities: the carrier hands back the
 * other carrier's own snapshot and the executor itself, and a SEMAPHORE guard's call, with priorities
 * off, allocates nothing (measured with the JVM's per-thread allocation counter, after warm-up).
 */
class NoCostWhenOffTest {

    @Test
    void withoutAScopedLevelTheCarrierAddsNothing() {
        ContextCarrier.Snapshot other = () -> ContextCarrier.Scope.NOOP;
        ContextCarrier carrier = () -> other;
        Executor executor = Runnable::run;
        assertThat(Criticality.scopedOrNull()).isNull();
        assertThat(CarriedCriticality.capture(carrier)).isSameAs(other);
        assertThat(CarriedCriticality.wrap(executor)).isSameAs(executor);
        Criticality.SHEDDABLE.run(() -> {
            assertThat(CarriedCriticality.capture(carrier)).isNotSameAs(other);
            assertThat(CarriedCriticality.levelOf(CarriedCriticality.capture(carrier))).isEqualTo(Criticality.SHEDDABLE);
            assertThat(CarriedCriticality.wrap(executor)).isNotSameAs(executor);
        });
    }

    @Test
    void aGuardWithoutPrioritiesAllocatesNothingPerCallOnTheCallersThread() throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Method allocated;
        try {
            allocated = Class.forName("com.sun.management.ThreadMXBean").getMethod("getThreadAllocatedBytes", long.class);
        } catch (ReflectiveOperationException unavailable) {
            assumeTrue(false, "this JVM has no per-thread allocation counter: " + unavailable);
            return;
        }
        GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build();
        Guard guard = registry.guard("plain").isolation(Isolation.semaphore(10))
                .build();
        long id = Thread.currentThread().threadId();
        double best = Double.MAX_VALUE;
        for (int round = 0; round < 8; round++) { // the JIT compiles the path in the first rounds
            long before = (long) allocated.invoke(threads, id);
            int sum = 0;
            for (int i = 0; i < 50_000; i++) {
                sum += guard.execute(NoCostWhenOffTest::one);
            }
            long after = (long) allocated.invoke(threads, id);
            assertThat(sum).isEqualTo(50_000);
            best = Math.min(best, (after - before) / 50_000.0);
        }
        System.out.printf("bytes per call, SEMAPHORE, priorities off: %.3f%n", best);
        assertThat(best).as("bytes per call once compiled").isLessThan(1.0);
        registry.close();
    }

    private static int one() {
        return 1;
    }
}
