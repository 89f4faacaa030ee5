package dev.firebreak.rolling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Percentiles against an exact computation over the recorded samples. */
class RollingPercentileTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long MILLI = 1_000_000L;

    /** The exact p-th percentile by the documented rank rule. */
    private static long exact(long[] sorted, double p) {
        long rank = Math.max(1L, (long) Math.ceil(p / 100.0 * sorted.length));
        return sorted[(int) rank - 1];
    }

    private static void assertClose(LatencySnapshot snapshot, long[] samples) {
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        assertThat(snapshot.samples()).isEqualTo(samples.length);
        List<Double> ps = LatencySnapshot.PERCENTILES;
        for (int i = 0; i < ps.size(); i++) {
            long want = exact(sorted, ps.get(i));
            long got = snapshot.percentileNanos()[i];
            assertThat(Math.abs(got - want)).as("p%s: got %d, exact %d, within 1%%", ps.get(i), got, want)
                    .isLessThanOrEqualTo(want / 100);
        }
        double mean = Arrays.stream(samples).average().orElse(0);
        assertThat((double) snapshot.meanNanos()).as("mean within 1/128 (computed from the cells)")
                .isCloseTo(mean, org.assertj.core.data.Offset.offset(mean / 128 + 1.0));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42, 1234, 99_999})
    void percentilesAreWithinOnePercentOfExactOnRandomSamples(long seed) {
        Random random = new Random(seed);
        List<LongSupplier> distributions = List.of(
                () -> (long) (random.nextDouble() * 50 * MILLI),                      // uniform 0..50 ms
                () -> (long) (Math.exp(random.nextGaussian() * 1.5) * 2 * MILLI),     // log-normal around 2 ms
                () -> random.nextInt(2_000),                                        // tiny: 0..2 us
                () -> random.nextInt(10) == 0 ? 3 * SECOND + random.nextInt(1000) : 40 * MILLI + random.nextInt(5000));
        for (LongSupplier distribution : distributions) {
            long origin = random.nextLong();
            RollingPercentile window = new RollingPercentile(60 * SECOND, 6, origin);
            int n = 1 + random.nextInt(5_000);
            long[] samples = new long[n];
            for (int i = 0; i < n; i++) {
                samples[i] = Math.max(0, distribution.getAsLong());
                window.record(samples[i], origin + (long) i * 59 * SECOND / n); // spread over the whole window
            }
            assertClose(window.snapshot(origin + 59 * SECOND), samples);
        }
    }

    @Test
    void samplesLeaveWithTheirBucket() {
        long origin = Long.MAX_VALUE - 30 * SECOND;
        RollingPercentile window = new RollingPercentile(60 * SECOND, 6, origin);
        window.record(100 * MILLI, origin);                 // bucket 0
        window.record(5 * MILLI, origin + 10 * SECOND);     // bucket 1
        assertThat(window.snapshot(origin + 59 * SECOND).samples()).isEqualTo(2);
        LatencySnapshot later = window.snapshot(origin + 60 * SECOND);
        assertThat(later.samples()).isEqualTo(1);
        assertThat(Math.abs(later.percentileNanos(100.0) - 5 * MILLI)).isLessThanOrEqualTo(5 * MILLI / 100);
        assertThat(later.percentileMillis(50.0)).isEqualTo(5);
        assertThat(window.snapshot(origin + 70 * SECOND)).isEqualTo(LatencySnapshot.EMPTY);
    }

    @Test
    void manySamplesInOneBucketAreAllCountedNoCap() {
        RollingPercentile window = new RollingPercentile(60 * SECOND, 6, 0);
        for (int i = 0; i < 100_000; i++) {
            window.record(i < 99_000 ? MILLI : 900 * MILLI, 0);
        }
        LatencySnapshot s = window.snapshot(0);
        assertThat(s.samples()).isEqualTo(100_000);
        assertThat(Math.abs(s.percentileNanos(99.0) - MILLI)).isLessThanOrEqualTo(MILLI / 100);
        assertThat(Math.abs(s.percentileNanos(99.5) - 900 * MILLI)).isLessThanOrEqualTo(9 * MILLI);
    }

    @Test
    void histogramRepresentativesStayWithinTheDocumentedError() {
        Random random = new Random(7);
        for (int i = 0; i < 200_000; i++) {
            long value = (random.nextLong() >>> 1) >>> random.nextInt(63);
            int chunk = LatencyHistogram.chunkOf(value);
            long rep = LatencyHistogram.representative(chunk, LatencyHistogram.subBucketOf(value, chunk));
            assertThat((double) Math.abs(rep - value)).as("value %d", value).isLessThanOrEqualTo(value / 128.0);
        }
    }
}
