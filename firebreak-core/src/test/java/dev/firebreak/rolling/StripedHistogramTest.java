package dev.firebreak.rolling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * The striped histogram counts every sample exactly once, on its owner's home, on the others' shared
 * histogram, and before, while and after it spreads over stripes: model-checked (lincheck explores the
 * interleavings where two threads race to own home, where a cell's compare-and-set fails and the
 * stripes are made) and on 64 threads.
 */
@Param(name = "value", gen = IntGen.class, conf = "60:70") // values 60..63 exact, 64..70 in chunk 1: neighbouring cells
public class StripedHistogramTest {

    private final StripedHistogram histogram = new StripedHistogram();
    private final AtomicIntegerArray recorded = new AtomicIntegerArray(71);

    /** Records {@code value}, and notes it for the check. */
    @Operation
    public void record(@Param(name = "value") int value) {
        recorded.incrementAndGet(value);
        histogram.record(value);
    }

    /** After each explored execution: every value counted once, in its own cell. */
    @Validate
    public void everySampleCountedOnce() {
        long[][] cells = new long[LatencyHistogram.CHUNKS][];
        histogram.addTo(cells);
        long[][] expected = new long[LatencyHistogram.CHUNKS][];
        for (int value = 0; value < recorded.length(); value++) {
            int chunk = LatencyHistogram.chunkOf(value);
            if (expected[chunk] == null) {
                expected[chunk] = new long[LatencyHistogram.SUB_BUCKETS];
            }
            expected[chunk][LatencyHistogram.subBucketOf(value, chunk)] += recorded.get(value);
        }
        for (int c = 0; c < 2; c++) {
            long[] want = expected[c] == null ? new long[LatencyHistogram.SUB_BUCKETS] : expected[c];
            long[] got = cells[c] == null ? new long[LatencyHistogram.SUB_BUCKETS] : cells[c];
            if (!java.util.Arrays.equals(want, got)) {
                throw new IllegalStateException("chunk " + c + ": counted " + java.util.Arrays.toString(got)
                        + ", recorded " + java.util.Arrays.toString(want));
            }
        }
    }

    @Test
    void modelCheck() {
        new ModelCheckingOptions().iterations(10).invocationsPerIteration(500).threads(3).actorsPerThread(3)
                .actorsBefore(1).actorsAfter(1).check(StripedHistogramTest.class);
    }

    /** As {@link #modelCheck}, with no record before the threads start: they race to own home. */
    @Test
    void modelCheckTheRaceToOwnHome() {
        new ModelCheckingOptions().iterations(20).invocationsPerIteration(500).threads(3).actorsPerThread(2)
                .actorsBefore(0).actorsAfter(1).check(StripedHistogramTest.class);
    }

    @Test
    void sixtyFourThreadsLoseNoSample() throws Exception {
        StripedHistogram shared = new StripedHistogram();
        int threads = 64;
        int each = 20_000;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long value = 900 + 8 * (t % 4); // four neighbouring cells (8 ns wide here) on one cache line
            Thread thread = Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                for (int i = 0; i < each; i++) {
                    shared.record(value);
                }
            });
            started.add(thread);
        }
        start.countDown();
        for (Thread thread : started) {
            thread.join();
        }
        long[][] cells = new long[LatencyHistogram.CHUNKS][];
        shared.addTo(cells);
        long total = total(cells);
        assertThat(total).isEqualTo((long) threads * each);
        int chunk = LatencyHistogram.chunkOf(900);
        for (int k = 0; k < 4; k++) {
            assertThat(cells[chunk][LatencyHistogram.subBucketOf(900 + 8 * k, chunk)]).isEqualTo(16L * each);
        }
    }

    @Test
    void theFirstRecorderOwnsHomeAndTheOthersShareOneHistogramUntilTheyContend() throws Exception {
        StripedHistogram histogram = new StripedHistogram();
        histogram.record(10);
        histogram.record(10);
        Thread other = Thread.ofPlatform().start(() -> {
            histogram.record(10);
            histogram.record(1_000);
        });
        other.join();
        histogram.record(1_000);

        long[][] cells = new long[LatencyHistogram.CHUNKS][];
        histogram.addTo(cells);
        assertThat(cells[0][10]).isEqualTo(3);
        int chunk = LatencyHistogram.chunkOf(1_000);
        assertThat(cells[chunk][LatencyHistogram.subBucketOf(1_000, chunk)]).isEqualTo(2);
        assertThat(histogram.striped()).as("one other thread, never contended: no stripes").isFalse();
    }

    @Test
    void aLoneRecorderIsCountedExactlyAcrossManyRecords() {
        StripedHistogram histogram = new StripedHistogram();
        for (int i = 0; i < 100_000; i++) {
            histogram.record(i % 200);
        }
        long[][] cells = new long[LatencyHistogram.CHUNKS][];
        histogram.addTo(cells);
        long total = total(cells);
        assertThat(total).isEqualTo(100_000);
        assertThat(cells[0][63]).isEqualTo(500);
        assertThat(histogram.striped()).isFalse();
    }

    @Test
    void stripeCountIsAPowerOfTwoBetweenTwoAndSixteen() {
        assertThat(StripedHistogram.stripesFor(1)).isEqualTo(2);
        assertThat(StripedHistogram.stripesFor(2)).isEqualTo(4);
        assertThat(StripedHistogram.stripesFor(3)).isEqualTo(8);
        assertThat(StripedHistogram.stripesFor(64)).isEqualTo(16);
    }

    /** Every sample in {@code cells} (as {@link StripedHistogram#addTo} filled it). */
    private static long total(long[][] cells) {
        long total = 0;
        for (long[] chunk : cells) {
            if (chunk != null) {
                for (long cell : chunk) {
                    total += cell;
                }
            }
        }
        return total;
    }
}
