package dev.firebreak.spring.annotation;

import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;

/**
 * One attempt of a declared retry or hedge on a Flux method: one call through the guard that lasts for
 * the whole stream (as {@code GuardedFlux}'s), seen by the policy only up to its first signal. Its
 * {@link #start} future completes with the attempt itself when the first element arrives (or the stream
 * completes empty), and fails with the guard's exception when the stream fails before any element; after
 * that, {@link #rest} gives the caller the first element and the rest of the stream, with the caller's
 * demand, and an error passes through as the guard's exception (elements cannot be taken back).
 *
 * <p>Invariants: the source is asked for one element until a caller attaches to {@link #rest}, so at most
 * the first element is held. {@code streamEnd} (what the guard watches) completes once, first of the
 * source's completion, error or a cancel; the guard's verdict on it is the only terminal signal passed on,
 * once ({@code terminated}), under {@code this}'s lock like every element passed on, so a verdict the timer
 * brings never overlaps an element. A cancel (the caller's, or the policy's of a losing or abandoned
 * attempt) cancels the guarded call and the source, so the permit comes back in every case.
 */
final class FluxAttempt implements CoreSubscriber<Object> {

    /** The first signal was the completion: there is no first element. */
    private static final Object NONE = new Object();

    private final CompletableFuture<Object> streamEnd = new CompletableFuture<>();
    private final CompletableFuture<Object> head = new CompletableFuture<>();
    private volatile CompletableFuture<Object> outcome; // the guarded call
    private final AtomicBoolean sourceDone = new AtomicBoolean(); // ended by itself, or cancelled once
    private volatile Subscription upstream;
    private volatile Object first; // written under this: the first element, NONE, or null before the first signal
    private boolean verdict; // guarded by this: the guard's verdict has come
    private Subscriber<? super Object> downstream; // guarded by this
    private Throwable pendingError; // guarded by this: a verdict before the caller attached
    private boolean pendingCompletion; // guarded by this
    private boolean terminated; // guarded by this
    private boolean cancelled; // guarded by this
    private boolean subscribed; // guarded by this: the caller's onSubscribe returned

    /**
     * Starts the attempt (handed to {@code started} first): the guarded call, then the subscription to
     * {@code source}. The future is the policy's view of the attempt; cancelling it cancels the attempt.
     */
    static CompletableFuture<Object> start(Guard guard, Flux<Object> source, Consumer<FluxAttempt> started) {
        FluxAttempt attempt = new FluxAttempt();
        started.accept(attempt);
        boolean[] admitted = {false};
        CompletableFuture<Object> outcome = guard.submitAsync(() -> {
            admitted[0] = true; // invoked on this thread, before submitAsync returns, or never
            return attempt.streamEnd;
        }, Fallback.deferred());
        if (!admitted[0]) {
            return outcome; // refused: the source is never subscribed, the refusal is the attempt's outcome
        }
        attempt.outcome = outcome;
        attempt.head.whenComplete((value, thrown) -> {
            if (thrown instanceof CancellationException) {
                attempt.cancel(); // the policy gave up on it: a loser, or the caller's cancel
            }
        });
        outcome.whenComplete(attempt::onVerdict);
        source.subscribe(attempt);
        return attempt.head;
    }

    /** The caller's stream once this attempt won: its first element, then the rest with the caller's demand. */
    Flux<Object> rest() {
        Object element = first;
        Publisher<Object> attaching = this::attach;
        Flux<Object> relay = Flux.from(attaching);
        return element == NONE || element == null ? relay : Flux.just(element).concatWith(relay);
    }

    /** Stops the attempt: the guarded call (CANCELLED), then the source. */
    void cancel() {
        synchronized (this) {
            if (cancelled) {
                return; // once: the policy, the caller and the winner's choice may each cancel it
            }
            cancelled = true;
            terminated = true; // nothing more reaches a caller who cancelled
        }
        CompletableFuture<Object> call = outcome;
        if (call != null) {
            call.cancel(false);
        }
        streamEnd.cancel(false);
        cancelSource();
    }

    /*
     * Cancels the source once, unless it ended by itself. Against a cancel racing the source's onSubscribe:
     * cancel() completes streamEnd before it reads upstream, onSubscribe writes upstream before it reads
     * streamEnd (both volatile), so one of the two sees the other and cancels.
     */
    private void cancelSource() {
        Subscription subscription = upstream;
        if (subscription != null && sourceDone.compareAndSet(false, true)) {
            subscription.cancel();
        }
    }

    @Override
    public void onSubscribe(Subscription subscription) {
        upstream = subscription;
        if (streamEnd.isDone()) {
            cancelSource(); // cancelled or timed out before the source subscribed
        } else {
            subscription.request(1);
        }
    }

    @Override
    public void onNext(Object element) {
        synchronized (this) {
            if (first == null) {
                if (verdict) {
                    return; // the attempt already failed (a timeout): its element reaches no one
                }
                first = element; // no more is asked for until the caller attaches
            } else {
                if (!terminated && downstream != null) {
                    downstream.onNext(element);
                }
                return;
            }
        }
        head.complete(this);
    }

    @Override
    public void onError(Throwable error) {
        sourceDone.set(true);
        streamEnd.completeExceptionally(error); // the guard's verdict follows
    }

    @Override
    public void onComplete() {
        sourceDone.set(true);
        streamEnd.complete(NONE);
    }

    /** The guard's verdict on the whole stream: before the first element the attempt's, after it the caller's. */
    private void onVerdict(Object value, Throwable thrown) {
        Throwable failure = thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
        if (failure != null) {
            cancelSource(); // a timeout or a cancel: the source may still be running
        }
        Object firstSignal;
        synchronized (this) { // the verdict and the first element decide, in one order, which came first
            verdict = true;
            if (first == null && failure == null) {
                first = NONE; // completed empty: an answer
            }
            firstSignal = first;
        }
        if (firstSignal == null) {
            head.completeExceptionally(failure); // the attempt failed: the policy decides, the caller saw nothing
            return;
        }
        head.complete(this); // completed empty (a no-op once the first element has completed it)
        terminate(failure);
    }

    private synchronized void terminate(Throwable failure) {
        if (terminated) {
            return;
        }
        if (!subscribed) {
            pendingCompletion = failure == null;
            pendingError = failure;
            return;
        }
        terminated = true;
        if (failure == null) {
            downstream.onComplete();
        } else {
            downstream.onError(failure);
        }
    }

    /*
     * The caller's subscriber is known before it is handed its subscription, since it may ask for elements
     * (and get them, on this thread) from inside onSubscribe; a verdict waits until onSubscribe returned.
     */
    private void attach(Subscriber<? super Object> subscriber) {
        synchronized (this) {
            downstream = subscriber;
        }
        subscriber.onSubscribe(new Subscription() {
            @Override
            public void request(long n) {
                Subscription subscription = upstream;
                if (subscription != null) {
                    subscription.request(n);
                }
            }

            @Override
            public void cancel() {
                FluxAttempt.this.cancel();
            }
        });
        synchronized (this) {
            subscribed = true;
            if (!terminated && (pendingCompletion || pendingError != null)) {
                terminated = true;
                if (pendingError != null) {
                    subscriber.onError(pendingError);
                } else {
                    subscriber.onComplete();
                }
            }
        }
    }
}
