package com.netflix.hystrix.metric.consumer;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import rx.Observable;
import rx.Scheduler;
import rx.Subscription;

/*
 * One run of a bucketed stream, for the counters (BucketedStream) and the distributions
 * (RollingDistributionStream) alike: when the run starts, `open` makes its buckets, which then take
 * every input event; every bucketSizeInMs on `ticks` the open bucket closes and the run emits what the
 * buckets give. The run emits `empty` first, and stops taking input when it is unsubscribed.
 */
final class BucketRun {

    /* A run's buckets: add() and close() may be called from different threads. */
    interface Buckets<E, O> {
        void add(E event);

        /* Closes the open bucket; the output over the buckets kept. */
        O close();
    }

    private BucketRun() {
    }

    static void requirePositive(String stream, int numBuckets, int bucketSizeInMs) {
        if (numBuckets <= 0 || bucketSizeInMs <= 0) {
            throw new IllegalArgumentException(stream + ": numBuckets=" + numBuckets + " and bucketSizeInMs=" + bucketSizeInMs
                    + " must both be positive");
        }
    }

    /* A cold Observable: each subscription is a run of its own (the streams share one with share()). */
    static <E, O> Observable<O> of(Observable<E> input, Supplier<? extends Buckets<E, O>> open, O empty, int bucketSizeInMs,
            Scheduler ticks) {
        return Observable.defer(() -> {
            Buckets<E, O> buckets = open.get();
            Subscription feed = input.subscribe(buckets::add);
            return Observable.interval(bucketSizeInMs, bucketSizeInMs, TimeUnit.MILLISECONDS, ticks)
                    .onBackpressureDrop()
                    .map(tick -> buckets.close())
                    .startWith(empty)
                    .doOnUnsubscribe(feed::unsubscribe);
        });
    }
}
