package com.netflix.hystrix;

import static com.netflix.hystrix.HystrixEventType.EMIT;
import static com.netflix.hystrix.HystrixEventType.FAILURE;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_EMIT;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import rx.Notification;
import rx.Observable;
import rx.Scheduler;
import rx.observers.TestSubscriber;
import rx.schedulers.Schedulers;
import rx.subjects.PublishSubject;

/**
 * An observable command delivers as 1.5.18 did: each value as it comes, on the thread where the user's
 * Observable emitted it, in the subscriber's request context; the end on the thread where the user's
 * Observable ended; and the values emitted before an error.
 */
@SuppressWarnings("try") // contexts opened for their effect on the thread
class DeliveryThreadsTest extends BridgeFixture {

    @Test
    void aValueReachesTheSubscriberBeforeTheObservableEnds() {
        PublishSubject<String> source = PublishSubject.create();
        TestSubscriber<String> subscriber = new TestSubscriber<>();
        command("Live", HystrixCommandProperties.Setter(), () -> source, null).toObservable().subscribe(subscriber);

        source.onNext("first");
        subscriber.assertValue("first");
        subscriber.assertNotCompleted();

        source.onNext("second");
        source.onCompleted();
        subscriber.assertValues("first", "second");
        subscriber.assertCompleted();
    }

    @Test
    void valuesAndTheEndComeOnTheEmittingThreadInTheSubscribersContext() {
        for (HystrixCommandProperties.Setter isolation : List.of(semaphore(), thread())) {
            Seen seen = new Seen();
            try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
                command("Emitting", isolation, () -> Observable.just("a", "b").subscribeOn(Schedulers.newThread()), null)
                        .toObservable().doOnEach(seen::record).subscribe(seen.subscriber);
                seen.subscriber.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
            }
            seen.subscriber.assertValues("a", "b");
            assertThat(seen.lastThread.get().getName()).as("the end's thread").startsWith("RxNewThreadScheduler");
            assertThat(seen.contextEverywhere).as("the request context was there at each notification").isTrue();
        }
    }

    @Test
    void aFallbacksEndComesOnTheThreadItsObservableEndedOn() {
        Seen seen = new Seen();
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            command("FallsBack", semaphore(), () -> Observable.error(new RuntimeException("no")),
                    () -> Observable.just("fallback").subscribeOn(Schedulers.newThread()))
                    .toObservable().doOnEach(seen::record).subscribe(seen.subscriber);
            seen.subscriber.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
        }
        seen.subscriber.assertValue("fallback");
        assertThat(seen.lastThread.get().getName()).startsWith("RxNewThreadScheduler");
        assertThat(seen.lastThread.get()).isNotEqualTo(Thread.currentThread());
        assertThat(seen.contextEverywhere).isTrue();
    }

    @Test
    void aFallbackOnTheSingleThreadTheRunFailedOnStillRuns() { // under THREAD isolation: the fallback runs on the pool thread
        ExecutorService single = Executors.newSingleThreadExecutor();
        try {
            Scheduler one = Schedulers.from(single);
            TestSubscriber<String> subscriber = new TestSubscriber<>();
            command("OneThread", thread(), () -> Observable.<String>error(new RuntimeException("no")).subscribeOn(one),
                    () -> Observable.just("fallback").subscribeOn(one)).toObservable().subscribe(subscriber);

            subscriber.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
            subscriber.assertValue("fallback"); // the failed run's thread did not wait for the end it would have blocked
            subscriber.assertCompleted();
        } finally {
            single.shutdownNow();
        }
    }

    @Test
    void valuesEmittedBeforeAnErrorReachTheSubscriber() {
        HystrixObservableCommand<String> command = command("Partial", semaphore(),
                () -> Observable.just("1", "2").concatWith(Observable.error(new RuntimeException("then no"))), null);
        TestSubscriber<String> subscriber = new TestSubscriber<>();
        command.toObservable().subscribe(subscriber);

        subscriber.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
        subscriber.assertValues("1", "2");
        assertThat(subscriber.getOnErrorEvents()).hasSize(1);
        assertThat(command.getExecutionEvents()).contains(EMIT, FAILURE);
        assertThat(command.getNumberEmissions()).isEqualTo(2);
    }

    @Test
    void valuesEmittedBeforeAnErrorComeBeforeTheFallbacks() {
        HystrixObservableCommand<String> command = command("PartialThenFallback", semaphore(),
                () -> Observable.just("1", "2").concatWith(Observable.error(new RuntimeException("then no"))),
                () -> Observable.just("f1", "f2", "f3"));
        TestSubscriber<String> subscriber = new TestSubscriber<>();
        command.toObservable().subscribe(subscriber);

        subscriber.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
        subscriber.assertValues("1", "2", "f1", "f2", "f3");
        subscriber.assertCompleted();
        assertThat(command.getExecutionEvents()).contains(EMIT, FAILURE, FALLBACK_EMIT, FALLBACK_SUCCESS);
        assertThat(command.getNumberFallbackEmissions()).isEqualTo(3);
    }

    @Test
    void aCommandOnAPoolThreadDeliversOnThatThread() {
        for (int i = 0; i < 50; i++) { // a run this short used to race its caller for the delivery
            AtomicReference<Thread> ran = new AtomicReference<>();
            TestCommand command = new TestCommand(TestCommand.named("OnPool", HystrixCommandProperties.Setter()), () -> {
                ran.set(Thread.currentThread());
                return "value";
            });
            Seen seen = new Seen();
            command.toObservable().doOnEach(seen::record).subscribe(seen.subscriber);

            seen.subscriber.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
            seen.subscriber.assertValue("value");
            assertThat(seen.lastThread.get()).as("run %d", i).isSameAs(ran.get()).isNotSameAs(Thread.currentThread());
        }
    }

    @Test
    void aNullValueIsDeliveredLikeAnyOther() {
        TestSubscriber<String> subscriber = new TestSubscriber<>();
        command("Null", semaphore(), () -> Observable.just((String) null, "after"), null).toObservable().subscribe(subscriber);

        subscriber.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
        subscriber.assertValues(null, "after");
        subscriber.assertCompleted();
    }

    @Test
    void aCacheHitGetsTheSharedValuesAtItsEnd() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            AtomicInteger runs = new AtomicInteger();
            Supplier<Observable<String>> work = () -> Observable.defer(() -> {
                runs.incrementAndGet();
                return Observable.just("x", "y");
            });
            List<String> first = cached("Cached", work).toObservable().toList().toBlocking().single();
            List<String> second = cached("Cached", work).toObservable().toList().toBlocking().single();
            assertThat(first).containsExactly("x", "y");
            assertThat(second).containsExactly("x", "y");
            assertThat(runs).as("the second is a cache hit").hasValue(1);
        }
    }

    /** What a subscriber saw: the thread of the last notification and whether each had the request context. */
    private static final class Seen {
        final TestSubscriber<String> subscriber = new TestSubscriber<>();
        final AtomicReference<Thread> lastThread = new AtomicReference<>();
        final AtomicBoolean contextEverywhere = new AtomicBoolean(true);

        void record(Notification<? super String> notification) {
            lastThread.set(Thread.currentThread());
            if (!HystrixRequestContext.isCurrentThreadInitialized()) {
                contextEverywhere.set(false);
            }
        }
    }

    private static HystrixObservableCommand<String> command(String key, HystrixCommandProperties.Setter properties,
            Supplier<Observable<String>> construct, Supplier<Observable<String>> fallback) {
        HystrixObservableCommand.Setter setter = HystrixObservableCommand.Setter.withGroupKey(group("Delivery"))
                .andCommandKey(key(key)).andCommandPropertiesDefaults(properties);
        if (fallback == null) {
            return new HystrixObservableCommand<>(setter) {
                @Override
                protected Observable<String> construct() {
                    return construct.get();
                }
            };
        }
        return new HystrixObservableCommand<>(setter) {
            @Override
            protected Observable<String> construct() {
                return construct.get();
            }

            @Override
            protected Observable<String> resumeWithFallback() {
                return fallback.get();
            }
        };
    }

    /** Observable commands are SEMAPHORE-isolated unless told otherwise. */
    private static HystrixCommandProperties.Setter thread() {
        return HystrixCommandProperties.Setter().withExecutionIsolationStrategy(HystrixCommandProperties.ExecutionIsolationStrategy.THREAD);
    }

    private static HystrixObservableCommand<String> cached(String key, Supplier<Observable<String>> construct) {
        return new HystrixObservableCommand<>(HystrixObservableCommand.Setter.withGroupKey(group("Delivery")).andCommandKey(key(key))) {
            @Override
            protected Observable<String> construct() {
                return construct.get();
            }

            @Override
            protected String getCacheKey() {
                return "one";
            }
        };
    }
}
