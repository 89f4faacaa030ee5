package com.netflix.hystrix;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;
import rx.Observable;
import rx.subscriptions.Subscriptions;

/* The lazy rx.Observable of a command or a collapser: its work starts on subscription and is cancelled on unsubscription. */
final class LazyObservable {

    private LazyObservable() {
    }

    /** An rx.Observable that starts {@code begin} when subscribed and cancels it when unsubscribed. */
    static <V, R> Observable<R> of(Supplier<CompletableFuture<V>> begin, Function<V, Iterable<R>> values) {
        return Observable.unsafeCreate(subscriber -> {
            CompletableFuture<V> future = begin.get();
            subscriber.add(Subscriptions.create(() -> future.cancel(true)));
            future.whenComplete((value, thrown) -> {
                if (subscriber.isUnsubscribed()) {
                    return;
                }
                if (thrown != null) {
                    subscriber.onError(CommandFailures.unwrap(thrown));
                    return;
                }
                for (R item : values.apply(value)) {
                    subscriber.onNext(item);
                }
                subscriber.onCompleted();
            });
        });
    }

}
