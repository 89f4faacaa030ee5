package dev.firebreak.metrics.rolling;

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
 * The striped histogram counts every sample exactly once, before, while and after it spreads over
 * stripes: model-checked (lincheck explores the interleavings where a cell's compare-and-set fails
 * and the stripes are made) and on 64 threads.
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
        long total = 0;
        for (long[] chunk : cells) {
            if (chunk != null) {
                for (long cell : chunk) {
                    total += cell;
                }
            }
        }
        assertThat(total).isEqualTo((long) threads * each);
        int chunk = LatencyHistogram.chunkOf(900);
        for (int k = 0; k < 4; k++) {
            assertThat(cells[chunk][LatencyHistogram.subBucketOf(900 + 8 * k, chunk)]).isEqualTo(16L * each);
        }
    }

    @Test
    void stripeCountIsAPowerOfTwoBetweenTwoAndSixteen() {
        assertThat(StripedHistogram.stripesFor(1)).isEqualTo(2);
        assertThat(StripedHistogram.stripesFor(2)).isEqualTo(4);
        assertThat(StripedHistogram.stripesFor(3)).isEqualTo(8);
        assertThat(StripedHistogram.stripesFor(64)).isEqualTo(16);
    }
}
