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
 * The tally's answers as arithmetic on clock readings: the rule sees the whole window through the
 * per-epoch base, late records retire a base, buckets leave the window, from hostile origins; and
 * across 64 threads no answer misses a call that had completed.
 */
class RollingTallyTest {

    private static final long BUCKET = 1_000;

    private static RollingTally tally(long origin) {
        return new RollingTally(10 * BUCKET, 10, origin);
    }

    /** The calls the answer sees, found by asking the rule with every volume threshold (0 % errors). */
    private static boolean atLeast(RollingTally t, long now, int calls) {
        return t.recordAndTest(false, false, now, calls, 0, -1);
    }

    @ParameterizedTest
    @ValueSource(longs = {0L, Long.MAX_VALUE - 5 * BUCKET, Long.MIN_VALUE + 3, -7 * BUCKET - 1, Long.MAX_VALUE})
    void theRuleSeesEveryBucketOfTheWindowAndNothingOlder(long origin) {
        RollingTally t = tally(origin);
        for (int i = 0; i < 10; i++) {
            t.recordAndTest(true, false, origin + i * BUCKET, Integer.MAX_VALUE, 0, -1); // one error per bucket
        }
        long end = origin + 10 * BUCKET - 1;
        assertThat(t.recordAndTest(false, false, end, 11, 100, -1)).as("11 calls, 10 errors: 90 %").isFalse();
        assertThat(t.recordAndTest(false, false, end, 12, 83, -1)).as("12 calls, 10 errors: 83.3 %").isTrue();
        assertThat(t.recordAndTest(false, false, end, 14, 0, -1)).as("13 calls: below 14").isFalse();
        long next = origin + 10 * BUCKET; // bucket 0 and its error left: 12 calls, 9 errors remain
        assertThat(t.calls(next)).isEqualTo(12);
        assertThat(t.errors(next)).isEqualTo(9);
        assertThat(t.recordAndTest(false, false, next, 13, 69, -1)).as("13 calls, 9 errors: 69.2 %").isTrue();
        assertThat(t.recordAndTest(false, false, next, 14, 0, -1)).as("14 calls").isTrue();
        assertThat(t.recordAndTest(false, false, next, 16, 0, -1)).as("15 calls").isFalse();
    }

    @Test
    void aLateRecordRetiresTheBaseThatMissedIt() {
        RollingTally t = tally(0);
        t.recordAndTest(false, false, 0, 1, 0, -1);
        assertThat(atLeast(t, 5 * BUCKET, 2)).isTrue(); // base for epoch 5 made: 1 call in epochs 0..4
        t.recordAndTest(true, false, 3 * BUCKET, 1, 0, -1); // late: epoch 3 is inside that base
        assertThat(t.recordAndTest(false, false, 5 * BUCKET, 4, 0, -1)).as("4 calls: the late one counted").isTrue();
        assertThat(t.errors(5 * BUCKET)).isEqualTo(1);
        assertThat(t.recordAndTest(false, false, 5 * BUCKET, 5, 20, -1)).as("1 error of 5").isTrue();
        assertThat(t.recordAndTest(false, false, 5 * BUCKET, 6, 17, -1)).as("1 error of 6 = 16.7 %").isFalse();
    }

    @Test
    void slowCallsCountOnlyWhenTheRuleAsks() {
        RollingTally t = tally(-1);
        t.recordAndTest(false, true, -1, 1, 100, -1);
        assertThat(t.recordAndTest(false, true, BUCKET, 2, 101, -1)).as("slow calls not asked").isFalse();
        assertThat(t.recordAndTest(false, false, 2 * BUCKET, 3, 101, 66)).as("2 slow of 3").isTrue();
        assertThat(t.recordAndTest(false, false, 2 * BUCKET, 4, 101, 51)).as("2 slow of 4").isFalse();
        assertThat(t.slow(2 * BUCKET)).isEqualTo(2);
    }

    @Test
    void aSampleOlderThanItsSlotIsAnsweredFromItsOwnTimeAndNotCounted() {
        RollingTally t = tally(0);
        t.recordAndTest(false, false, 12 * BUCKET, 1, 0, -1); // slot 2 serves bucket 12
        assertThat(t.recordAndTest(true, false, 2 * BUCKET, 1, 100, -1)).as("dropped: no call in its view").isFalse();
        assertThat(t.calls(12 * BUCKET)).isEqualTo(1);
        assertThat(t.errors(12 * BUCKET)).isZero();
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
                        if (!t.recordAndTest(i % 3 == 0, false, origin + offset, (int) certain, 0, -1)) {
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
