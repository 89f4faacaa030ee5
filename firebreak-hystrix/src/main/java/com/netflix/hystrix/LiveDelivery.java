package com.netflix.hystrix;

import dev.firebreak.context.RequestContext;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import rx.Subscriber;

/*
 * Where an observable command's notifications reach its subscriber, as 1.5.18 delivers them: each value
 * on the thread where the user's Observable (construct() or resumeWithFallback()) emitted it, as it
 * comes, and in the subscriber's request context; the end (onCompleted or onError) on the thread where
 * the user's Observable ended, when that is another thread than the one that subscribed to it and no
 * more of the user's code is to run before the end (that thread waits for the command to settle, which
 * another thread does, and then delivers it), else on the thread that settled the command. A cache hit,
 * which runs nothing, gets the shared values at its end.
 *
 * The end is delivered once: end() and awaitEnd() meet through one compare-and-set; the thread that
 * settles never waits, and a thread waits only after it has handed on the user's outcome, so the
 * settlement never needs it.
 */
final class LiveDelivery<R> {

    private static final int OPEN = 0;
    private static final int WAITER = 1;
    private static final int DELIVERED = 2;

    private final Subscriber<? super R> subscriber;
    private final RequestContext context = RequestContext.currentOrNull();
    private final AtomicInteger end = new AtomicInteger(OPEN);
    private final CompletableFuture<Runnable> handedEnd = new CompletableFuture<>();
    /** This instance's own run or fallback delivers its values as they come (it is not a cache hit). */
    private volatile boolean live;
    /** The fallback started, or the end came: later values of the run are dropped. */
    private volatile boolean runOver;
    private volatile boolean ended;

    LiveDelivery(Subscriber<? super R> subscriber) {
        this.subscriber = subscriber;
    }

    /** The instance's own run starts: its values go to the subscriber as they come. */
    void runStarts() {
        live = true;
    }

    /** The fallback starts: its values go to the subscriber as they come, and what the run emits from now on is dropped. */
    void fallbackStarts() {
        live = true;
        runOver = true;
    }

    /** Whether a value of the run would still be delivered. */
    boolean runOpen() {
        return !runOver && !ended;
    }

    /** One value, delivered now on this thread. */
    void value(R value) {
        if (!ended && !subscriber.isUnsubscribed()) {
            inContext(() -> subscriber.onNext(value));
        }
    }

    /**
     * Called on the thread where the user's Observable ended, before it hands the outcome on: true if
     * this thread will wait for the end and deliver it ({@link #awaitEnd()}), which it does only when it
     * is not {@code subscribing} (that thread carries on to settle the command) and no other thread waits.
     */
    boolean expectEnd(Thread subscribing) {
        return Thread.currentThread() != subscribing && end.compareAndSet(OPEN, WAITER);
    }

    /** Waits for the command's end and delivers it on this thread (after {@link #expectEnd} said true). */
    void awaitEnd() {
        inContext(handedEnd.join());
    }

    /**
     * The command settled, with {@code values} or {@code thrown}: the end goes to the thread waiting for
     * it, else it is delivered here. Called once, whatever the outcome (also when unsubscribed, so that
     * a waiting thread is released).
     */
    void end(List<R> values, Throwable thrown) {
        Runnable delivery = () -> {
            ended = true;
            if (subscriber.isUnsubscribed()) {
                return;
            }
            if (thrown != null) {
                subscriber.onError(CommandFailures.unwrap(thrown));
                return;
            }
            if (!live && values != null) {
                for (R item : values) {
                    subscriber.onNext(item);
                }
            }
            subscriber.onCompleted();
        };
        if (end.compareAndSet(OPEN, DELIVERED)) {
            inContext(delivery);
        } else {
            handedEnd.complete(delivery);
        }
    }

    private void inContext(Runnable work) {
        RequestContext before = RequestContext.swap(context);
        try {
            work.run();
        } finally {
            RequestContext.swap(before);
        }
    }
}
