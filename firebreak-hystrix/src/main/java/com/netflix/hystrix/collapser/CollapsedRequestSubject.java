package com.netflix.hystrix.collapser;

import com.netflix.hystrix.HystrixCollapser.CollapsedRequest;
import rx.Observable;
import rx.subjects.ReplaySubject;

/**
 * One collapsed request whose outcome is read as an Observable: {@link #toObservable()} replays
 * whatever the batch gives it, to each subscriber. A request ends once, with {@link #setResponse},
 * {@link #setException} or {@link #setComplete}; a second ending throws {@code IllegalStateException}.
 * Once every subscriber has left before the end, the request is abandoned: what the batch gives it
 * after that is dropped without an error.
 *
 * @param <T> the response type
 * @param <R> the argument type
 */
public class CollapsedRequestSubject<T, R> implements CollapsedRequest<T, R> {

    private final R argument;
    private final ReplaySubject<T> subject = ReplaySubject.create();
    private final Observable<T> observable;
    /*
     * Guarded by this: whether the request has ended; how many subscribers are in; whether all left
     * early. Emissions happen under the same lock, so the subject never sees two threads at once and an
     * emitResponse can never land after the end.
     */
    private boolean ended;
    private int subscribers;
    private boolean abandoned;

    /** A request for {@code argument}. */
    public CollapsedRequestSubject(R argument) {
        this.argument = argument;
        this.observable = subject
                .doOnSubscribe(this::subscribed)
                .doOnUnsubscribe(this::left);
    }

    private synchronized void subscribed() {
        subscribers++;
    }

    // The last subscriber leaving before the end abandons the request (it was cancelled).
    private synchronized void left() {
        subscribers--;
        if (subscribers == 0 && !ended) {
            abandoned = true;
        }
    }

    @Override
    public R getArgument() {
        return argument;
    }

    /** The request's outcome: its responses, then completion, or its exception. */
    public Observable<T> toObservable() {
        return observable;
    }

    /** Gives the request its one response and ends it. */
    @Override
    public synchronized void setResponse(T response) {
        if (end("setResponse", response)) {
            subject.onNext(response);
            subject.onCompleted();
        }
    }

    /** Adds a response without ending the request. */
    @Override
    public synchronized void emitResponse(T response) {
        refuseIfEnded("emitResponse", response);
        if (!abandoned) {
            subject.onNext(response);
        }
    }

    /** Ends the request with {@code exception}. */
    @Override
    public synchronized void setException(Exception exception) {
        if (end("setException", exception)) {
            subject.onError(exception);
        }
    }

    /** Ends the request with the responses emitted so far. */
    @Override
    public synchronized void setComplete() {
        if (end("setComplete", null)) {
            subject.onCompleted();
        }
    }

    /** Marks the end; true if it is to be delivered (false once abandoned). */
    private boolean end(String call, Object value) {
        refuseIfEnded(call, value);
        ended = true;
        return !abandoned;
    }

    private void refuseIfEnded(String call, Object value) {
        if (ended && !abandoned) {
            throw new IllegalStateException("collapsed request for argument " + argument + ": " + call + "(" + value
                    + ") after the request already ended; a request ends once");
        }
    }
}
