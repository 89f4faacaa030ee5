package com.netflix.hystrix;

import rx.Observable;
import rx.Subscription;
import rx.observables.ConnectableObservable;

/**
 * An Observable subscribed once and replayed to every later subscriber: what hystrix-core 1.5.18's
 * request cache holds. The bridge's commands share their outcome through Firebreak's request cache
 * instead; this class is here for code that puts its own entries with
 * {@code HystrixRequestCache.putIfAbsent}.
 *
 * @param <R> the type of the values
 */
public class HystrixCachedObservable<R> {

    /** The subscription to the original Observable, made when this instance is made. */
    protected final Subscription originalSubscription;
    /** The original's notifications, replayed to each subscriber. */
    protected final Observable<R> cachedObservable;

    /** Subscribes to {@code originalObservable} now and keeps its notifications for every subscriber. */
    protected HystrixCachedObservable(Observable<R> originalObservable) {
        ConnectableObservable<R> replayed = originalObservable.replay();
        this.cachedObservable = replayed;
        this.originalSubscription = replayed.connect();
    }

    /**
     * Caches {@code o}. hystrix-core 1.5.18 also copied {@code originalCommand}'s execution result into
     * the entry; the bridge's cache hits take theirs from the command that ran, so the command is not needed.
     */
    public static <R> HystrixCachedObservable<R> from(Observable<R> o, AbstractCommand<R> originalCommand) {
        return new HystrixCachedObservable<>(o);
    }

    /** Caches {@code o}: subscribes to it now and replays it to every subscriber. */
    public static <R> HystrixCachedObservable<R> from(Observable<R> o) {
        return new HystrixCachedObservable<>(o);
    }

    /** The cached notifications, replayed from the first. */
    public Observable<R> toObservable() {
        return cachedObservable;
    }

    /** Stops listening to the original Observable; subscribers see what arrived before. */
    public void unsubscribe() {
        originalSubscription.unsubscribe();
    }
}
