package dev.firebreak.time;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.testkit.Await;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link CoarseClock} over the system clock, with its real thread, read by 64 threads: in each round
 * every reader waits until the clock has stopped, then all rush it at once (so 64 readers race to
 * restart it), and read on for a while, which the thread's ticks, stops and restarts interleave (a
 * short tick and a lap of two make it stop whenever the readers pause). Every reading must be
 * monotonic for its reader and never ahead of {@code System.nanoTime()} read just after it; after the
 * last round, once the clock has stopped, it must have been restarted exactly once per stop.
 */
class CoarseClockStressTest {

    private static final int THREADS = 64;
    private static final int ROUNDS = 20;
    private static final int READS = 2_000;

    @Test
    void monotonicNeverAheadAndOneRestartPerStopAcross64Threads() throws Exception {
        CoarseClock clock = new CoarseClock("firebreak-clock-stress", System::nanoTime, 20_000L, 2);
        AtomicInteger backwards = new AtomicInteger();
        AtomicInteger ahead = new AtomicInteger();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        CyclicBarrier stopped = new CyclicBarrier(THREADS);
        List<Thread> readers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            readers.add(Thread.ofPlatform().daemon().name("coarse-reader-" + t).start(() -> {
                try {
                    long previous = clock.read();
                    for (int round = 0; round < ROUNDS; round++) {
                        // every reader waits here, so nobody reads and it stops
                        Await.until("the clock stopped between rounds", clock::isStopped);
                        stopped.await(60, TimeUnit.SECONDS); // ... and all find it stopped, then rush it
                        for (int i = 0; i < READS; i++) {
                            long coarse = clock.read();
                            long precise = System.nanoTime();
                            if (coarse - previous < 0) {
                                backwards.incrementAndGet();
                            }
                            if (precise - coarse < 0) {
                                ahead.incrementAndGet();
                            }
                            previous = coarse;
                            if ((i & 255) == 0) {
                                Thread.yield(); // pauses, in which the clock may stop mid-round
                            }
                        }
                    }
                } catch (Throwable e) {
                    failed.compareAndSet(null, e);
                }
            }));
        }
        for (Thread reader : readers) {
            assertThat(reader.join(java.time.Duration.ofSeconds(120))).as("reader finished").isTrue();
        }
        assertThat(failed.get()).isNull();
        assertThat(backwards.get()).as("readings before the reader's previous one").isZero();
        assertThat(ahead.get()).as("readings ahead of System.nanoTime()").isZero();
        Await.until("the clock stopped after the last read", clock::isStopped);
        assertThat(clock.stops()).as("it stopped at least once a round").isGreaterThan(ROUNDS);
        assertThat(clock.restarts()).as("restarts: one per stop but the current one").isEqualTo(clock.stops() - 1);
    }
}
