package com.netflix.hystrix;

import static com.netflix.hystrix.HystrixEventType.FALLBACK_MISSING;
import static com.netflix.hystrix.HystrixEventType.FALLBACK_SUCCESS;
import static com.netflix.hystrix.HystrixEventType.SEMAPHORE_REJECTED;
import static com.netflix.hystrix.HystrixEventType.SHORT_CIRCUITED;
import static com.netflix.hystrix.HystrixEventType.THREAD_POOL_REJECTED;
import static com.netflix.hystrix.HystrixEventType.TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.exception.HystrixTimeoutException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** Timeouts, short-circuits and rejections through the Hystrix API, on the manual clock. */
class TimeoutShortCircuitRejectionTest extends BridgeFixture {

    /** Repeated: the interrupted run() and the fallback race to record what happened; the timeout must win. */
    @RepeatedTest(25)
    void aRunPastItsTimeoutGetsTheFallbackWhenTheClockPassesTheDeadline() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TestCommand command = new TestCommand.WithFallback(TestCommand.named("Slow",
                HystrixCommandProperties.Setter().withExecutionTimeoutInMilliseconds(500)), () -> {
            running.countDown();
            release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
            return "too late";
        });
        Future<String> future = command.queue();
        await(running);
        advanceMillis(499);
        assertThat(future).isNotDone();

        advanceMillis(1);

        assertThat(future.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("fallback");
        assertThat(command.getExecutionEvents()).containsExactly(TIMEOUT, FALLBACK_SUCCESS);
        assertThat(command.isResponseTimedOut()).isTrue();
        assertThat(command.getExecutionException()).isInstanceOf(HystrixTimeoutException.class);
        release.countDown();
    }

    @Test
    void aTimeoutWithoutFallbackThrowsTimeoutFailure() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TestCommand command = new TestCommand(TestCommand.named("SlowNoFallback", HystrixCommandProperties.Setter()), () -> {
            running.countDown();
            release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
            return "too late";
        });
        Future<String> future = command.queue();
        await(running);

        advanceMillis(1000); // Hystrix's default timeout

        assertThatThrownBy(() -> future.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOfSatisfying(HystrixRuntimeException.class, e -> {
                    assertThat(e.getFailureType()).isEqualTo(FailureType.TIMEOUT);
                    // hystrix-core 1.5.18 throws a plain TimeoutException as the cause; getExecutionException() is Hystrix's own
                    assertThat(e.getCause()).isExactlyInstanceOf(java.util.concurrent.TimeoutException.class);
                    assertThat(e.getMessage()).isEqualTo("SlowNoFallback timed-out and no fallback available.");
                });
        assertThat(command.getExecutionEvents()).containsExactly(TIMEOUT, FALLBACK_MISSING);
        release.countDown();
    }

    @Test
    void theBreakerOpensOnTheFailingCallThatCrossesTheThresholdAndShortCircuitsTheNext() {
        HystrixCommandProperties.Setter breaker = semaphore()
                .withCircuitBreakerRequestVolumeThreshold(2).withCircuitBreakerErrorThresholdPercentage(50);
        for (int i = 0; i < 2; i++) {
            new TestCommand.WithFallback(TestCommand.named("Tripping", breaker), () -> {
                throw new RuntimeException("down");
            }).execute();
        }
        TestCommand next = new TestCommand.WithFallback(TestCommand.named("Tripping", breaker), () -> "up again");

        assertThat(next.execute()).isEqualTo("fallback");

        assertThat(next.runs).hasValue(0);
        assertThat(next.getExecutionEvents()).containsExactly(SHORT_CIRCUITED, FALLBACK_SUCCESS);
        assertThat(next.isResponseShortCircuited()).isTrue();
        assertThat(next.isCircuitBreakerOpen()).isTrue();
        assertThat(HystrixCircuitBreaker.Factory.getInstance(key("Tripping")).isOpen()).isTrue();
        assertThat(HystrixCircuitBreaker.Factory.getInstance(key("Tripping")).allowRequest()).isFalse();
    }

    @Test
    void aShortCircuitWithoutFallbackSaysSo() {
        TestCommand command = new TestCommand(TestCommand.named("ForcedOpen", semaphore().withCircuitBreakerForceOpen(true)), () -> "never");

        assertThatThrownBy(command::execute).isInstanceOfSatisfying(HystrixRuntimeException.class, e -> {
            assertThat(e.getFailureType()).isEqualTo(FailureType.SHORTCIRCUIT);
            assertThat(e.getCause()).hasMessage("Hystrix circuit short-circuited and is OPEN");
        });
        assertThat(command.runs).hasValue(0);
    }

    @Test
    void aFullSemaphoreRejectsTheNextCommand() throws Exception {
        HystrixCommandProperties.Setter oneAtATime = semaphore().withExecutionIsolationSemaphoreMaxConcurrentRequests(1);
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        TestCommand holder = new TestCommand(TestCommand.named("OneAtATime", oneAtATime), () -> {
            running.countDown();
            release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
            return "held";
        });
        Thread holding = Thread.ofPlatform().start(holder::execute);
        await(running);

        TestCommand rejected = new TestCommand.WithFallback(TestCommand.named("OneAtATime", oneAtATime), () -> "never");
        assertThat(rejected.execute()).isEqualTo("fallback");
        assertThat(rejected.getExecutionEvents()).containsExactly(SEMAPHORE_REJECTED, FALLBACK_SUCCESS);
        assertThat(rejected.isResponseSemaphoreRejected()).isTrue();
        assertThat(rejected.isResponseRejected()).isTrue();

        TestCommand noFallback = new TestCommand(TestCommand.named("OneAtATime", oneAtATime), () -> "never");
        assertThatThrownBy(noFallback::execute).isInstanceOfSatisfying(HystrixRuntimeException.class,
                e -> assertThat(e.getFailureType()).isEqualTo(FailureType.REJECTED_SEMAPHORE_EXECUTION));
        release.countDown();
        holding.join(SAFETY_SECONDS * 1000);
    }

    @Test
    void aFullThreadPoolRejectsTheNextCommand() throws Exception {
        HystrixCommand.Setter onePool = TestCommand.named("PoolOfOne", HystrixCommandProperties.Setter())
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey("PoolOfOne"))
                .andThreadPoolPropertiesDefaults(HystrixThreadPoolProperties.Setter().withCoreSize(1).withMaxQueueSize(-1));
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<String> busy = new TestCommand(onePool, () -> {
            running.countDown();
            release.await(SAFETY_SECONDS, TimeUnit.SECONDS);
            return "busy";
        }).queue();
        await(running);

        TestCommand rejected = new TestCommand.WithFallback(onePool, () -> "never");
        assertThat(rejected.execute()).isEqualTo("fallback");
        assertThat(rejected.getExecutionEvents()).containsExactly(THREAD_POOL_REJECTED, FALLBACK_SUCCESS);
        assertThat(rejected.isResponseThreadPoolRejected()).isTrue();

        TestCommand noFallback = new TestCommand(onePool, () -> "never");
        assertThatThrownBy(noFallback::execute).isInstanceOfSatisfying(HystrixRuntimeException.class, e -> {
            assertThat(e.getFailureType()).isEqualTo(FailureType.REJECTED_THREAD_EXECUTION);
            assertThat(e.getMessage()).isEqualTo("PoolOfOne could not be queued for execution and no fallback available.");
        });
        release.countDown();
        assertThat(busy.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("busy");
        assertThat(HystrixThreadPoolMetrics.getInstance(HystrixThreadPoolKey.Factory.asKey("PoolOfOne")).getRollingCountThreadsRejected())
                .isEqualTo(2);
    }
}
