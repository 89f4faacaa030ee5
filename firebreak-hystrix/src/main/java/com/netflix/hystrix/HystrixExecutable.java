package com.netflix.hystrix;

import java.util.concurrent.Future;
import rx.Observable;

/** A command that runs and returns one value: blocking, as a future, or as an observable. */
public interface HystrixExecutable<R> extends HystrixInvokable<R> {

    /** Runs the command and waits for its value. */
    R execute();

    /** Starts the command and returns its future. */
    Future<R> queue();

    /** Starts the command now and returns an observable replaying its outcome. */
    Observable<R> observe();
}
