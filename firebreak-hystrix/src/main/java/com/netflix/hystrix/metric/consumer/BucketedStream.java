package com.netflix.hystrix.metric.consumer;

import com.netflix.hystrix.metric.HystrixCommandCompletion;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Function;
import rx.Observable;
import rx.Scheduler;
import rx.Subscription;
import rx.schedulers.Schedulers;
import rx.subjects.BehaviorSubject;

/*
 * The engine of the bucketed streams: completions are counted into the open bucket (a long[] of
 * `width` counts); every bucketSizeInMs the bucket closes and the stream emits the sum of the last
 * numBuckets closed buckets (rolling) or of every closed bucket (cumulative), mapped to the output.
 * On subscription the stream emits the empty output at once, as if numBuckets empty buckets had
 * closed. All subscribers share one run: its counting starts with the first subscriber and stops
 * after the last one leaves; a later subscriber starts a new, empty run.
 *
 * Invariants: a Window belongs to one run; add() and close() hold its monitor, so a completion lands
 * in exactly one bucket, and `closed` never holds more than numBuckets buckets.
 */
abstract class BucketedStream<O> {

    private final Observable<O> source;
    private final BehaviorSubject<O> latest;
    private final AtomicReference<Subscription> caching = new AtomicReference<>();
    private final AtomicBoolean running = new AtomicBoolean();

    BucketedStream(Observable<HystrixCommandCompletion> input, String name, int numBuckets, int bucketSizeInMs,
            boolean cumulative, int width, BiConsumer<long[], HystrixCommandCompletion> count, Function<long[], O> output) {
        this(input, name, numBuckets, bucketSizeInMs, cumulative, width, count, output, Schedulers.computation());
    }

    /* `ticks` paces the buckets: RxJava's computation scheduler, or a test's TestScheduler. */
    BucketedStream(Observable<HystrixCommandCompletion> input, String name, int numBuckets, int bucketSizeInMs,
            boolean cumulative, int width, BiConsumer<long[], HystrixCommandCompletion> count, Function<long[], O> output,
            Scheduler ticks) {
        if (numBuckets <= 0 || bucketSizeInMs <= 0) {
            throw new IllegalArgumentException(getClass().getSimpleName() + " of " + name + ": numBuckets=" + numBuckets
                    + " and bucketSizeInMs=" + bucketSizeInMs + " must both be positive");
        }
        O empty = output.apply(new long[width]);
        this.latest = BehaviorSubject.create(empty);
        this.source = Observable.defer(() -> {
            Window window = new Window(numBuckets, width, cumulative, count);
            Subscription counting = input.subscribe(window::add);
            return Observable.interval(bucketSizeInMs, bucketSizeInMs, TimeUnit.MILLISECONDS, ticks)
                    .onBackpressureDrop()
                    .map(tick -> output.apply(window.close()))
                    .startWith(empty)
                    .doOnUnsubscribe(counting::unsubscribe);
        }).doOnSubscribe(() -> running.set(true))
                .doOnUnsubscribe(() -> running.set(false))
                .share().onBackpressureDrop();
    }

    /** The outputs, one per bucket, shared by every subscriber. */
    public Observable<O> observe() {
        return source;
    }

    /** Keeps the last output for {@link #getLatest()}, unless it already does. */
    public void startCachingStreamValuesIfUnstarted() {
        if (caching.get() == null) {
            Subscription candidate = source.subscribe(latest::onNext, error -> { }, () -> { });
            if (!caching.compareAndSet(null, candidate)) {
                candidate.unsubscribe(); // another thread started caching first
            }
        }
    }

    /** The last output (the empty output before the first bucket closed); starts caching if needed. */
    public O getLatest() {
        startCachingStreamValuesIfUnstarted();
        return latest.getValue();
    }

    /** Stops caching: the stream stops counting once nobody else observes it. */
    public void unsubscribe() {
        Subscription s = caching.getAndSet(null);
        if (s != null) {
            s.unsubscribe();
        }
    }

    /** Whether the shared run is going: some subscriber (or the cache) observes the stream. */
    boolean isSourceCurrentlySubscribed() {
        return running.get();
    }

    /* The buckets of one run. */
    private static final class Window {
        private final int numBuckets;
        private final int width;
        private final boolean cumulative;
        private final BiConsumer<long[], HystrixCommandCompletion> count;
        private final ArrayDeque<long[]> closed = new ArrayDeque<>();
        private final long[] total;
        private long[] open;

        Window(int numBuckets, int width, boolean cumulative, BiConsumer<long[], HystrixCommandCompletion> count) {
            this.numBuckets = numBuckets;
            this.width = width;
            this.cumulative = cumulative;
            this.count = count;
            this.total = new long[width];
            this.open = new long[width];
        }

        synchronized void add(HystrixCommandCompletion completion) {
            count.accept(open, completion);
        }

        /** Closes the open bucket; the sum of the window (or of all buckets so far) after it. */
        synchronized long[] close() {
            long[] bucket = open;
            open = new long[width];
            if (cumulative) {
                for (int i = 0; i < width; i++) {
                    total[i] += bucket[i];
                }
                return total.clone();
            }
            closed.addLast(bucket);
            if (closed.size() > numBuckets) {
                closed.removeFirst();
            }
            long[] sum = new long[width];
            for (long[] b : closed) {
                for (int i = 0; i < width; i++) {
                    sum[i] += b[i];
                }
            }
            return sum;
        }
    }
}
