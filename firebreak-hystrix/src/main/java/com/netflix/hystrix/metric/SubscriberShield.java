package com.netflix.hystrix.metric;

import rx.Observable;
import rx.Subscriber;

/*
 * Keeps one subscriber's failure to itself. The streams share one serialized subject among every
 * subscriber of every key; an exception thrown back out of a subscriber's onNext would end that
 * subject for all of them (RxJava's serializer stops after a failed emission) and reach the command
 * that wrote. Behind this operator, a subscriber whose onNext throws is logged and unsubscribed; the
 * others and the writer go on.
 */
final class SubscriberShield<T> implements Observable.Operator<T, T> {

    private static final System.Logger LOG = System.getLogger(SubscriberShield.class.getName());

    private final String stream;

    SubscriberShield(String stream) {
        this.stream = stream;
    }

    @Override
    public Subscriber<? super T> call(Subscriber<? super T> child) {
        return new Subscriber<T>(child) {
            @Override
            public void onNext(T value) {
                if (isUnsubscribed()) {
                    return;
                }
                try {
                    child.onNext(value);
                } catch (RuntimeException | LinkageError thrown) {
                    unsubscribe(); // shares the child's subscriptions: it leaves the subject
                    LOG.log(System.Logger.Level.WARNING, "A subscriber of " + stream + " threw and was unsubscribed", thrown);
                }
            }

            @Override
            public void onError(Throwable e) {
                child.onError(e);
            }

            @Override
            public void onCompleted() {
                child.onCompleted();
            }
        };
    }
}
