package com.netflix.hystrix.metric.consumer;

import java.util.concurrent.atomic.AtomicReference;
import rx.Observable;
import rx.Subscription;
import rx.subjects.BehaviorSubject;

/*
 * A stream's cached last output, for its getLatest(): one subscription to the stream, started by the
 * first caller that asks (startCachingStreamValuesIfUnstarted), stopped by unsubscribe(). Until the
 * stream emits, the value given at creation (the stream's empty output).
 *
 * Invariant: at most one caching subscription is kept; a caller that loses the race to start one
 * unsubscribes its own at once.
 */
final class LatestValue<O> {

    private final Observable<O> source;
    private final BehaviorSubject<O> latest;
    private final AtomicReference<Subscription> caching = new AtomicReference<>();

    LatestValue(Observable<O> source, O empty) {
        this.source = source;
        this.latest = BehaviorSubject.create(empty);
    }

    void startIfUnstarted() {
        if (caching.get() == null) {
            Subscription candidate = source.subscribe(latest::onNext, error -> { }, () -> { });
            if (!caching.compareAndSet(null, candidate)) {
                candidate.unsubscribe(); // another thread started caching first
            }
        }
    }

    O get() {
        startIfUnstarted();
        return latest.getValue();
    }

    void stop() {
        Subscription s = caching.getAndSet(null);
        if (s != null) {
            s.unsubscribe();
        }
    }
}
