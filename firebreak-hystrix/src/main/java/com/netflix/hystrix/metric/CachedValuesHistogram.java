package com.netflix.hystrix.metric;

import java.util.Arrays;
import org.HdrHistogram.Histogram;

/**
 * A distribution's commonly read figures, taken once from an HdrHistogram when the value is made, so
 * that any thread reads them without locking: the mean, the count, and the values at the percentiles
 * 0, 5, 10, ... 95 (every 5), 99, 99.5, 99.9, 99.95, 99.99 and 100. Values are whole numbers (the
 * distribution's unit: milliseconds for latencies, requests for batch sizes).
 */
public final class CachedValuesHistogram {

    private static final int SIGNIFICANT_DIGITS = 3;
    // The percentiles kept, ascending; PERMYRIADS holds each as hundredths of a percent for an exact match.
    private static final double[] PERCENTILES = {0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95,
            99, 99.5, 99.9, 99.95, 99.99, 100};
    private static final long[] PERMYRIADS = Arrays.stream(PERCENTILES).mapToLong(p -> Math.round(p * 100)).toArray();

    private final int mean;
    private final long totalCount;
    private final int[] values = new int[PERCENTILES.length];

    private CachedValuesHistogram(Histogram underlying) {
        this.mean = (int) underlying.getMean();
        this.totalCount = underlying.getTotalCount();
        for (int i = 0; i < PERCENTILES.length; i++) {
            values[i] = (int) underlying.getValueAtPercentile(PERCENTILES[i]);
        }
    }

    /** The figures of {@code underlying} as it is now (later recordings into it are not seen). */
    public static CachedValuesHistogram backedBy(Histogram underlying) {
        return new CachedValuesHistogram(underlying);
    }

    /** An empty histogram of the precision the streams use (three significant digits). */
    public static Histogram getNewHistogram() {
        return new Histogram(SIGNIFICANT_DIGITS);
    }

    /** The mean, truncated to a whole number (0 when empty). */
    public int getMean() {
        return mean;
    }

    /**
     * The value at {@code percentile}, one of those kept (see the class comment).
     *
     * @throws IllegalArgumentException for any other percentile
     */
    public int getValueAtPercentile(double percentile) {
        double permyriad = percentile * 100;
        int i = Arrays.binarySearch(PERMYRIADS, Math.round(permyriad));
        if (i < 0 || Math.abs(permyriad - PERMYRIADS[i]) > 1e-6) {
            throw new IllegalArgumentException("percentile " + percentile + " is not kept: only " + Arrays.toString(PERCENTILES) + " are");
        }
        return values[i];
    }

    /** How many values were recorded. */
    public long getTotalCount() {
        return totalCount;
    }

    @Override
    public String toString() {
        return "CachedValuesHistogram[count " + totalCount + ", mean " + mean + ", p50 " + values[10] + ", p99 " + values[20] + "]";
    }
}
