package com.netflix.hystrix.metric.consumer;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.LongBinaryOperator;
import rx.Observable;
import rx.Scheduler;
import rx.schedulers.Schedulers;

/*
 * The engine of the bucketed streams: events are counted into the open bucket (a long[] of
 * `width` counts); every bucketSizeInMs the bucket closes and the stream emits the last numBuckets
 * closed buckets (rolling) or every closed bucket (cumulative), merged (summed, or their maximum)
 * and mapped to the output.
 * On subscription the stream emits the empty output at once, as if numBuckets empty buckets had
 * closed. All subscribers share one run: its counting starts with the first subscriber and stops
 * after the last one leaves; a later subscriber starts a new, empty run.
 *
 * Invariants: a Window belongs to one run; add() and close() hold its monitor, so a completion lands
 * in exactly one bucket, and `closed` never holds more than numBuckets buckets.
 */
abstract class BucketedStream<E, O> {

    /*
     * How a stream counts: `width` counts per bucket; `count` adds an event to the open bucket;
     * `merge` combines buckets (a sum, or a max); `cumulative` merges every closed bucket, else the
     * last numBuckets.
     */
    record Counting<E>(int width, boolean cumulative, LongBinaryOperator merge, BiConsumer<long[], E> count) {
    }

    private final Observable<O> source;
    private final LatestValue<O> latest;
    private final AtomicBoolean running = new AtomicBoolean();

    BucketedStream(Observable<E> input, String name, int numBuckets, int bucketSizeInMs, Counting<E> counting,
            Function<long[], O> output) {
        this(input, name, numBuckets, bucketSizeInMs, counting, output, Schedulers.computation());
    }

    /* `ticks` paces the buckets: RxJava's computation scheduler, or a test's TestScheduler. */
    BucketedStream(Observable<E> input, String name, int numBuckets, int bucketSizeInMs, Counting<E> counting,
            Function<long[], O> output, Scheduler ticks) {
        BucketRun.requirePositive(getClass().getSimpleName() + " of " + name, numBuckets, bucketSizeInMs);
        this.source = BucketRun.of(input, () -> new Window<>(numBuckets, counting), new long[counting.width()], bucketSizeInMs, ticks)
                .map(output::apply)
                .doOnSubscribe(() -> running.set(true))
                .doOnUnsubscribe(() -> running.set(false))
                .share().onBackpressureDrop();
        this.latest = new LatestValue<>(source, output.apply(new long[counting.width()]));
    }

    /** The outputs, one per bucket, shared by every subscriber. */
    public Observable<O> observe() {
        return source;
    }

    /** Keeps the last output for {@link #getLatest()}, unless it already does. */
    public void startCachingStreamValuesIfUnstarted() {
        latest.startIfUnstarted();
    }

    /** The last output (the empty output before the first bucket closed); starts caching if needed. */
    public O getLatest() {
        return latest.get();
    }

    /** Stops caching: the stream stops counting once nobody else observes it. */
    public void unsubscribe() {
        latest.stop();
    }

    /** Whether the shared run is going: some subscriber (or the cache) observes the stream. */
    boolean isSourceCurrentlySubscribed() {
        return running.get();
    }

    /* The buckets of one run. */
    private static final class Window<E> implements BucketRun.Buckets<E, long[]> {
        private final int numBuckets;
        private final Counting<E> counting;
        private final ArrayDeque<long[]> closed = new ArrayDeque<>();
        private final long[] total;
        private long[] open;

        Window(int numBuckets, Counting<E> counting) {
            this.numBuckets = numBuckets;
            this.counting = counting;
            this.total = new long[counting.width()];
            this.open = new long[counting.width()];
        }

        @Override
        public synchronized void add(E event) {
            counting.count().accept(open, event);
        }

        /** Closes the open bucket; the window (or every bucket so far) merged after it. */
        @Override
        public synchronized long[] close() {
            long[] bucket = open;
            open = new long[counting.width()];
            if (counting.cumulative()) {
                mergeInto(total, bucket);
                return total.clone();
            }
            closed.addLast(bucket);
            if (closed.size() > numBuckets) {
                closed.removeFirst();
            }
            long[] merged = new long[counting.width()];
            for (long[] b : closed) {
                mergeInto(merged, b);
            }
            return merged;
        }

        private void mergeInto(long[] into, long[] bucket) {
            for (int i = 0; i < into.length; i++) {
                into[i] = counting.merge().applyAsLong(into[i], bucket[i]);
            }
        }
    }
}
