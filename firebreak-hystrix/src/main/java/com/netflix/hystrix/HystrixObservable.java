package com.netflix.hystrix;

import rx.Observable;

/** A command whose values are observed. */
public interface HystrixObservable<R> extends HystrixInvokable<R> {

    /** Starts the command now; the observable replays its values. */
    Observable<R> observe();

    /** A lazy observable: the command starts when it is subscribed to, and unsubscribing cancels it. */
    Observable<R> toObservable();
}
