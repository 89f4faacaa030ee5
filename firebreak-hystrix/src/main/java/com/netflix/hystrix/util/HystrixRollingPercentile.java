package com.netflix.hystrix.util;

import com.netflix.hystrix.strategy.properties.HystrixProperty;
import dev.firebreak.time.Ticker;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Percentiles and the mean of values (latencies) over a rolling time window made of buckets. The
 * figures cover the window's completed buckets: they change when a new bucket starts, not with
 * every value. Each bucket keeps its last {@code bucketDataLength} values. While {@code enabled} is
 * false, values are dropped and every figure is -1. Safe for concurrent use.
 */
public class HystrixRollingPercentile {

    /** The clock a rolling percentile reads. */
    public interface Time {
        /** The current time in milliseconds. */
        long getCurrentTimeInMillis();
    }

    // Firebreak's clock seam (dev.firebreak.time), in milliseconds: the only differences that matter
    // are between two readings, so the arbitrary origin of a monotonic ticker is fine here.
    private static final Ticker TICKER = Ticker.system();
    private static final Time SYSTEM_TIME = () -> Math.floorDiv(TICKER.read(), 1_000_000L);

    private final Time time;
    private final int bucketDataLength;
    private final HystrixProperty<Boolean> enabled;
    final TimeBuckets<Bucket> buckets;
    // Replaced under the buckets' monitor each time a bucket starts: the completed buckets' values.
    private volatile PercentileSnapshot snapshot = new PercentileSnapshot();

    /** A window of {@code timeInMilliseconds} in {@code numberOfBuckets} buckets (sizes read once). */
    public HystrixRollingPercentile(HystrixProperty<Integer> timeInMilliseconds, HystrixProperty<Integer> numberOfBuckets,
            HystrixProperty<Integer> bucketDataLength, HystrixProperty<Boolean> enabled) {
        this(SYSTEM_TIME, timeInMilliseconds.get(), numberOfBuckets.get(), bucketDataLength.get(), enabled);
    }

    /** A window of {@code timeInMilliseconds} in {@code numberOfBuckets} buckets. */
    public HystrixRollingPercentile(int timeInMilliseconds, int numberOfBuckets, int bucketDataLength,
            HystrixProperty<Boolean> enabled) {
        this(SYSTEM_TIME, timeInMilliseconds, numberOfBuckets, bucketDataLength, enabled);
    }

    HystrixRollingPercentile(Time time, int timeInMilliseconds, int numberOfBuckets, int bucketDataLength,
            HystrixProperty<Boolean> enabled) {
        HystrixRollingNumber.checkWindow("HystrixRollingPercentile", timeInMilliseconds, numberOfBuckets);
        if (bucketDataLength <= 0) {
            throw new IllegalArgumentException("HystrixRollingPercentile: bucketDataLength=" + bucketDataLength
                    + " must be positive");
        }
        this.time = time;
        this.bucketDataLength = bucketDataLength;
        this.enabled = enabled;
        this.buckets = new TimeBuckets<>(numberOfBuckets, timeInMilliseconds / numberOfBuckets,
                start -> new Bucket(start, this.bucketDataLength), this::completed);
    }

    /** Records values now; nothing while disabled. */
    public void addValue(int... value) {
        if (!enabled.get()) {
            return;
        }
        Bucket bucket = buckets.current(time.getCurrentTimeInMillis());
        for (int v : value) {
            bucket.data.addValue(v);
        }
    }

    /** The {@code percentile} (0 to 100) of the completed buckets' values; 0 with none, -1 while disabled. */
    public int getPercentile(double percentile) {
        if (!enabled.get()) {
            return -1;
        }
        return current().getPercentile(percentile);
    }

    /** The mean of the completed buckets' values; 0 with none, -1 while disabled. */
    public int getMean() {
        if (!enabled.get()) {
            return -1;
        }
        return current().getMean();
    }

    /** Forgets every value. */
    public void reset() {
        buckets.clear();
    }

    private PercentileSnapshot current() {
        buckets.current(time.getCurrentTimeInMillis()); // starts a bucket, and a new snapshot, when due
        return snapshot;
    }

    // Called under the buckets' monitor with the new buckets: every one but the newest is complete.
    private void completed(List<Bucket> all) {
        int count = 0;
        for (int i = 0; i < all.size() - 1; i++) {
            count += all.get(i).data.length();
        }
        int[] values = new int[count];
        int at = 0;
        for (int i = 0; i < all.size() - 1; i++) {
            at = all.get(i).data.copyInto(values, at);
        }
        snapshot = new PercentileSnapshot(Arrays.copyOf(values, at));
    }

    /* One bucket of the window and its values. */
    static final class Bucket implements TimeBuckets.Bucket {
        final long windowStart;
        final PercentileBucketData data;

        Bucket(long windowStart, int dataLength) {
            this.windowStart = windowStart;
            this.data = new PercentileBucketData(dataLength);
        }

        @Override
        public long windowStart() {
            return windowStart;
        }
    }

    /* A bucket's values: the last `capacity` added (a ring); writers claim a slot with one increment. */
    static final class PercentileBucketData {
        private final int capacity;
        private final AtomicIntegerArray values;
        private final AtomicInteger added = new AtomicInteger();

        PercentileBucketData(int capacity) {
            this.capacity = capacity;
            this.values = new AtomicIntegerArray(capacity);
        }

        void addValue(int value) {
            int slot = added.getAndIncrement();
            values.set(Math.floorMod(slot, capacity), value);
        }

        /** How many values the bucket holds (at most its capacity). */
        int length() {
            int n = added.get();
            return n < 0 || n > capacity ? capacity : n;
        }

        int copyInto(int[] into, int at) {
            int n = Math.min(length(), into.length - at);
            for (int i = 0; i < n; i++) {
                into[at++] = values.get(i);
            }
            return at;
        }
    }

    /**
     * Fixed values, sorted once, and their percentiles (interpolated between the two nearest ranks)
     * and mean.
     */
    public static class PercentileSnapshot {
        private final int[] sorted;
        private final int mean;

        /** A snapshot of {@code data}. */
        public PercentileSnapshot(int... data) {
            this.sorted = data.clone();
            Arrays.sort(sorted);
            long sum = 0;
            for (int v : sorted) {
                sum += v;
            }
            this.mean = sorted.length == 0 ? 0 : (int) (sum / sorted.length);
        }

        /** The mean, rounded down; 0 for no values. */
        public int getMean() {
            return mean;
        }

        /**
         * The {@code percent} percentile: below 0 the smallest value, from 100 the largest, 0 for no
         * values; between two ranks, linear, rounded down.
         */
        public int getPercentile(double percent) {
            int n = sorted.length;
            if (n == 0) {
                return 0;
            }
            if (percent <= 0) {
                return sorted[0];
            }
            if (percent >= 100) {
                return sorted[n - 1];
            }
            double rank = percent / 100 * n;
            int low = (int) Math.floor(rank);
            int high = (int) Math.ceil(rank);
            if (high >= n) {
                return sorted[n - 1];
            }
            if (low == high) {
                return sorted[low];
            }
            return (int) (sorted[low] + (rank - low) * (sorted[high] - sorted[low]));
        }
    }
}
