package dev.firebreak.rolling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tally's figures as arithmetic on clock readings: the figures handed to the test hold the whole
 * window through the per-epoch base, late records retire a base, buckets leave the window, settled
 * successes are counted quietly (the owner's without a locked instruction, and none lost among 64
 * threads), from hostile origins; and across 64 threads no answer misses a call
 * that had completed.
 */
class RollingTallyTest {

    private static final long BUCKET = 1_000;

    private static RollingTally tally(long origin) {
        return new RollingTally(10 * BUCKET, 10, origin);
    }

    /** Records one call and returns the figures the tally handed to the test for it. */
    private static String record(RollingTally t, boolean error, boolean slow, long now) {
        Seen seen = new Seen();
        t.recordAndTest(error, slow, now, seen);
        return seen.figures();
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 5 * BUCKET, Long.MIN_VALUE + 3, -7 * BUCKET - 1, Long.MAX_VALUE})
    void theFiguresHoldEveryBucketOfTheWindowAndNothingOlder(long origin) {
        RollingTally t = tally(origin);
        for (int i = 0; i < 10; i++) {
            record(t, true, false, origin + i * BUCKET); // one error per bucket
        }
        long end = origin + 10 * BUCKET - 1;
        assertThat(record(t, false, false, end)).isEqualTo("11 calls, 10 errors, 0 slow");
        assertThat(record(t, false, false, end)).isEqualTo("12 calls, 10 errors, 0 slow");
        long next = origin + 10 * BUCKET; // bucket 0 and its error left: 11 calls, 9 errors remain
        assertThat(t.calls(next)).isEqualTo(11);
        assertThat(t.errors(next)).isEqualTo(9);
        assertThat(record(t, false, false, next)).isEqualTo("12 calls, 9 errors, 0 slow");
        assertThat(record(t, true, false, next)).isEqualTo("13 calls, 10 errors, 0 slow");
    }

    @Test
    void theAnswerIsTheTestsOnTheFigures() {
        RollingTally t = tally(0);
        assertThat(t.recordAndTest(false, false, 0, new AtLeast(1))).as("1 call, at least 1").isTrue();
        assertThat(t.recordAndTest(false, false, BUCKET, new AtLeast(3))).as("2 calls, at least 3").isFalse();
        assertThat(t.recordAndTest(false, false, BUCKET, new AtLeast(3))).as("3 calls, at least 3").isTrue();
    }

    @Test
    void aLateRecordRetiresTheBaseThatMissedIt() {
        RollingTally t = tally(0);
        record(t, false, false, 0);
        assertThat(record(t, false, false, 5 * BUCKET)).isEqualTo("2 calls, 0 errors, 0 slow"); // base for epoch 5 made
        record(t, true, false, 3 * BUCKET); // late: epoch 3 is inside that base
        assertThat(record(t, false, false, 5 * BUCKET)).as("the late one counted").isEqualTo("4 calls, 1 errors, 0 slow");
        assertThat(t.errors(5 * BUCKET)).isEqualTo(1);
    }

    @Test
    void slowCallsAreHandedOverWithTheRest() {
        RollingTally t = tally(-1);
        record(t, false, true, -1);
        assertThat(record(t, false, true, BUCKET)).isEqualTo("2 calls, 0 errors, 2 slow");
        assertThat(record(t, false, false, 2 * BUCKET)).isEqualTo("3 calls, 0 errors, 2 slow");
        assertThat(t.slow(2 * BUCKET)).isEqualTo(2);
    }

    @Test
    void aSampleOlderThanItsSlotIsAnsweredFromItsOwnTimeAndNotCounted() {
        RollingTally t = tally(0);
        record(t, false, false, 12 * BUCKET); // slot 2 serves bucket 12
        assertThat(t.recordAndTest(true, false, 2 * BUCKET, new AtLeast(1))).as("dropped: no call in its view").isFalse();
        assertThat(t.calls(12 * BUCKET)).isEqualTo(1);
        assertThat(t.errors(12 * BUCKET)).isZero();
    }

    @Test
    void aSettledSuccessIsCountedQuietlyAndLaterFiguresHoldIt() {
        RollingTally t = tally(0);
        Seen settledFromThree = new Seen(3);
        assertThat(t.recordAndTest(false, false, 0, settledFromThree)).isFalse();
        assertThat(settledFromThree.figures()).as("the epoch's first record makes its base on the word")
                .isEqualTo("1 calls, 0 errors, 0 slow");
        t.recordAndTest(false, false, 0, settledFromThree);
        assertThat(settledFromThree.figures()).as("not settled: on the word").isEqualTo("2 calls, 0 errors, 0 slow");
        for (int i = 0; i < 2; i++) { // the calls asked about are a lower bound: quiet ones are not read
            assertThat(t.recordAndTest(false, false, 0, settledFromThree)).isFalse();
            assertThat(settledFromThree.figures()).as("settled: counted quietly, never tested")
                    .isEqualTo("3 calls, 0 errors, 0 slow (settled?)");
        }
        assertThat(record(t, true, false, 0)).as("an error sees the quiet successes").isEqualTo("5 calls, 1 errors, 0 slow");
        assertThat(t.calls(0)).isEqualTo(5);
    }

    @Test
    void theOwnersQuietSuccessesAndAnotherThreadsAreReadTogether() throws Exception {
        RollingTally t = tally(0);
        Seen settledFromTwo = new Seen(2);
        t.recordAndTest(false, false, 0, settledFromTwo); // the epoch's base, on the word
        t.recordAndTest(false, false, 0, settledFromTwo); // quiet: this thread claims the owner's role
        assertThat(t.owner()).isSameAs(Thread.currentThread());
        Thread other = new Thread(() -> {
            for (int i = 0; i < 3; i++) {
                t.recordAndTest(false, false, 0, settledFromTwo); // quiet, in the striped adder
            }
        });
        other.start();
        other.join(10_000); // happens-before: the other thread's counts are seen below
        assertThat(other.isAlive()).isFalse();
        assertThat(t.owner()).as("the role stays with the first quiet recorder").isSameAs(Thread.currentThread());
        t.recordAndTest(false, false, 0, settledFromTwo); // the owner again
        assertThat(record(t, true, false, 0)).as("an error sees both kinds of quiet success")
                .isEqualTo("7 calls, 1 errors, 0 slow");
        assertThat(t.calls(0)).isEqualTo(7);
        assertThat(t.calls(10 * BUCKET - 1)).isEqualTo(7);
        t.recordAndTest(false, false, BUCKET, settledFromTwo); // a new epoch: its base holds bucket 0's quiet ones
        assertThat(record(t, true, false, BUCKET)).isEqualTo("9 calls, 2 errors, 0 slow");
    }

    @Test
    void aTerminatedOwnersRoleGoesToTheNextQuietRecorderOnceABucketIsMade() throws Exception {
        RollingTally t = tally(0);
        Seen settledFromOne = new Seen(1);
        t.recordAndTest(false, false, 0, settledFromOne); // the base, on the word
        Thread first = new Thread(() -> t.recordAndTest(false, false, 0, settledFromOne)); // quiet: claims the role
        first.start();
        first.join(10_000);
        assertThat(t.owner()).isSameAs(first);
        t.recordAndTest(false, false, 0, settledFromOne);
        assertThat(t.owner()).as("still the terminated thread until a bucket is made").isSameAs(first);
        t.recordAndTest(false, false, BUCKET, settledFromOne); // makes bucket 1: the role is freed (base on the word)
        t.recordAndTest(false, false, BUCKET, settledFromOne); // quiet: claimed by this thread
        assertThat(t.owner()).isSameAs(Thread.currentThread());
        t.recordAndTest(false, false, 0, settledFromOne); // a late quiet record into bucket 0's home, which the first owner wrote
        assertThat(t.calls(BUCKET)).as("the new owner continues the first one's counts").isEqualTo(6);
    }

    @Test
    void quietSuccessesOf64ThreadsAreAllCounted() throws Exception {
        int threads = 64;
        int each = 5_000;
        RollingTally t = tally(0);
        Seen settledFromOne = new Seen(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CyclicBarrier start = new CyclicBarrier(threads);
            List<Future<?>> done = new ArrayList<>();
            for (int n = 0; n < threads; n++) {
                done.add(pool.submit(() -> {
                    start.await(10, TimeUnit.SECONDS);
                    for (int i = 0; i < each; i++) {
                        t.recordAndTest(false, false, 0, settledFromOne); // one owner, 63 others
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(t.owner()).as("one of the pool's threads holds the role").isNotNull();
        assertThat(t.calls(0)).as("no quiet success lost, the owner's or another's").isEqualTo((long) threads * each);
    }

    @Test
    void noAnswerMissesACallThatCompletedBeforeIt() throws Exception {
        int threads = 64;
        int each = 3_000;
        // 32 buckets and about 24 epochs of clock: no slot is reused, so every completed call stays in
        // the window however late a thread's reading is, and late records happen at every boundary.
        long origin = Long.MAX_VALUE - 3 * BUCKET; // the epochs straddle the wrap
        RollingTally t = new RollingTally(32 * BUCKET, 32, origin);
        AtomicLong clock = new AtomicLong();
        AtomicLongArray completed = new AtomicLongArray(64); // completed calls per epoch
        AtomicLong missed = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CyclicBarrier start = new CyclicBarrier(threads);
            List<Future<?>> done = new ArrayList<>();
            for (int n = 0; n < threads; n++) {
                done.add(pool.submit(() -> {
                    start.await(10, TimeUnit.SECONDS);
                    for (int i = 0; i < each; i++) {
                        long offset = clock.addAndGet(1) / 8; // a shared clock: about 24 buckets in all
                        int epoch = (int) (offset / BUCKET);
                        long certain = 1;
                        for (int e = 0; e <= epoch; e++) {
                            certain += completed.get(e);
                        }
                        if (!t.recordAndTest(i % 3 == 0, false, origin + offset, new AtLeast(certain))) {
                            missed.incrementAndGet();
                        }
                        completed.incrementAndGet(epoch);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(missed.get()).as("answers that missed a completed call").isZero();
        long last = (long) threads * each / 8;
        int lastEpoch = (int) (last / BUCKET);
        long inWindow = 0;
        for (int e = 0; e <= lastEpoch; e++) {
            inWindow += completed.get(e);
        }
        assertThat(t.calls(origin + last)).isEqualTo(inWindow);
    }
}
