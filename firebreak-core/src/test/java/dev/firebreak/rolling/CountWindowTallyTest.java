package dev.firebreak.rolling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The count window's figures as arithmetic on the order of calls: it fills, then each call pushes the
 * oldest out, errors and slow calls leave with their call, successes over successes change nothing;
 * and across 64 threads the figures are the exact sums of the last calls once quiet.
 */
class CountWindowTallyTest {

    /** Records one call and returns the figures the tally handed to the test for it. */
    private static String record(CountWindowTally t, boolean error, boolean slow) {
        Seen seen = new Seen();
        t.recordAndTest(error, slow, seen);
        return seen.figures();
    }

    @Test
    void fillsThenEachCallPushesTheOldestOut() {
        CountWindowTally t = new CountWindowTally(4);
        assertThat(record(t, true, false)).isEqualTo("1 calls, 1 errors, 0 slow");
        assertThat(record(t, false, true)).isEqualTo("2 calls, 1 errors, 1 slow");
        assertThat(record(t, false, false)).isEqualTo("3 calls, 1 errors, 1 slow");
        assertThat(record(t, true, false)).isEqualTo("4 calls, 2 errors, 1 slow");
        assertThat(record(t, false, false)).as("the first error left").isEqualTo("4 calls, 1 errors, 1 slow");
        assertThat(record(t, false, false)).as("the slow call left").isEqualTo("4 calls, 1 errors, 0 slow");
        assertThat(record(t, false, false)).as("a success over a success").isEqualTo("4 calls, 1 errors, 0 slow");
        assertThat(record(t, false, false)).as("the second error left").isEqualTo("4 calls, 0 errors, 0 slow");
        assertThat(List.of(t.calls(), t.errors(), t.slow())).containsExactly(4L, 0L, 0L);
    }

    @Test
    void aWindowOfOneHoldsTheLastCallOnly() {
        CountWindowTally t = new CountWindowTally(1);
        assertThat(record(t, true, true)).isEqualTo("1 calls, 1 errors, 1 slow");
        assertThat(record(t, false, false)).isEqualTo("1 calls, 0 errors, 0 slow");
        assertThat(record(t, true, false)).isEqualTo("1 calls, 1 errors, 0 slow");
    }

    @Test
    void theAnswerIsTheTestsOnTheFiguresOnBothPaths() {
        CountWindowTally t = new CountWindowTally(2);
        assertThat(t.recordAndTest(false, false, new AtLeast(1))).as("locked path: the window fills").isTrue();
        assertThat(t.recordAndTest(false, false, new AtLeast(3))).isFalse();
        assertThat(t.recordAndTest(false, false, new AtLeast(2))).as("a success over a success: no lock").isTrue();
        assertThat(t.recordAndTest(false, false, new AtLeast(3))).isFalse();
    }

    @Test
    void aSizeOutsideOneToAMillionIsRefusedNamingTheRule() {
        assertThatThrownBy(() -> new CountWindowTally(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a count window holds 1 to 1000000 calls, not 0");
        assertThatThrownBy(() -> new CountWindowTally(CountWindowTally.MAX_SIZE + 1))
                .isInstanceOf(IllegalArgumentException.class);
        CountWindowTally largest = new CountWindowTally(CountWindowTally.MAX_SIZE);
        for (int i = 0; i < 3; i++) {
            largest.recordAndTest(true, true, new Seen());
        }
        assertThat(List.of(largest.calls(), largest.errors(), largest.slow())).containsExactly(3L, 3L, 3L);
    }

    @Test
    void sixtyFourThreadsLeaveTheExactSumsOfTheLastCalls() throws Exception {
        int threads = 64;
        int each = 5_000;
        int size = 100;
        CountWindowTally t = new CountWindowTally(size);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CyclicBarrier start = new CyclicBarrier(threads);
            AtomicInteger ids = new AtomicInteger();
            List<Future<?>> done = new ArrayList<>();
            for (int n = 0; n < threads; n++) {
                done.add(pool.submit(() -> {
                    int id = ids.getAndIncrement();
                    start.await(10, TimeUnit.SECONDS);
                    for (int i = 0; i < each; i++) {
                        int kind = (i + id) % 7; // mostly successes over successes, some errors and slow calls
                        t.recordAndTest(kind == 0, kind == 1, new Seen());
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
        long total = (long) threads * each;
        assertThat(t.numbered()).isEqualTo(total);
        long[] recount = t.recount();
        assertThat(List.of(t.calls(), t.errors(), t.slow())).as("the figures are the positions' sums")
                .containsExactly(recount[0], recount[1], recount[2]);
        assertThat(t.calls()).isEqualTo(size);
        for (int i = 0; i < size; i++) {
            long stamp = t.stampAt(i);
            assertThat(stamp).as("position %s holds one of the last %s calls", i, size)
                    .isBetween(total - size, total - 1);
            assertThat(stamp % size).isEqualTo(i);
        }
    }
}
