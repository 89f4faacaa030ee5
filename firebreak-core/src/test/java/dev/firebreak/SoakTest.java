package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Soak: guarded calls with random faults (throws, bad requests, slow calls, hangs past the timeout that
 * heed or ignore interrupts), fallbacks (missing, a value, throwing, slow), caller cancels and caller
 * interrupts, from platform and virtual caller threads across SEMAPHORE, VIRTUAL and THREAD isolation,
 * on the system clock. It checks that every caller's outcome is the one recorded for its call (its
 * request log entry), that the callers, the listeners, the request logs and the metrics count the same
 * calls per event type, that no caller who walks away at the deadline waits past it by more than a
 * bound, and that platform threads and heap return to their baseline.
 *
 * <p>The normal build runs a reduced size. Full size (see docs/threading.md for the recorded figures):
 * {@code ./mvnw -B -ntp -pl firebreak-core -am verify -Dtest=SoakTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dfirebreak.soak.calls=1000000}. Properties: {@code firebreak.soak.calls} (default 30000),
 * {@code firebreak.soak.callers} (32), {@code firebreak.soak.seed}, {@code firebreak.soak.maxLatenessMillis}
 * (500), {@code firebreak.soak.minutes} (bound on the run, 20).
 */
class SoakTest {

    private static final int CALLS = Integer.getInteger("firebreak.soak.calls", 30_000);
    private static final int CALLERS = Integer.getInteger("firebreak.soak.callers", 32);
    private static final long SEED = Long.getLong("firebreak.soak.seed", 20_261_122L);
    private static final long MAX_LATENESS_MILLIS = Long.getLong("firebreak.soak.maxLatenessMillis", 5_000);
    private static final Duration BOUND = Duration.ofMinutes(Long.getLong("firebreak.soak.minutes", 20));
    private static final int THREAD_SLACK = 4; // JIT compiler and carrier threads come and go on their own
    private static final long HEAP_SLACK_BYTES = 32L << 20;

    @Test
    void everyCallerGetsTheRecordedOutcomeAndNothingLeaks() throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        runRound(3_000, SEED - 1); // warm-up: the timer thread, carrier threads and JIT settle
        int threadBaseline = threads.getThreadCount();
        long heapBaseline = usedHeapAfterGc(memory);
        threads.resetPeakThreadCount();

        long began = System.nanoTime();
        SoakRound round = runRound(CALLS, SEED);
        long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);

        assertThat(round.mismatches).as("calls whose caller and request log disagree (%d in all)",
                round.mismatchCount.get()).isEmpty();
        assertThat(round.seen.calls()).as("calls the callers saw").isEqualTo(CALLS);
        assertThat(round.seen.differences("callers", round.recorded, "listeners")).isEmpty();
        assertThat(round.seen.differences("callers", round.logged, "request logs")).isEmpty();
        assertThat(round.seen.differences("callers", round.metricsTally(), "metrics")).isEmpty();
        long maxLatenessMillis = TimeUnit.NANOSECONDS.toMillis(round.maxLatenessNanos.get());
        // Lateness is measured on the wall clock of a shared machine, so by default it is reported (printed
        // above), not asserted: a loaded CI machine makes any bound a coin toss. Only a hang is a failure
        // (the maximum below). On a quiet machine, -Dfirebreak.soak.strictLateness=true also requires that
        // at most 1 % of the callers that walked away regained control more than 10 ms past their deadline.
        if (Boolean.getBoolean("firebreak.soak.strictLateness")) {
            assertThat(round.lateOver10ms.sum()).as("callers more than 10 ms past their deadline (of %d that walked away)",
                    round.walkAwayCalls.sum()).isLessThanOrEqualTo(round.walkAwayCalls.sum() / 100);
        }
        assertThat(maxLatenessMillis).as("most a caller waited past its deadline, ms").isLessThanOrEqualTo(MAX_LATENESS_MILLIS);

        int peakThreads = threads.getPeakThreadCount();
        round = null; // the registry, its guards and their metrics may go
        dev.firebreak.testkit.Await.until("platform threads back to the baseline " + threadBaseline,
                () -> threads.getThreadCount() <= threadBaseline + THREAD_SLACK, () -> "(" + threads.getThreadCount() + ")");
        long heapAfter = usedHeapAfterGc(memory);
        System.out.printf("soak: %d calls, seed %d, %d callers, %d ms%n", CALLS, SEED, CALLERS, elapsedMillis);
        System.out.printf("soak: platform threads baseline %d, peak %d, after %d; heap after GC baseline %d MB, after %d MB%n",
                threadBaseline, peakThreads, threads.getThreadCount(), heapBaseline >> 20, heapAfter >> 20);
        assertThat(heapAfter).as("heap after GC, bytes (baseline %d)", heapBaseline).isLessThanOrEqualTo(heapBaseline + HEAP_SLACK_BYTES);
    }

    private static SoakRound runRound(int calls, long seed) throws InterruptedException {
        SoakRound round = new SoakRound(seed);
        try {
            round.drive(calls, CALLERS, BOUND);
        } finally {
            round.close();
        }
        System.out.printf("soak round: %d calls: %s%n", calls, round.seen);
        System.out.printf("soak round: %d interrupts delivered, %d callers walked away at the deadline or earlier;"
                + " max lateness %.1f ms, %d later than 10 ms; %d mismatches%n", round.interruptsDelivered.sum(),
                round.walkAwayCalls.sum(), round.maxLatenessNanos.get() / 1e6, round.lateOver10ms.sum(), round.mismatchCount.get());
        return round;
    }

    private static long usedHeapAfterGc(MemoryMXBean memory) {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }
}
