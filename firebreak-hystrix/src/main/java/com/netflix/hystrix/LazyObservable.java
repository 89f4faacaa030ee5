package com.netflix.hystrix;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;
import rx.Observable;
import rx.Subscriber;
import rx.subscriptions.Subscriptions;

/* The lazy rx.Observable of a command or a collapser: its work starts on subscription and is cancelled on unsubscription. */
final class LazyObservable {

    private LazyObservable() {
    }

    /** An rx.Observable that starts {@code begin} when subscribed and cancels it when unsubscribed. */
    static <V, R> Observable<R> of(Supplier<CompletableFuture<V>> begin, Function<V, Iterable<R>> values) {
        return of(begin, values, () -> { });
    }

    /**
     * As {@link #of(Supplier, Function)}; {@code hooked} runs once the future's end is hooked to the
     * subscriber (or {@code begin} threw), so that work waiting for it may end and be heard where it ends.
     */
    static <V, R> Observable<R> of(Supplier<CompletableFuture<V>> begin, Function<V, Iterable<R>> values, Runnable hooked) {
        return Observable.unsafeCreate(subscriber -> {
            try {
                deliver(begin.get(), values, subscriber);
            } finally {
                hooked.run();
            }
        });
    }

    private static <V, R> void deliver(CompletableFuture<V> future, Function<V, Iterable<R>> values, Subscriber<? super R> subscriber) {
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
    }
}
