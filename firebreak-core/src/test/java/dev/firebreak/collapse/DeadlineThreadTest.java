package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * No user code on the timer: a request's own deadline only claims its outcome on the timer thread;
 * its fallback and completion run elsewhere, so a slow fallback delays no other collapser's deadline.
 * A dedicated "timer" thread calling the manual clock's {@code advance()} plays the timer thread.
 */
class DeadlineThreadTest {

    private final CollapserFixture f = new CollapserFixture();

    @Test
    void aSlowDeadlineFallbackDelaysNoOtherDeadline() throws Exception {
        Set<Thread> fallbackThreads = ConcurrentHashMap.newKeySet();
        CountDownLatch fallbackEntered = new CountDownLatch(1);
        CountDownLatch releaseFallback = new CountDownLatch(1);
        // Long windows: both requests are still waiting for their batch when their deadline passes.
        Collapser<Integer, String> slow = f.builder("slow").requestTimeout(Duration.ofMillis(100))
                .configure(c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(10_000)))
                .fallback((argument, failure) -> {
                    fallbackThreads.add(Thread.currentThread());
                    fallbackEntered.countDown();
                    releaseFallback.await();
                    return "slow" + argument;
                }).build();
        Collapser<Integer, String> other = f.builder("other").requestTimeout(Duration.ofMillis(100))
                .configure(c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(10_000)))
                .fallback((argument, failure) -> {
                    fallbackThreads.add(Thread.currentThread());
                    return "other" + argument;
                }).build();
        CompletableFuture<String> slowOne = slow.submit(1);
        CompletableFuture<String> otherOne = other.submit(2);

        Thread timer = Thread.ofPlatform().daemon().name("timer").start(() -> f.advanceMillis(100));
        try {
            assertThat(fallbackEntered.await(20, TimeUnit.SECONDS)).as("the slow fallback started").isTrue();
            assertThat(timer.join(Duration.ofSeconds(20))).as("the timer is free while the fallback runs").isTrue();
            assertThat(otherOne.get(20, TimeUnit.SECONDS)).as("the other request's deadline").isEqualTo("other2");
            assertThat(slowOne).isNotDone();
        } finally {
            releaseFallback.countDown();
        }
        assertThat(slowOne.get(20, TimeUnit.SECONDS)).isEqualTo("slow1");
        assertThat(fallbackThreads).as("threads that ran fallbacks").doesNotContain(timer);
        assertThat(slow.metrics().cumulativeCount(EventType.FALLBACK_SUCCESS)).isEqualTo(1);
        assertThat(other.metrics().cumulativeCount(EventType.FALLBACK_SUCCESS)).isEqualTo(1);
    }
}
