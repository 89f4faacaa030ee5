package com.netflix.hystrix;

import static com.netflix.hystrix.HystrixEventType.EMIT;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_EMIT;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_SUCCESS;
import static com.netflix.hystrix.HystrixEventType.FAILURE;
import static com.netflix.hystrix.HystrixEventType.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import dev.firebreak.event.EventType;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rx.Observable;
import rx.Subscription;
import rx.observers.TestSubscriber;

/** toObservable is lazy, observe is eager, unsubscribing cancels; observable commands emit what construct() emits. */
@SuppressWarnings("try") // contexts opened for their effect on the thread
class ObservablePathsTest extends BridgeFixture {

    @Test
    void toObservableStartsNothingUntilSubscribed() {
        TestCommand command = new TestCommand(TestCommand.named("Lazy", semaphore()), () -> "value");
        Observable<String> lazy = command.toObservable();
        assertThat(command.runs).hasValue(0);

        TestSubscriber<String> subscriber = new TestSubscriber<>();
        lazy.subscribe(subscriber);

        subscriber.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
        subscriber.assertValue("value");
        subscriber.assertCompleted();
        assertThat(command.runs).hasValue(1);
    }

    @Test
    void observeStartsAtOnceAndReplaysToLateSubscribers() {
        TestCommand command = new TestCommand(TestCommand.named("Eager", semaphore()), () -> "value");
        Observable<String> eager = command.observe();
        assertThat(command.runs).hasValue(1);

        assertThat(eager.toBlocking().single()).isEqualTo("value");
        assertThat(eager.toBlocking().single()).isEqualTo("value");
        assertThat(command.runs).hasValue(1);
    }

    @Test
    void unsubscribingCancelsTheRunningCall() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TestCommand command = new TestCommand(TestCommand.named("Abandoned", HystrixCommandProperties.Setter()), () -> {
            running.countDown();
            release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
            return "unwanted";
        });
        TestSubscriber<String> subscriber = new TestSubscriber<>();
        Subscription subscription = command.toObservable().subscribe(subscriber);
        await(running);

        subscription.unsubscribe();

        assertThat(command.getExecutionEvents()).containsExactly(HystrixEventType.CANCELLED);
        assertThat(HystrixCommandMetrics.getInstance(key("Abandoned")).getCumulativeCount(HystrixEventType.CANCELLED)).isEqualTo(1);
        subscriber.assertNoValues();
        subscriber.assertNoTerminalEvent();
        release.countDown();
    }

    @Test
    void errorsReachTheSubscriberAsHystrixExceptions() {
        TestCommand command = new TestCommand(TestCommand.named("ObservedFailure", semaphore()), () -> {
            throw new RuntimeException("down");
        });
        TestSubscriber<String> subscriber = new TestSubscriber<>();
        command.toObservable().subscribe(subscriber);

        subscriber.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
        subscriber.assertError(HystrixRuntimeException.class);
    }

    static final class Numbers extends HystrixObservableCommand<Integer> {
        private final Observable<Integer> values;
        private final boolean withFallback;

        Numbers(String key, Observable<Integer> values, boolean withFallback) {
            super(Setter.withGroupKey(group("Numbers")).andCommandKey(key(key)));
            this.values = values;
            this.withFallback = withFallback;
        }

        @Override
        protected Observable<Integer> construct() {
            return values;
        }

        @Override
        protected Observable<Integer> resumeWithFallback() {
            return withFallback ? Observable.just(-1, -2) : super.resumeWithFallback();
        }
    }

    @Test
    void anObservableCommandEmitsWhatConstructEmitsAndCountsEmissions() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            Numbers command = new Numbers("Three", Observable.just(1, 2, 3), false);
            TestSubscriber<Integer> subscriber = new TestSubscriber<>();
            command.toObservable().subscribe(subscriber);

            subscriber.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
            subscriber.assertValues(1, 2, 3);
            assertThat(command.getExecutionEvents()).containsExactly(EMIT, SUCCESS);
            assertThat(command.getNumberEmissions()).isEqualTo(3);
            assertThat(command.isExecutedInThread()).isFalse();
            assertThat(HystrixRequestLog.getCurrentRequest().getExecutedCommandsAsString()).isEqualTo("Three[EMITx3, SUCCESS][0ms]");
        }
    }

    @Test
    void anObservableCommandFallsBackToResumeWithFallback() {
        Numbers command = new Numbers("Broken", Observable.error(new IllegalStateException("broken")), true);

        List<Integer> values = command.observe().toList().toBlocking().single();

        assertThat(values).containsExactly(-1, -2);
        assertThat(command.getExecutionEvents()).containsExactly(FAILURE, FALLBACK_EMIT, FALLBACK_SUCCESS);
        assertThat(command.getNumberFallbackEmissions()).isEqualTo(2);
        assertThat(HystrixCommandMetrics.getInstance(key("Broken")).getCumulativeCount(HystrixEventType.FALLBACK_SUCCESS)).isEqualTo(1);
        assertThat(EventType.FALLBACK_SUCCESS).isEqualTo(HystrixEventType.FALLBACK_SUCCESS.toFirebreak());
    }
}
