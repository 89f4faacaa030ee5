package dev.firebreak.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Sinks;

/**
 * Unsubscribing races the source's own end on another thread, thousands of times: every subscription
 * ends as exactly one SUCCESS or one CANCELLED, no subscriber sees more than one terminal signal, and
 * every permit comes back.
 */
class CancellationRaceTest {

    private static final int CALLS = 2_000;

    private final ManualClock clock = new ManualClock(); // never advanced: no timeout takes part
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();

    @AfterEach
    void close() {
        threads.shutdownNow();
        registry.close();
    }

    private Guard guard(String name) {
        return registry.guard(name).isolation(Isolation.semaphore(CALLS)).timeout(Duration.ofHours(1)).build();
    }

    @Test
    void aMonoCompletingWhileItsSubscriberCancelsEndsOnceAndReleasesItsPermit() throws Exception {
        Guard guard = guard("mono-race");
        AtomicInteger overSignalled = new AtomicInteger();
        List<Future<?>> racers = new ArrayList<>();
        for (int i = 0; i < CALLS; i++) {
            Sinks.One<String> source = Sinks.one();
            AtomicInteger terminals = new AtomicInteger();
            Disposable subscription = GuardedMono.of(guard, source.asMono(), failure -> "fallback")
                    .doFinally(signal -> {
                        if (terminals.incrementAndGet() > 1) {
                            overSignalled.incrementAndGet();
                        }
                    })
                    .subscribe();
            CountDownLatch start = new CountDownLatch(1);
            racers.add(threads.submit(() -> await(start, () -> source.tryEmitValue("value"))));
            racers.add(threads.submit(() -> await(start, subscription::dispose)));
            start.countDown();
        }
        for (Future<?> racer : racers) {
            racer.get(30, TimeUnit.SECONDS);
        }
        Await.until("every permit is back", () -> guard.controls().permitsInFlight() == 0);
        long success = guard.controls().metrics().cumulativeCount(EventType.SUCCESS);
        long cancelled = guard.controls().metrics().cumulativeCount(EventType.CANCELLED);
        assertThat(success + cancelled).as("one outcome per subscription (%d successes)", success).isEqualTo(CALLS);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FAILURE)).isZero();
        assertThat(overSignalled).hasValue(0);
    }

    @Test
    void aFluxCompletingWhileItsSubscriberCancelsEndsOnceAndReleasesItsPermit() throws Exception {
        Guard guard = guard("flux-race");
        AtomicInteger overSignalled = new AtomicInteger();
        List<Future<?>> racers = new ArrayList<>();
        for (int i = 0; i < CALLS; i++) {
            Sinks.Many<Integer> source = Sinks.many().unicast().onBackpressureBuffer();
            AtomicInteger terminals = new AtomicInteger();
            Disposable subscription = GuardedFlux.of(guard, source.asFlux(), failure -> reactor.core.publisher.Flux.just(-1))
                    .doFinally(signal -> {
                        if (terminals.incrementAndGet() > 1) {
                            overSignalled.incrementAndGet();
                        }
                    })
                    .subscribe();
            CountDownLatch start = new CountDownLatch(1);
            racers.add(threads.submit(() -> await(start, () -> {
                source.tryEmitNext(1);
                source.tryEmitNext(2);
                source.tryEmitComplete();
            })));
            racers.add(threads.submit(() -> await(start, subscription::dispose)));
            start.countDown();
        }
        for (Future<?> racer : racers) {
            racer.get(30, TimeUnit.SECONDS);
        }
        Await.until("every permit is back", () -> guard.controls().permitsInFlight() == 0);
        long success = guard.controls().metrics().cumulativeCount(EventType.SUCCESS);
        long cancelled = guard.controls().metrics().cumulativeCount(EventType.CANCELLED);
        assertThat(success + cancelled).as("one outcome per subscription (%d successes)", success).isEqualTo(CALLS);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FAILURE)).isZero();
        assertThat(overSignalled).hasValue(0);
    }

    private static void await(CountDownLatch start, Runnable action) {
        try {
            start.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        action.run();
    }
}
