package com.netflix.hystrix.util;

import com.netflix.hystrix.strategy.properties.HystrixProperty;
import dev.firebreak.time.Ticker;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts events over a rolling time window made of buckets: {@link #getRollingSum} sums the window,
 * {@link #getCumulativeSum} everything since the counter was made, {@link #getRollingMaxValue} the
 * highest value a max-updater event reported in the window. Safe for concurrent use.
 */
public class HystrixRollingNumber {

    /** The clock a rolling number reads. */
    public interface Time {
        /** The current time in milliseconds. */
        long getCurrentTimeInMillis();
    }

    // Firebreak's clock seam (dev.firebreak.time), in milliseconds: the only differences that matter
    // are between two readings, so the arbitrary origin of a monotonic ticker is fine here.
    private static final Ticker TICKER = Ticker.system();
    private static final Time SYSTEM_TIME = () -> Math.floorDiv(TICKER.read(), 1_000_000L);
    private static final int EVENTS = HystrixRollingNumberEvent.values().length;

    private final Time time;
    final int timeInMilliseconds;
    final int numberOfBuckets;
    final int bucketSizeInMillseconds;
    final TimeBuckets<Bucket> buckets;
    // Everything ever counted, untouched by reset() and by buckets leaving the window.
    private final LongAdder[] cumulative = new LongAdder[EVENTS];
    private final MaxValue[] cumulativeMax = new MaxValue[EVENTS];

    /** A window of {@code timeInMilliseconds}, in {@code numberOfBuckets} buckets (values read once). */
    public HystrixRollingNumber(HystrixProperty<Integer> timeInMilliseconds, HystrixProperty<Integer> numberOfBuckets) {
        this(SYSTEM_TIME, timeInMilliseconds.get(), numberOfBuckets.get());
    }

    /** A window of {@code timeInMilliseconds}, in {@code numberOfBuckets} buckets. */
    public HystrixRollingNumber(int timeInMilliseconds, int numberOfBuckets) {
        this(SYSTEM_TIME, timeInMilliseconds, numberOfBuckets);
    }

    HystrixRollingNumber(Time time, int timeInMilliseconds, int numberOfBuckets) {
        checkWindow("HystrixRollingNumber", timeInMilliseconds, numberOfBuckets);
        this.time = time;
        this.timeInMilliseconds = timeInMilliseconds;
        this.numberOfBuckets = numberOfBuckets;
        this.bucketSizeInMillseconds = timeInMilliseconds / numberOfBuckets;
        this.buckets = new TimeBuckets<>(numberOfBuckets, bucketSizeInMillseconds, Bucket::new, null);
        for (HystrixRollingNumberEvent e : HystrixRollingNumberEvent.values()) {
            if (e.isCounter()) {
                cumulative[e.ordinal()] = new LongAdder();
            } else {
                cumulativeMax[e.ordinal()] = new MaxValue();
            }
        }
    }

    static void checkWindow(String what, int timeInMilliseconds, int numberOfBuckets) {
        if (timeInMilliseconds <= 0 || numberOfBuckets <= 0 || timeInMilliseconds % numberOfBuckets != 0) {
            throw new IllegalArgumentException(what + ": timeInMilliseconds=" + timeInMilliseconds
                    + " and numberOfBuckets=" + numberOfBuckets
                    + " must both be positive, and the time must divide evenly into the buckets");
        }
    }

    /** Counts one {@code type} event now. */
    public void increment(HystrixRollingNumberEvent type) {
        add(type, 1);
    }

    /** Counts {@code value} {@code type} events now. */
    public void add(HystrixRollingNumberEvent type, long value) {
        requireCounter(type, "add");
        getCurrentBucket().adders[type.ordinal()].add(value);
        cumulative[type.ordinal()].add(value);
    }

    /** Reports {@code value} for a max-updater event: the bucket of now keeps the highest. */
    public void updateRollingMax(HystrixRollingNumberEvent type, long value) {
        if (!type.isMaxUpdater()) {
            throw new IllegalArgumentException("HystrixRollingNumber.updateRollingMax: " + type
                    + " is a counter, not a max updater: use increment or add");
        }
        getCurrentBucket().maxes[type.ordinal()].update(value);
        cumulativeMax[type.ordinal()].update(value);
    }

    /** Empties the window; the cumulative sums keep what was counted. */
    public void reset() {
        buckets.clear();
    }

    /** Everything counted since this counter was made (for a max updater: the highest value ever). */
    public long getCumulativeSum(HystrixRollingNumberEvent type) {
        return type.isCounter() ? cumulative[type.ordinal()].sum() : cumulativeMax[type.ordinal()].max();
    }

    /** The sum over the window's buckets. */
    public long getRollingSum(HystrixRollingNumberEvent type) {
        long sum = 0;
        for (long v : getValues(type)) {
            sum += v;
        }
        return sum;
    }

    /** The value of the bucket of now. */
    public long getValueOfLatestBucket(HystrixRollingNumberEvent type) {
        return getCurrentBucket().get(type);
    }

    /** The value of each bucket of the window, oldest first. */
    public long[] getValues(HystrixRollingNumberEvent type) {
        getCurrentBucket();
        List<Bucket> all = buckets.all();
        long[] values = new long[all.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = all.get(i).get(type);
        }
        return values;
    }

    /** The highest bucket value in the window (0 when empty). */
    public long getRollingMaxValue(HystrixRollingNumberEvent type) {
        long max = 0;
        for (long v : getValues(type)) {
            max = Math.max(max, v);
        }
        return max;
    }

    Bucket getCurrentBucket() {
        return buckets.current(time.getCurrentTimeInMillis());
    }

    private static void requireCounter(HystrixRollingNumberEvent type, String method) {
        if (!type.isCounter()) {
            throw new IllegalArgumentException("HystrixRollingNumber." + method + ": " + type
                    + " is a max updater, not a counter: use updateRollingMax");
        }
    }

    /* One bucket: a sum per counter event, a maximum per max-updater event (the other slots are null). */
    static final class Bucket implements TimeBuckets.Bucket {
        final long windowStart;
        final LongAdder[] adders = new LongAdder[EVENTS];
        final MaxValue[] maxes = new MaxValue[EVENTS];

        Bucket(long windowStart) {
            this.windowStart = windowStart;
            for (HystrixRollingNumberEvent e : HystrixRollingNumberEvent.values()) {
                if (e.isCounter()) {
                    adders[e.ordinal()] = new LongAdder();
                } else {
                    maxes[e.ordinal()] = new MaxValue();
                }
            }
        }

        @Override
        public long windowStart() {
            return windowStart;
        }

        long get(HystrixRollingNumberEvent type) {
            return type.isCounter() ? adders[type.ordinal()].sum() : maxes[type.ordinal()].max();
        }

        LongAdder getAdder(HystrixRollingNumberEvent type) {
            requireCounter(type, "getAdder");
            return adders[type.ordinal()];
        }

        MaxValue getMaxUpdater(HystrixRollingNumberEvent type) {
            if (!type.isMaxUpdater()) {
                throw new IllegalArgumentException("HystrixRollingNumber.getMaxUpdater: " + type + " is a counter");
            }
            return maxes[type.ordinal()];
        }
    }

    /* The highest value reported; 0 before any (the max-updater events report counts of threads). */
    static final class MaxValue {
        private final AtomicLong value = new AtomicLong();

        void update(long v) {
            value.accumulateAndGet(v, Math::max);
        }

        long max() {
            return value.get();
        }
    }
}
