package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.support.GuardFixture;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * No user code on the timer: the timeout task only claims the outcome; the fallback, the listeners and
 * the completion of the caller's future run on another thread, so a slow fallback delays no other
 * timeout. The manual clock's {@code advance()} runs due tasks on the thread that calls it, so a
 * dedicated "timer" thread calling it plays the scheduler's one timer thread.
 */
@ExtendWith(GuardFixture.Extension.class)
class TimerThreadTest {

    private static final long MS = 1_000_000L;

    @ParameterizedTest(name = "{0}")
    @EnumSource(IsolationStrategy.class)
    void aSlowTimeoutFallbackDelaysNoOtherTimeout(IsolationStrategy isolation, GuardFixture fixture) throws Exception {
        Guard slow = fixture.guard("slow-fallback").isolation(IsolationMatrix.bounded(isolation, 1))
                .timeout(Duration.ofMillis(50)).build();
        Guard other = fixture.guard("other").isolation(IsolationMatrix.bounded(isolation, 1))
                .timeout(Duration.ofMillis(50)).build();
        Set<Thread> userCodeThreads = ConcurrentHashMap.newKeySet();
        fixture.registry().addListener((name, events, exec, total) -> userCodeThreads.add(Thread.currentThread()));
        CountDownLatch fallbackEntered = new CountDownLatch(1);
        CountDownLatch releaseFallback = new CountDownLatch(1);

        // submitAsync: a stage that never completes by itself, so every isolation has a timer to claim it
        CompletableFuture<String> slowOne = slow.submitAsync(() -> new CompletableFuture<String>(), failure -> {
            userCodeThreads.add(Thread.currentThread());
            fallbackEntered.countDown();
            releaseFallback.await();
            return "slow fallback";
        });
        CompletableFuture<String> otherOne = other.submitAsync(() -> new CompletableFuture<String>(),
                failure -> "fallback:" + failure.event());

        Thread timer = Thread.ofPlatform().daemon().name("timer").start(() -> fixture.clock().advance(50 * MS));
        try {
            assertThat(fallbackEntered.await(20, TimeUnit.SECONDS)).as("the slow fallback started").isTrue();
            assertThat(timer.join(Duration.ofSeconds(20))).as("the timer is free while the fallback runs").isTrue();
            assertThat(otherOne.get(20, TimeUnit.SECONDS)).as("the other guard's timeout").isEqualTo("fallback:TIMEOUT");
            assertThat(slowOne).isNotDone();
        } finally {
            releaseFallback.countDown();
        }
        assertThat(slowOne.get(20, TimeUnit.SECONDS)).isEqualTo("slow fallback");
        fixture.awaitCalls(2);
        assertThat(userCodeThreads).as("threads that ran fallbacks and listeners").doesNotContain(timer);
        assertThat(fixture.count(EventType.TIMEOUT)).isEqualTo(2);
    }
}
