package dev.firebreak.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A striped bulkhead under 64 threads: its cells come into use at the first collision, a saturated
 * limit drains them, and limit changes drain them too. Whatever the interleaving, no more calls hold a
 * permit than the highest limit ever in force, nothing is lost in a cell (at rest the count held is 0),
 * and at rest the bulkhead admits exactly its limit and refuses the next.
 */
class StripedBulkheadStressTest {

    private static final int THREADS = 64;

    @Test
    void cellsComeIntoUseOnceAdmissionsCollide() throws Exception {
        Bulkhead bulkhead = Bulkhead.striped(1_000);
        assertThat(bulkhead.cellsInUse()).isFalse();
        for (int round = 0; round < 50 && !bulkhead.cellsInUse(); round++) {
            storm(bulkhead, 8, 100_000); // 8 threads on a word: collisions, and room for cells
        }
        assertThat(bulkhead.cellsInUse()).isTrue();
        assertThat(bulkhead.drains()).isZero(); // never saturated: nothing drained them
        assertExactAtRest(bulkhead, 1_000); // the cells' free permits count: the refusal drains them first
        assertThat(bulkhead.cellsInUse()).isFalse();
        assertThat(bulkhead.drains()).isPositive();
    }

    @Test
    void neverOvershootsAndLosesNothingUnderContention() throws Exception {
        Bulkhead bulkhead = Bulkhead.stripedNow(5);
        int maxHolders = storm(bulkhead, THREADS, 20_000);
        assertThat(maxHolders).isBetween(1, 5);
        assertThat(bulkhead.peak()).isBetween(1, 5);
        assertExactAtRest(bulkhead, 5);
        // The cells were in use from the start: either the storm drained them, or the refusal at rest did.
        assertThat(bulkhead.drains()).isPositive();
    }

    @Test
    void limitChangesWhileContendedKeepTheBoundAndTheCount() throws Exception {
        Bulkhead bulkhead = Bulkhead.stripedNow(6);
        AtomicBoolean stop = new AtomicBoolean();
        Thread changer = Thread.ofPlatform().start(() -> {
            int round = 0;
            while (!stop.get()) {
                bulkhead.setLimit(round++ % 2 == 0 ? 3 : 6);
                Thread.onSpinWait();
            }
        });
        int maxHolders;
        try {
            maxHolders = storm(bulkhead, THREADS, 20_000);
        } finally {
            stop.set(true);
            changer.join();
        }
        assertThat(maxHolders).isBetween(1, 6);
        bulkhead.setLimit(4);
        assertExactAtRest(bulkhead, 4);
    }

    @Test
    void aThreadThatKeepsCallingUsesItsCellAndAnotherStillGetsTheRest() {
        Bulkhead bulkhead = Bulkhead.stripedNow(2);
        assertThat(bulkhead.tryAcquire()).isTrue(); // from the word
        bulkhead.release(); // into this thread's cell: still counted as taken
        assertThat(bulkhead.inFlight()).isZero();
        assertThat(bulkhead.tryAcquire()).isTrue(); // back from the cell
        assertThat(bulkhead.tryAcquire()).isTrue(); // the word's last permit
        assertThat(bulkhead.tryAcquire()).isFalse(); // exact: both held
        bulkhead.release();
        bulkhead.release();
        assertThat(bulkhead.inFlight()).isZero();
        assertExactAtRest(bulkhead, 2);
    }

    /** {@code count} threads taking and giving back permits; returns the most that held one at once. */
    private static int storm(Bulkhead bulkhead, int count, int rounds) throws InterruptedException {
        AtomicInteger holders = new AtomicInteger();
        AtomicInteger maxHolders = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(count);
        try (ExecutorService threads = Executors.newFixedThreadPool(count)) {
            for (int t = 0; t < count; t++) {
                threads.execute(() -> {
                    try {
                        start.await();
                        for (int i = 0; i < rounds; i++) {
                            if (bulkhead.tryAcquire()) {
                                maxHolders.accumulateAndGet(holders.incrementAndGet(), Math::max);
                                holders.decrementAndGet();
                                bulkhead.release();
                            }
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        done.countDown();
                    }
                });
            }
            start.countDown();
            assertThat(done.await(120, TimeUnit.SECONDS)).isTrue();
        }
        return maxHolders.get();
    }

    /** Nothing held: exactly {@code limit} admissions succeed from this thread, the next is refused, and all go back. */
    private static void assertExactAtRest(Bulkhead bulkhead, int limit) {
        assertThat(bulkhead.inFlight()).isZero();
        for (int i = 0; i < limit; i++) {
            assertThat(bulkhead.tryAcquire()).as("admission %d of %d", i + 1, limit).isTrue();
        }
        assertThat(bulkhead.tryAcquire()).isFalse();
        assertThat(bulkhead.inFlight()).isEqualTo(limit);
        for (int i = 0; i < limit; i++) {
            bulkhead.release();
        }
        assertThat(bulkhead.inFlight()).isZero();
    }
}
