package dev.firebreak.rolling;

import java.util.List;

/**
 * Latency over a rolling window: the mean and the percentiles of {@link #PERCENTILES}, in
 * nanoseconds. A percentile {@code p} is the recorded value of rank {@code max(1, ceil(p/100 * n))}
 * among the {@code n} samples sorted ascending (so 0 is the minimum and 100 the maximum), reported
 * within 1 % of that exact value.
 *
 * <p>When percentiles are disabled ({@code metrics.rollingPercentile.enabled=false}) every figure is
 * -1, as in Hystrix.
 *
 * @param samples the samples in the window
 * @param meanNanos their mean, within 1 % like the percentiles (0 with no sample)
 * @param percentileNanos one value per entry of {@link #PERCENTILES}, in that order (0 with no sample)
 */
public record LatencySnapshot(long samples, long meanNanos, long[] percentileNanos) {

    /** The percentiles reported, as hystrix.stream names them: 0, 25, 50, 75, 90, 95, 99, 99.5, 100. */
    public static final List<Double> PERCENTILES = List.of(0.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0, 99.5, 100.0);

    /** The figures when percentiles are disabled: all -1. */
    public static final LatencySnapshot DISABLED = new LatencySnapshot(-1, -1, filled(-1));

    /** The figures of an empty window: all 0. */
    public static final LatencySnapshot EMPTY = new LatencySnapshot(0, 0, filled(0));

    /** Copies the array, which must have one value per percentile. */
    public LatencySnapshot {
        if (percentileNanos.length != PERCENTILES.size()) {
            throw new IllegalArgumentException("one value per percentile expected, got " + percentileNanos.length);
        }
        percentileNanos = percentileNanos.clone();
    }

    /** The value of {@code percentile}, one of {@link #PERCENTILES}, in nanoseconds. */
    public long percentileNanos(double percentile) {
        int index = PERCENTILES.indexOf(percentile);
        if (index < 0) {
            throw new IllegalArgumentException(percentile + " is not one of the reported percentiles " + PERCENTILES);
        }
        return percentileNanos[index];
    }

    /** {@link #percentileNanos(double)} in whole milliseconds, rounded to nearest (-1 stays -1), as the stream wants. */
    public int percentileMillis(double percentile) {
        return toMillis(percentileNanos(percentile));
    }

    /** The mean in whole milliseconds, rounded to nearest (-1 stays -1). */
    public int meanMillis() {
        return toMillis(meanNanos);
    }

    /** A copy of the percentile values, in the order of {@link #PERCENTILES}. */
    @Override
    public long[] percentileNanos() {
        return percentileNanos.clone();
    }

    /** Whether these are the figures of disabled percentiles. */
    public boolean disabled() {
        return samples < 0;
    }

    /** The rank (1-based) of percentile {@code p} among {@code n} sorted samples. */
    static long rank(double p, long n) {
        return Math.max(1L, (long) Math.ceil(p / 100.0 * n));
    }

    private static int toMillis(long nanos) {
        if (nanos < 0) {
            return -1;
        }
        long millis = (nanos + 500_000L) / 1_000_000L;
        return millis > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) millis;
    }

    private static long[] filled(long value) {
        long[] values = new long[PERCENTILES.size()];
        java.util.Arrays.fill(values, value);
        return values;
    }
}
