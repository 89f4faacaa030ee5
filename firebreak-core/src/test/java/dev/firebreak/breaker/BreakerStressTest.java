package dev.firebreak.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.rolling.RollingCounter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** 64 threads at once: no lost count, and never more half-open trials than configured. */
class BreakerStressTest {

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
            f.get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void rollingCounterLosesNoCountWhileBucketsAreInstalledConcurrently() throws Exception {
        long bucket = 1_000;
        long origin = Long.MAX_VALUE - 4 * bucket; // the ten epochs straddle the wrap
        RollingCounter counter = new RollingCounter(2, 10 * bucket, 10, origin);
        AtomicInteger ids = new AtomicInteger();
        runAll(() -> {
            int id = ids.getAndIncrement();
            for (int i = 0; i < 5_000; i++) {
                long now = origin + ((i + id) % 10) * bucket + (i % bucket); // all ten epochs, in every order
                counter.increment(i & 1, now);
                counter.updateMax(id, now);
                if (i % 500 == 0) {
                    counter.sum(0, now); // readers race with installs too
                }
            }
        });
        long end = origin + 10 * bucket - 1;
        assertThat(counter.sum(0, end) + counter.sum(1, end)).isEqualTo(THREADS * 5_000L);
        assertThat(counter.sum(0, end)).isEqualTo(THREADS * 2_500L);
        assertThat(counter.max(end)).isEqualTo(THREADS - 1);
    }

    @Test
    void healthWindowLosesNoOutcome() throws Exception {
        RollingCircuitBreaker breaker = new RollingCircuitBreaker(
                new BreakerConfig(true, Integer.MAX_VALUE, Duration.ofNanos(1_000), 50, false, false, 1, Duration.ZERO, 100), 10_000, 10, -1);
        runAll(() -> {
            for (int i = 0; i < 2_000; i++) {
                long now = -1 + i * 4; // 0..8 µs: across the first buckets
                BreakerPermit permit = breaker.tryAcquire(now);
                breaker.onOutcome(permit, i % 3 == 0 ? EventType.FAILURE : EventType.SUCCESS, 0, now);
            }
        });
        HealthWindow window = breaker.current().window();
        assertThat(window.volume(8_000)).isEqualTo(THREADS * 2_000L);
        assertThat(window.errors(8_000)).isEqualTo(THREADS * 667L);
    }

    @Test
    void neverMoreTrialsThanConfiguredAndEveryHalfOpenSpellEnds() throws Exception {
        int trials = 3;
        long sleep = 100;
        RollingCircuitBreaker breaker = new RollingCircuitBreaker(
                new BreakerConfig(true, 5, Duration.ofNanos(sleep), 20, false, false, trials, Duration.ZERO, 100), 500, 5, 0);
        AtomicLong clock = new AtomicLong();
        AtomicInteger maxTrialsInOneSpell = new AtomicInteger();
        java.util.concurrent.ConcurrentHashMap<Long, AtomicInteger> trialsPerSpell = new java.util.concurrent.ConcurrentHashMap<>();
        AtomicInteger opened = new AtomicInteger();
        AtomicInteger closed = new AtomicInteger();
        breaker.addStateListener((from, to, at) -> {
            if (to == CircuitState.OPEN) {
                opened.incrementAndGet();
            } else if (to == CircuitState.CLOSED) {
                closed.incrementAndGet();
            }
        });
        AtomicInteger ids = new AtomicInteger();
        runAll(() -> {
            int id = ids.getAndIncrement();
            java.util.Random random = new java.util.Random(id);
            for (int i = 0; i < 3_000; i++) {
                long now = clock.addAndGet(random.nextInt(3)); // a shared monotonic clock, moved by the calls
                BreakerPermit permit = breaker.tryAcquire(now);
                if (permit.isTrial()) {
                    int n = trialsPerSpell.computeIfAbsent(permit.period(), k -> new AtomicInteger()).incrementAndGet();
                    maxTrialsInOneSpell.accumulateAndGet(n, Math::max);
                }
                if (permit != BreakerPermit.DENIED) {
                    EventType outcome = switch (random.nextInt(4)) {
                        case 0 -> EventType.FAILURE;
                        case 1 -> EventType.CANCELLED;
                        default -> EventType.SUCCESS;
                    };
                    breaker.onOutcome(permit, outcome, 0, clock.get());
                }
            }
        });
        assertThat(maxTrialsInOneSpell.get()).isLessThanOrEqualTo(trials);
        assertThat(trialsPerSpell).isNotEmpty();
        assertThat(opened.get()).isGreaterThan(1);
        assertThat(closed.get()).isGreaterThan(0);
        // Every permit was reported, so no trial is outstanding: a half-open spell has passed all it
        // admitted (a failure would have reopened it) and still has room; more calls end it.
        BreakerState last = breaker.current();
        if (last.state() == CircuitState.HALF_OPEN) {
            assertThat(last.passed()).as("no trial outstanding").isEqualTo(last.admitted());
            assertThat(last.admitted()).isLessThan(trials);
        }
        long later = clock.get() + 2 * sleep;
        for (int i = 0; i < trials && breaker.current().state() != CircuitState.CLOSED; i++) {
            BreakerPermit permit = breaker.tryAcquire(later);
            assertThat(permit.kind()).isNotEqualTo(BreakerPermit.Kind.DENIED);
            breaker.onOutcome(permit, EventType.SUCCESS, 0, later);
        }
        assertThat(breaker.current().state()).isEqualTo(CircuitState.CLOSED);
    }
}
