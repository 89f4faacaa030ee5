package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.metric.CachedValuesHistogram;
import java.util.ArrayDeque;
import org.HdrHistogram.Histogram;
import rx.Observable;
import rx.Scheduler;
import rx.functions.Func2;
import rx.schedulers.Schedulers;

/**
 * A rolling distribution of values taken from a stream of events (latencies, batch sizes): every
 * {@code bucketSizeInMs} the open bucket closes and the stream emits the distribution of the last
 * {@code numBuckets} closed buckets as a {@link CachedValuesHistogram}. A bucket is only read once it
 * has closed. On subscription the stream emits an empty distribution at once. All subscribers share
 * one run: its recording starts with the first subscriber and stops after the last one leaves.
 *
 * @param <Event> the events the values come from
 */
public class RollingDistributionStream<Event> {

    private final Observable<CachedValuesHistogram> stream;
    private final LatestValue<CachedValuesHistogram> latest;

    /**
     * @param events the events, hot
     * @param numBuckets the buckets in the window
     * @param bucketSizeInMs how long each bucket stays open
     * @param addValuesToBucket records an event's values (if any) into the open bucket's histogram and returns it
     * @throws IllegalArgumentException if {@code numBuckets} or {@code bucketSizeInMs} is not positive
     */
    protected RollingDistributionStream(Observable<Event> events, int numBuckets, int bucketSizeInMs,
            Func2<Histogram, Event, Histogram> addValuesToBucket) {
        this(events, numBuckets, bucketSizeInMs, addValuesToBucket, Schedulers.computation());
    }

    /* `ticks` paces the buckets: RxJava's computation scheduler, or a test's TestScheduler. */
    RollingDistributionStream(Observable<Event> events, int numBuckets, int bucketSizeInMs,
            Func2<Histogram, Event, Histogram> addValuesToBucket, Scheduler ticks) {
        BucketRun.requirePositive(getClass().getSimpleName(), numBuckets, bucketSizeInMs);
        CachedValuesHistogram empty = CachedValuesHistogram.backedBy(CachedValuesHistogram.getNewHistogram());
        this.stream = BucketRun.of(events, () -> new Buckets<>(numBuckets, addValuesToBucket), empty, bucketSizeInMs, ticks)
                .share().onBackpressureDrop();
        this.latest = new LatestValue<>(stream, empty);
    }

    /** The distributions, one per bucket, shared by every subscriber. */
    public Observable<CachedValuesHistogram> observe() {
        return stream;
    }

    /** The latest distribution (empty before the first bucket closed); starts caching if needed. */
    public CachedValuesHistogram getLatest() {
        return latest.get();
    }

    /** The latest distribution's mean. */
    public int getLatestMean() {
        return getLatest().getMean();
    }

    /** The latest distribution's value at {@code percentile} (one of those {@link CachedValuesHistogram} keeps). */
    public int getLatestPercentile(double percentile) {
        return getLatest().getValueAtPercentile(percentile);
    }

    /** Keeps the latest distribution for {@link #getLatest()}, unless it already does. */
    public void startCachingStreamValuesIfUnstarted() {
        latest.startIfUnstarted();
    }

    /** Stops caching: the stream stops recording once nobody else observes it. */
    public void unsubscribe() {
        latest.stop();
    }

    /* The histograms of one run. Invariant: add() and close() hold the monitor, so an event lands in exactly one bucket. */
    private static final class Buckets<E> implements BucketRun.Buckets<E, CachedValuesHistogram> {
        private final int numBuckets;
        private final Func2<Histogram, E, Histogram> addValues;
        private final ArrayDeque<Histogram> closed = new ArrayDeque<>();
        private Histogram open = CachedValuesHistogram.getNewHistogram();

        Buckets(int numBuckets, Func2<Histogram, E, Histogram> addValues) {
            this.numBuckets = numBuckets;
            this.addValues = addValues;
        }

        @Override
        public synchronized void add(E event) {
            open = addValues.call(open, event);
        }

        @Override
        public synchronized CachedValuesHistogram close() {
            closed.addLast(open);
            open = CachedValuesHistogram.getNewHistogram();
            if (closed.size() > numBuckets) {
                closed.removeFirst();
            }
            Histogram window = CachedValuesHistogram.getNewHistogram();
            closed.forEach(window::add);
            return CachedValuesHistogram.backedBy(window);
        }
    }
}
