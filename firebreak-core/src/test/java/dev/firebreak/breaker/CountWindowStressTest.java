package dev.firebreak.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** 64 threads on a COUNT window: the circuit opens on the crossing call, and no outcome is lost. */
class CountWindowStressTest {

    private static final int THREADS = 64;
    private final ExecutorService threads = Executors.newFixedThreadPool(THREADS);

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    private void runAll(Runnable body) throws Exception {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            done.add(threads.submit(() -> {
                start.await(10, TimeUnit.SECONDS);
                body.run();
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get(60, TimeUnit.SECONDS);
        }
    }

    private static RollingCircuitBreaker counted(int size, int volume, int percent) {
        BreakerConfig config = BreakerConfig.builder().slidingWindowType(SlidingWindowType.COUNT).slidingWindowSize(size)
                .requestVolumeThreshold(volume).errorThresholdPercentage(percent).sleepWindow(Duration.ofHours(1)).build();
        return new RollingCircuitBreaker(config, 10_000, 10, 0);
    }

    /**
     * A full window of 100 successes, then failures from 64 threads: the 50th failure to take its place
     * crosses 50 %. The circuit must be open before that failure's record returns, so at most 49
     * failures can return and still find it closed; and it opens exactly once.
     *
     * <p>Each thread reads the state after its own record has returned: a failure that finds the circuit
     * closed then returned while it was closed. (Counting returns from the state listener would race: the
     * listener runs after the opening CAS, and other failures may return in between.)
     */
    @Test
    void opensBeforeTheCrossingFailureReturns() throws Exception {
        for (int round = 0; round < 20; round++) {
            RollingCircuitBreaker breaker = counted(100, 100, 50);
            AtomicInteger successes = new AtomicInteger();
            runAll(() -> {
                while (successes.getAndIncrement() < 100) {
                    breaker.onOutcome(breaker.tryAcquire(0), EventType.SUCCESS, 0, 0);
                }
            });
            assertThat(breaker.current().window().volume(0)).isEqualTo(100);
            AtomicInteger returnedWhileClosed = new AtomicInteger();
            AtomicInteger opened = new AtomicInteger();
            breaker.addStateListener((from, to, at) -> opened.incrementAndGet());
            runAll(() -> {
                for (int i = 0; i < 10; i++) {
                    BreakerPermit permit = breaker.tryAcquire(1);
                    if (permit != BreakerPermit.DENIED) {
                        breaker.onOutcome(permit, EventType.FAILURE, 0, 1);
                        if (breaker.current().state() == CircuitState.CLOSED) {
                            returnedWhileClosed.incrementAndGet();
                        }
                    }
                }
            });
            assertThat(opened.get()).as("round %s", round).isEqualTo(1);
            assertThat(returnedWhileClosed.get()).as("failures that returned to a closed circuit, round %s", round)
                    .isBetween(0, 49);
            assertThat(breaker.current().state()).isEqualTo(CircuitState.OPEN);
        }
    }

    /** A window larger than every call made holds them all: its figures are the exact totals. */
    @Test
    void aWindowLosesNoOutcome() throws Exception {
        RollingCircuitBreaker breaker = counted(1_000_000, 1_000_000, 50); // never the volume: stays closed
        AtomicInteger ids = new AtomicInteger();
        runAll(() -> {
            int id = ids.getAndIncrement();
            for (int i = 0; i < 3_000; i++) {
                BreakerPermit permit = breaker.tryAcquire(i);
                breaker.onOutcome(permit, (i + id) % 3 == 0 ? EventType.FAILURE : EventType.SUCCESS, 0, i);
            }
        });
        HealthWindow window = breaker.current().window();
        assertThat(breaker.current().state()).isEqualTo(CircuitState.CLOSED);
        assertThat(window.volume(0)).isEqualTo(THREADS * 3_000L);
        assertThat(window.errors(0)).isEqualTo(THREADS * 1_000L);
    }

    /**
     * A window of 100 under 64 threads of alternating outcomes (never 100 % errors, so it stays closed), then
     * 64 threads of successes only: once quiet, the window holds the last 100 calls, all successes, so
     * every error has left it and its figures are 100 calls, 0 errors.
     */
    @Test
    void onceQuietTheLastCallsAreExactlyTheWindow() throws Exception {
        RollingCircuitBreaker breaker = counted(100, 100, 100);
        AtomicInteger ids = new AtomicInteger();
        runAll(() -> {
            int id = ids.getAndIncrement();
            for (int i = 0; i < 3_000; i++) {
                breaker.onOutcome(breaker.tryAcquire(i), (i + id) % 2 == 0 ? EventType.FAILURE : EventType.SUCCESS, 0, i);
            }
        });
        HealthWindow window = breaker.current().window();
        assertThat(window.volume(0)).isEqualTo(100);
        // every thread alternates: any stretch of its calls is about half errors
        assertThat(window.errors(0)).as("half the calls failed").isBetween(1L, 99L);
        runAll(() -> {
            for (int i = 0; i < 10; i++) {
                breaker.onOutcome(breaker.tryAcquire(i), EventType.SUCCESS, 0, i);
            }
        });
        assertThat(window.volume(0)).isEqualTo(100);
        assertThat(window.errors(0)).as("the last 640 calls were successes").isZero();
        assertThat(breaker.current().state()).isEqualTo(CircuitState.CLOSED);
    }
}
