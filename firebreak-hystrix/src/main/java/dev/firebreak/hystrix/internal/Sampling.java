package dev.firebreak.hystrix.internal;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import rx.Observable;
import rx.Scheduler;
import rx.functions.Func0;

/**
 * The sampling behind 1.5.18's sampled streams (utilization, configuration, dashboard): one sample
 * every interval while observed, shared by every subscriber, samples a slow subscriber cannot take
 * dropped.
 */
public final class Sampling {

    private Sampling() {
    }

    /**
     * Samples {@code sample} every {@code intervalInMilliseconds} on {@code ticks} (RxJava's computation
     * scheduler, or a test's TestScheduler); {@code running} says whether anyone observes.
     *
     * @throws IllegalArgumentException naming {@code stream} when the interval is not positive
     */
    public static <T> Observable<T> every(String stream, int intervalInMilliseconds, Scheduler ticks, Func0<T> sample,
            AtomicBoolean running) {
        if (intervalInMilliseconds <= 0) {
            throw new IllegalArgumentException(stream + ": intervalInMilliseconds=" + intervalInMilliseconds + " must be positive");
        }
        return Observable.interval(intervalInMilliseconds, TimeUnit.MILLISECONDS, ticks)
                .onBackpressureDrop()
                .map(tick -> sample.call())
                .doOnSubscribe(() -> running.set(true))
                .doOnUnsubscribe(() -> running.set(false))
                .share()
                .onBackpressureDrop();
    }
}
