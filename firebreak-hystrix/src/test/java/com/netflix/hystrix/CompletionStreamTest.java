package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.metric.HystrixCommandCompletion;
import com.netflix.hystrix.metric.HystrixCommandCompletionStream;
import com.netflix.hystrix.metric.HystrixCommandExecutionStarted;
import com.netflix.hystrix.metric.HystrixCommandStartStream;
import com.netflix.hystrix.metric.HystrixThreadPoolCompletionStream;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import rx.Subscription;

class CompletionStreamTest extends BridgeFixture {

    private final List<HystrixCommandCompletion> seen = new CopyOnWriteArrayList<>();
    private Subscription subscription;

    private void listen(String key) {
        subscription = HystrixCommandCompletionStream.getInstance(key(key)).observe().subscribe(seen::add);
    }

    @AfterEach
    void stopListening() {
        if (subscription != null) {
            subscription.unsubscribe();
        }
    }

    @Test
    void nothingIsObservedUntilAStreamIsSubscribed() {
        assertThat(HystrixCommandCompletionStream.isObserved()).isFalse();
        listen("Quiet");
        assertThat(HystrixCommandCompletionStream.isObserved()).isTrue();
        subscription.unsubscribe();
        assertThat(HystrixCommandCompletionStream.isObserved()).isFalse();
    }

    @Test
    void aFinishedCommandIsWrittenOnceWithItsEventsAndTheExceptionTheCallerGot() {
        listen("Finished");
        new TestCommand(TestCommand.named("Finished", semaphore()), () -> "ok").execute();
        TestCommand failing = new TestCommand(TestCommand.named("Finished", semaphore()), () -> {
            throw new IllegalStateException("down");
        });
        assertThatThrownBy(failing::execute).isInstanceOf(com.netflix.hystrix.exception.HystrixRuntimeException.class);
        new TestCommand(TestCommand.named("Other", semaphore()), () -> "ok").execute(); // another key: not seen

        assertThat(seen).hasSize(2);
        assertThat(seen.get(0).getEventCount(HystrixEventType.SUCCESS)).isEqualTo(1);
        assertThat(seen.get(0).getEventCount(HystrixEventType.EXCEPTION_THROWN)).isZero();
        assertThat(seen.get(1).getEventCount(HystrixEventType.FAILURE)).isEqualTo(1);
        assertThat(seen.get(1).getEventCount(HystrixEventType.FALLBACK_MISSING)).isEqualTo(1);
        assertThat(seen.get(1).getEventCount(HystrixEventType.EXCEPTION_THROWN)).isEqualTo(1);
        assertThat(seen.get(1).isExecutedInThread()).isFalse();
    }

    @Test
    void aThrowingSubscriberChangesNoOutcome() {
        subscription = HystrixCommandCompletionStream.getInstance(key("Thrown")).observe().subscribe(c -> {
            throw new IllegalStateException("subscriber failure, expected by the test");
        });
        Subscription starts = HystrixCommandStartStream.getInstance(key("Thrown")).observe().subscribe(s -> {
            throw new IllegalStateException("subscriber failure, expected by the test");
        });
        Subscription healthy = HystrixCommandCompletionStream.getInstance(key("Thrown")).observe().subscribe(seen::add);
        try {
            assertThat(new TestCommand(TestCommand.named("Thrown", semaphore()), () -> "ok").execute()).isEqualTo("ok");
            assertThat(new TestCommand(TestCommand.named("Thrown", semaphore()), () -> "again").execute()).isEqualTo("again");
        } finally {
            starts.unsubscribe();
            healthy.unsubscribe();
        }
        assertThat(seen).hasSize(2); // the other subscriber kept receiving: the shared subject lives on
    }

    @Test
    void aCacheHitCountsOnlyAsAResponseFromCache() {
        listen("Cached");
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            new TestCommand(TestCommand.named("Cached", semaphore()), () -> "v", "id").execute();
            new TestCommand(TestCommand.named("Cached", semaphore()), () -> "v", "id").execute();
        }
        assertThat(seen).hasSize(2);
        assertThat(seen.get(1).getEventCount(HystrixEventType.RESPONSE_FROM_CACHE)).isEqualTo(1);
        assertThat(seen.get(1).getEventCount(HystrixEventType.SUCCESS)).isZero();
    }

    @Test
    void aThreadIsolatedCommandReachesItsPoolsStream() throws InterruptedException {
        CountDownLatch written = new CountDownLatch(1);
        Subscription pool = HystrixThreadPoolCompletionStream.getInstance(HystrixThreadPoolKey.Factory.asKey("TestGroup"))
                .observe().subscribe(c -> {
                    seen.add(c);
                    written.countDown();
                });
        try {
            new TestCommand(TestCommand.named("Threaded", HystrixCommandProperties.Setter()), () -> "ok").execute();
            await(written);
        } finally {
            pool.unsubscribe();
        }
        assertThat(seen).singleElement().satisfies(c -> {
            assertThat(c.isExecutedInThread()).isTrue();
            assertThat(c.getCommandKey().name()).isEqualTo("Threaded");
        });
    }

    @Test
    void leavingObserveBeforeTheEndCancelsTheCommand() throws InterruptedException {
        listen("Left");
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TestCommand slow = new TestCommand(TestCommand.named("Left", HystrixCommandProperties.Setter()), () -> {
            running.countDown();
            release.await();
            return "late";
        });
        Subscription s = slow.observe().subscribe(v -> { }, e -> { });
        await(running);
        s.unsubscribe();
        release.countDown();
        assertThat(slow.getExecutionEvents()).contains(HystrixEventType.CANCELLED);
        assertThat(seen).singleElement().satisfies(c -> {
            assertThat(c.getEventCount(HystrixEventType.CANCELLED)).isEqualTo(1);
            assertThat(c.getEventCount(HystrixEventType.EXCEPTION_THROWN)).isZero();
        });
    }

    @Test
    void aRunningCommandWritesItsStartWithTheConcurrencyOfItsKey() throws InterruptedException {
        List<HystrixCommandExecutionStarted> starts = new CopyOnWriteArrayList<>();
        Subscription s = HystrixCommandStartStream.getInstance(key("Started")).observe().subscribe(starts::add);
        try {
            CountDownLatch firstRunning = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            TestCommand first = new TestCommand(TestCommand.named("Started", HystrixCommandProperties.Setter()), () -> {
                firstRunning.countDown();
                release.await();
                return "first";
            });
            java.util.concurrent.Future<String> running = first.queue();
            await(firstRunning);
            new TestCommand(TestCommand.named("Started", semaphore()), () -> "second").execute();
            release.countDown();
            assertThat(running.get()).isEqualTo("first");
            try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
                new TestCommand(TestCommand.named("Started", semaphore()), () -> "v", "id").execute();
                new TestCommand(TestCommand.named("Started", semaphore()), () -> "v", "id").execute(); // a hit: no start
            }
        } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError(e);
        } finally {
            s.unsubscribe();
        }
        assertThat(starts).extracting(HystrixCommandExecutionStarted::getCurrentConcurrency).containsExactly(1, 2, 1);
        // the key's first command fixed its isolation (THREAD) for the later ones
        assertThat(starts).extracting(HystrixCommandExecutionStarted::isExecutedInThread).containsExactly(true, true, true);
        assertThat(HystrixCommandStartStream.isObserved()).isFalse();
    }

    @Test
    void healthCountsAddRequestsAndErrorsOfABucket() {
        long[] bucket = new long[HystrixEventType.values().length];
        bucket[HystrixEventType.SUCCESS.ordinal()] = 6;
        bucket[HystrixEventType.TIMEOUT.ordinal()] = 1;
        bucket[HystrixEventType.SEMAPHORE_REJECTED.ordinal()] = 1;
        bucket[HystrixEventType.SHORT_CIRCUITED.ordinal()] = 5; // not a request in the health counts
        HystrixCommandMetrics.HealthCounts health = HystrixCommandMetrics.HealthCounts.empty().plus(bucket).plus(bucket);
        assertThat(health.getTotalRequests()).isEqualTo(16);
        assertThat(health.getErrorCount()).isEqualTo(4);
        assertThat(health.getErrorPercentage()).isEqualTo(25);
        assertThatThrownBy(() -> HystrixCommandMetrics.HealthCounts.empty().plus(new long[2]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has 2 entries");
        assertThat(HystrixEventType.ThreadPool.from(HystrixEventType.TIMEOUT)).isEqualTo(HystrixEventType.ThreadPool.EXECUTED);
        assertThat(HystrixEventType.ThreadPool.from(HystrixEventType.SHORT_CIRCUITED)).isNull();
    }
}
