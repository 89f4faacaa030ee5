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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
        // In a JVM of its own: in the suite's JVM, other tests' guards pollute the pipeline's profiles and
        // the JIT no longer removes what it removes for one application's guards.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process probe = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Probe.class.getName())
                .redirectErrorStream(true).start();
        String out;
        try {
            assertThat(probe.waitFor(120, TimeUnit.SECONDS)).as("the probe JVM ended").isTrue();
            out = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        } finally {
            probe.destroyForcibly();
        }
        assumeTrue(!out.startsWith("unavailable"), "this JVM has no per-thread allocation counter: " + out);
        System.out.println("bytes per call, SEMAPHORE, priorities off: " + out);
        assertThat(Double.parseDouble(out.substring(out.lastIndexOf('\n') + 1))).as("bytes per call once compiled")
                .isLessThan(1.0);
    }

    /** The measurement, in a JVM of its own: prints the least bytes per call over eight rounds of 50,000. */
    static final class Probe {
        public static void main(String[] args) throws Exception {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            Method allocated;
            try {
                allocated = Class.forName("com.sun.management.ThreadMXBean").getMethod("getThreadAllocatedBytes", long.class);
            } catch (ReflectiveOperationException unavailable) {
                System.out.println("unavailable " + unavailable);
                return;
            }
            GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build();
            Guard guard = registry.guard("plain").isolation(Isolation.semaphore(10)).build();
            long id = Thread.currentThread().threadId();
            double best = Double.MAX_VALUE;
            for (int round = 0; round < 8; round++) { // the JIT compiles the path in the first rounds
                long before = (long) allocated.invoke(threads, id);
                for (int i = 0; i < 50_000; i++) {
                    guard.execute(NoCostWhenOffTest::one);
                }
                long after = (long) allocated.invoke(threads, id);
                best = Math.min(best, (after - before) / 50_000.0);
            }
            registry.close();
            System.out.println(best);
        }
    }

    private static int one() {
        return 1;
    }
}
