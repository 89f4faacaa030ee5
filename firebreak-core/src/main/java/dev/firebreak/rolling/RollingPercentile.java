package dev.firebreak.rolling;

/**
 * Latency percentiles over a rolling window ({@code metrics.rollingPercentile.timeInMilliseconds} in
 * {@code metrics.rollingPercentile.numBuckets}), one {@link StripedHistogram} per bucket (a
 * {@link LatencyHistogram}, striped once recorders contend), rotated by the clock readings passed in
 * (see {@link BucketRing}).
 *
 * <p>{@code metrics.rollingPercentile.bucketSize}: Hystrix keeps at most that many samples per bucket
 * and drops the rest, so its percentiles describe an arbitrary subset under load. Here a bucket is a
 * histogram whose memory does not depend on the number of samples, so no cap is needed: every sample
 * is counted and the 1 % accuracy holds over all of them. The property is still validated and
 * reported with the configuration, and has no other effect.
 *
 * <p>The mean is computed from the same cells, each sample taken as its cell's representative, so it
 * too is within 1/128 (0.79 %) of the exact mean, and recording keeps no running sum (one atomic
 * update per sample fewer).
 */
public final class RollingPercentile {

    private final BucketRing<StripedHistogram> ring;

    /** Percentiles over {@code windowNanos} in {@code buckets} buckets counted from {@code originNanos}. */
    public RollingPercentile(long windowNanos, int buckets, long originNanos) {
        this.ring = new BucketRing<>(windowNanos, buckets, originNanos, StripedHistogram::new);
    }

    /** Records one latency, in nanoseconds, at {@code nowNanos}. */
    public void record(long latencyNanos, long nowNanos) {
        StripedHistogram bucket = ring.bucketAt(nowNanos);
        if (bucket != null) {
            bucket.record(latencyNanos);
        }
    }

    /** The mean and percentiles of the samples in the window ending at {@code nowNanos}. */
    public LatencySnapshot snapshot(long nowNanos) {
        return snapshot(nowNanos, this, null);
    }

    /**
     * The mean and percentiles of the samples of {@code first} and {@code second} (null: none) together,
     * in the windows ending at {@code nowNanos}: how a figure recorded in two parts is read as one.
     */
    public static LatencySnapshot snapshot(long nowNanos, RollingPercentile first, RollingPercentile second) {
        long[][] merged = new long[LatencyHistogram.CHUNKS][];
        first.addTo(merged, nowNanos);
        if (second != null) {
            second.addTo(merged, nowNanos);
        }
        long samples = 0;
        double sum = 0; // of the cells' representatives: within 1/128 of the samples' sum
        for (int c = 0; c < merged.length; c++) {
            long[] chunk = merged[c];
            if (chunk != null) {
                for (int s = 0; s < chunk.length; s++) {
                    samples += chunk[s];
                    sum += (double) chunk[s] * LatencyHistogram.representative(c, s);
                }
            }
        }
        if (samples == 0) {
            return LatencySnapshot.EMPTY;
        }
        long[] values = percentiles(merged, samples);
        long mean = Math.round(sum / samples);
        return new LatencySnapshot(samples, mean, values);
    }

    /** Adds the window's cells into {@code merged}. */
    private void addTo(long[][] merged, long nowNanos) {
        long current = ring.epochOf(nowNanos);
        for (int slot = 0; slot < ring.buckets(); slot++) {
            StripedHistogram bucket = ring.inWindow(slot, current);
            if (bucket != null) {
                bucket.addTo(merged);
            }
        }
    }

    /** Walks the merged cells once, ascending, reporting each percentile's cell when its rank is reached. */
    private static long[] percentiles(long[][] merged, long samples) {
        int wanted = LatencySnapshot.PERCENTILES.size();
        long[] values = new long[wanted];
        int next = 0;
        long seen = 0;
        for (int c = 0; c < merged.length && next < wanted; c++) {
            long[] chunk = merged[c];
            if (chunk == null) {
                continue;
            }
            for (int s = 0; s < chunk.length && next < wanted; s++) {
                seen += chunk[s];
                while (next < wanted && seen >= LatencySnapshot.rank(LatencySnapshot.PERCENTILES.get(next), samples)) {
                    values[next++] = LatencyHistogram.representative(c, s);
                }
            }
        }
        return values;
    }
}
