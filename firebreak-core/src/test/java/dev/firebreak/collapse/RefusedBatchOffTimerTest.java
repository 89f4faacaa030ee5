package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.event.GuardListener;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * No user code on the timer, for batches that leave when a window closes: the timer task starts the
 * batch's guarded call, and when the guard refuses it (breaker open, limit reached) the request
 * fallbacks and the guard's listeners run on a thread of their own, not on the timer, so a slow request
 * fallback delays no other timer task. A "timer" thread calling {@code advance()} plays the timer.
 */
class RefusedBatchOffTimerTest {

    @Test
    void aShortCircuitedWindowBatchRunsItsSlowFallbackOffTheTimer() throws Exception {
        CollapserFixture f = new CollapserFixture(g -> g.configure(c -> c.breaker(cb -> cb.forceOpen(true))));
        Set<Thread> userCodeThreads = ConcurrentHashMap.newKeySet();
        f.guard.controls().addListener(listenerRecording(userCodeThreads));
        CountDownLatch fallbackEntered = new CountDownLatch(1);
        CountDownLatch releaseFallback = new CountDownLatch(1);
        Collapser<Integer, String> slow = f.builder("slow").requestTimeout(Duration.ofSeconds(10))
                .configure(c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(10)))
                .fallback((argument, failure) -> {
                    userCodeThreads.add(Thread.currentThread());
                    fallbackEntered.countDown();
                    releaseFallback.await();
                    return "fallback" + argument + ":" + failure.getClass().getSimpleName();
                }).build();
        CompletableFuture<String> one = slow.submit(1);

        Thread timer = Thread.ofPlatform().daemon().name("timer").start(() -> f.advanceMillis(10)); // the window closes
        try {
            assertThat(fallbackEntered.await(20, TimeUnit.SECONDS)).as("the slow fallback started").isTrue();
            assertThat(timer.join(Duration.ofSeconds(20))).as("the timer is free while the fallback runs").isTrue();
            assertThat(one).isNotDone();
        } finally {
            releaseFallback.countDown();
        }
        assertThat(one.get(20, TimeUnit.SECONDS)).isEqualTo("fallback1:ShortCircuitedException");
        assertThat(userCodeThreads).as("threads that ran fallbacks and listeners").isNotEmpty().doesNotContain(timer);
        assertThat(f.guard.controls().metrics().cumulativeCount(EventType.SHORT_CIRCUITED)).isEqualTo(1);
    }

    private static GuardListener listenerRecording(Set<Thread> threads) {
        return (guard, events, executionNanos, totalNanos) -> threads.add(Thread.currentThread());
    }
}
