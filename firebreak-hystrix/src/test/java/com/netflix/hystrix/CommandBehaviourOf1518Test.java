package com.netflix.hystrix;

import static com.netflix.hystrix.HystrixEventType.EMIT;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_MISSING;
import static com.netflix.hystrix.HystrixEventType.SHORT_CIRCUITED;
import static com.netflix.hystrix.HystrixEventType.RESPONSE_FROM_CACHE;
import static com.netflix.hystrix.HystrixEventType.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import com.netflix.hystrix.strategy.properties.HystrixPropertiesStrategy;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rx.Observable;

/** Behaviour hystrix-core 1.5.18's own command tests rely on: the fallback's view, emissions, THREAD observables. */
class CommandBehaviourOf1518Test extends BridgeFixture {

    /** An observable command emitting {@code values}, keyed {@code key}. */
    static class Emitting extends HystrixObservableCommand<String> {
        private final String[] values;
        private final String cacheKey;
        volatile String constructThread;

        Emitting(String key, HystrixCommandProperties.Setter properties, String cacheKey, String... values) {
            super(Setter.withGroupKey(group("Emitting")).andCommandKey(key(key)).andCommandPropertiesDefaults(properties));
            this.values = values;
            this.cacheKey = cacheKey;
        }

        @Override
        protected Observable<String> construct() {
            return Observable.defer(() -> {
                constructThread = Thread.currentThread().getName();
                return Observable.from(values);
            });
        }

        @Override
        protected String getCacheKey() {
            return cacheKey;
        }
    }

    @Test
    void aFallbackCanAskWhyItRuns() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        HystrixCommand<String> command = new HystrixCommand<>(TestCommand.named("AsksWhy",
                HystrixCommandProperties.Setter().withExecutionTimeoutInMilliseconds(100))) {
            @Override
            protected String run() throws Exception {
                running.countDown();
                release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
                return "late";
            }

            @Override
            protected String getFallback() {
                return isResponseTimedOut() ? "timed-out" : "other";
            }
        };
        Future<String> future = command.queue();
        await(running);

        advanceMillis(100);

        assertThat(future.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("timed-out");
        release.countDown();
    }

    @Test
    void underThreadIsolationAnObservableCommandSubscribesOnItsPool() {
        Emitting command = new Emitting("ThreadObservable", HystrixCommandProperties.Setter()
                .withExecutionIsolationStrategy(HystrixCommandProperties.ExecutionIsolationStrategy.THREAD), null, "a", "b");

        assertThat(command.observe().toList().toBlocking().single()).containsExactly("a", "b");
        assertThat(command.isExecutedInThread()).isTrue();
        assertThat(command.constructThread).isNotEqualTo(Thread.currentThread().getName());
        assertThat(command.getNumberEmissions()).isEqualTo(2);
        assertThat(command.getExecutionEvents()).containsExactly(EMIT, SUCCESS);
    }

    @Test
    void aCacheHitReportsTheEmissionsOfTheExecutionItShares() {
        HystrixRequestContext context = HystrixRequestContext.initializeContext();
        try {
            Emitting original = new Emitting("CachedObservable", semaphore(), "k", "a", "b", "c");
            Emitting hit = new Emitting("CachedObservable", semaphore(), "k", "a", "b", "c");
            original.observe().toList().toBlocking().single();
            hit.observe().toList().toBlocking().single();

            assertThat(hit.getExecutionEvents()).contains(RESPONSE_FROM_CACHE, EMIT);
            assertThat(hit.getNumberEmissions()).isEqualTo(3);
        } finally {
            context.shutdown();
        }
    }

    @Test
    void theDefaultPropertiesStrategyMakesCollapserProperties() {
        HystrixPropertiesStrategy strategy = new HystrixPropertiesStrategy() {
        };
        HystrixCollapserKey key = HystrixCollapserKey.Factory.asKey("Batching");

        HystrixCollapserProperties properties = strategy.getCollapserProperties(key,
                HystrixCollapserProperties.Setter().withMaxRequestsInBatch(7).withTimerDelayInMilliseconds(25));

        assertThat(properties.maxRequestsInBatch().get()).isEqualTo(7);
        assertThat(properties.timerDelayInMilliseconds().get()).isEqualTo(25);
        assertThat(strategy.getCollapserPropertiesCacheKey(key, null)).isEqualTo("Batching");
    }

    @Test
    void theInstanceThatRanUnderACacheKeyReportsItsOwnEventsEvenWhenRefused() {
        HystrixCommandProperties.Setter open = semaphore().withCircuitBreakerForceOpen(true);
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            TestCommand owner = new TestCommand(TestCommand.named("RefusedCached", open), () -> "value", "k");
            TestCommand hit = new TestCommand(TestCommand.named("RefusedCached", open), () -> "value", "k");
            assertThatThrownBy(owner::execute).isInstanceOf(HystrixRuntimeException.class);
            assertThatThrownBy(hit::execute).isInstanceOf(HystrixRuntimeException.class);

            assertThat(owner.getExecutionEvents()).containsExactly(SHORT_CIRCUITED, FALLBACK_MISSING);
            assertThat(hit.getExecutionEvents()).containsExactly(SHORT_CIRCUITED, FALLBACK_MISSING, RESPONSE_FROM_CACHE);
        }
    }

    @Test
    void anUnsubscribedCommandIsNotCompleteAndHasNoExecutionException() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        HystrixCommand<String> command = new HystrixCommand<>(TestCommand.named("Unsubscribed", HystrixCommandProperties.Setter()
                .withExecutionIsolationThreadInterruptOnFutureCancel(true))) {
            @Override
            protected String run() throws Exception {
                running.countDown();
                try {
                    new CountDownLatch(1).await(SAFETY_SECONDS, TimeUnit.SECONDS);
                    return "not interrupted";
                } finally {
                    interrupted.countDown();
                }
            }
        };
        rx.Subscription subscription = command.toObservable().subscribe();
        await(running);

        subscription.unsubscribe();
        await(interrupted);

        assertThat(command.getExecutionEvents()).containsExactly(HystrixEventType.CANCELLED);
        assertThat(command.isExecutionComplete()).isFalse();
        assertThat(command.getExecutionException()).isNull();
    }
}
