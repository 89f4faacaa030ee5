package dev.firebreak.rolling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/**
 * A bucket's sealable counts: the seal returns exactly the increments that were told they counted,
 * alone and with 64 threads incrementing (and spreading over stripes) while the seal happens.
 */
class SealableCountsTest {

    @Test
    void theSealReturnsEveryCountAndRefusesLaterIncrements() {
        SealableCounts counts = new SealableCounts(3);
        for (int i = 0; i < 5; i++) {
            assertThat(counts.increment(0)).isTrue();
        }
        assertThat(counts.increment(2)).isTrue();
        assertThat(counts.get(0)).isEqualTo(5);
        AtomicLongArray into = new AtomicLongArray(new long[] {100, 0, 7});
        counts.seal(into);
        assertThat(into.get(0)).isEqualTo(105);
        assertThat(into.get(1)).isZero();
        assertThat(into.get(2)).isEqualTo(8);
        assertThat(counts.increment(0)).as("after the seal").isFalse();
        assertThat(counts.increment(1)).isFalse();
        assertThat(counts.get(0)).as("a sealed cell reads the count it held").isEqualTo(5);
    }

    @Test
    void sixtyFourThreadsRacingTheSealAreEachCountedOnceOnOneSide() throws Exception {
        for (int round = 0; round < 20; round++) {
            SealableCounts counts = new SealableCounts(2);
            int threads = 64;
            AtomicLongArray told = new AtomicLongArray(2 * 2); // [kind * 2 + (counted ? 1 : 0)]
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> started = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int kind = t & 1;
                started.add(Thread.ofPlatform().start(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    for (int i = 0; i < 2_000; i++) {
                        told.incrementAndGet(kind * 2 + (counts.increment(kind) ? 1 : 0));
                    }
                }));
            }
            start.countDown();
            while (told.get(1) + told.get(3) < 20_000) { // seal in the middle of the increments
                Thread.onSpinWait();
            }
            AtomicLongArray into = new AtomicLongArray(2);
            counts.seal(into);
            for (Thread thread : started) {
                thread.join();
            }
            for (int kind = 0; kind < 2; kind++) {
                assertThat(into.get(kind)).as("round %d, kind %d: folded = told counted", round, kind)
                        .isEqualTo(told.get(kind * 2 + 1));
                assertThat(told.get(kind * 2) + told.get(kind * 2 + 1)).isEqualTo(32L * 2_000);
            }
        }
    }
}
