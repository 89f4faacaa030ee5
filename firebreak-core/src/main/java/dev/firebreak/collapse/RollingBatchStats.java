package dev.firebreak.collapse;

import dev.firebreak.time.Ticker;
import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A collapser's rolling figures: counters over {@code metrics.rollingStats} and batch-size samples over
 * {@code metrics.rollingPercentile}, each a ring of time buckets. A percentile bucket keeps at most
 * {@code metrics.rollingPercentile.bucketSize} samples, overwriting its oldest ones beyond that (Hystrix's
 * meaning of the property). Percentiles are exact over the samples kept (nearest rank).
 *
 * <p>Small and self-contained on purpose: written once per batch (and once per cache hit) under one
 * lock; read by snapshots. Bucket numbers count whole bucket lengths since creation, so readings near
 * {@code Long.MAX_VALUE} or below zero never compare badly. The geometry is fixed at creation.
 */
final class RollingBatchStats {

    static final int BATCHES = 0;
    static final int REQUESTS_BATCHED = 1;
    static final int SHARDS = 2;
    static final int RESPONSES_FROM_CACHE = 3;
    static final int FIELDS = 4;

    private final Ticker ticker;
    private final long origin;
    private final long countBucketNanos;
    private final long[] countBucketNumber;
    private final long[][] counts;
    private final long sampleBucketNanos;
    private final long[] sampleBucketNumber;
    private final int[][] samples;
    private final int[] sampleWrites;
    private final ReentrantLock lock = new ReentrantLock();

    RollingBatchStats(CollapserConfig config, Ticker ticker) {
        this.ticker = ticker;
        this.origin = ticker.read();
        int countBuckets = config.metricsRollingStatsNumBuckets();
        this.countBucketNanos = config.rollingStatsWindow().toNanos() / countBuckets;
        this.countBucketNumber = new long[countBuckets];
        this.counts = new long[countBuckets][FIELDS];
        int sampleBuckets = config.metricsRollingPercentileNumBuckets();
        this.sampleBucketNanos = config.rollingPercentileWindow().toNanos() / sampleBuckets;
        this.sampleBucketNumber = new long[sampleBuckets];
        this.samples = new int[sampleBuckets][config.metricsRollingPercentileBucketSize()];
        this.sampleWrites = new int[sampleBuckets];
        Arrays.fill(countBucketNumber, -1);
        Arrays.fill(sampleBucketNumber, -1);
    }

    /** Adds {@code amount} to counter {@code field}. */
    void add(int field, long amount) {
        long number = (ticker.read() - origin) / countBucketNanos;
        lock.lock();
        try {
            int slot = (int) (number % counts.length);
            if (countBucketNumber[slot] != number) {
                countBucketNumber[slot] = number;
                Arrays.fill(counts[slot], 0L);
            }
            counts[slot][field] += amount;
        } finally {
            lock.unlock();
        }
    }

    /** Records one batch size sample. */
    void sample(int size) {
        long number = (ticker.read() - origin) / sampleBucketNanos;
        lock.lock();
        try {
            int slot = (int) (number % samples.length);
            if (sampleBucketNumber[slot] != number) {
                sampleBucketNumber[slot] = number;
                sampleWrites[slot] = 0;
            }
            int[] bucket = samples[slot];
            bucket[sampleWrites[slot]++ % bucket.length] = size;
            if (sampleWrites[slot] == 2 * bucket.length) {
                sampleWrites[slot] = bucket.length; // keep "full" without overflowing the counter
            }
        } finally {
            lock.unlock();
        }
    }

    /** The sum of counter {@code field} over the buckets of the rolling window. */
    long rolling(int field) {
        long current = (ticker.read() - origin) / countBucketNanos;
        lock.lock();
        try {
            long sum = 0;
            for (int slot = 0; slot < counts.length; slot++) {
                long number = countBucketNumber[slot];
                if (number >= 0 && current - number < counts.length) {
                    sum += counts[slot][field];
                }
            }
            return sum;
        } finally {
            lock.unlock();
        }
    }

    /** The batch-size samples of the rolling percentile window, sorted. */
    int[] sortedSamples() {
        long current = (ticker.read() - origin) / sampleBucketNanos;
        lock.lock();
        int[] all;
        try {
            int total = 0;
            for (int slot = 0; slot < samples.length; slot++) {
                if (live(slot, current)) {
                    total += Math.min(sampleWrites[slot], samples[slot].length);
                }
            }
            all = new int[total];
            int at = 0;
            for (int slot = 0; slot < samples.length; slot++) {
                if (live(slot, current)) {
                    int n = Math.min(sampleWrites[slot], samples[slot].length);
                    System.arraycopy(samples[slot], 0, all, at, n);
                    at += n;
                }
            }
        } finally {
            lock.unlock();
        }
        Arrays.sort(all);
        return all;
    }

    private boolean live(int slot, long current) {
        long number = sampleBucketNumber[slot];
        return number >= 0 && current - number < samples.length;
    }

    /** The nearest-rank percentile {@code p} (0 to 100) of sorted samples; 0 when there are none. */
    static int percentile(int[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
