package dev.firebreak.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.metrics.GuardMetricsSnapshot;
import dev.firebreak.testkit.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An operator's transitions through a real Guard ({@code guard.controls().circuitBreaker()}): what the
 * calls meet, what the metrics snapshot reports, and 64 threads of calls racing every transition.
 */
class GuardBreakerOperationsTest {

    private final ManualClock clock = new ManualClock(Long.MAX_VALUE - 3_000_000_000L);
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    @AfterEach
    void close() {
        registry.close();
    }

    private static String fail() throws IOException {
        throw new IOException("down");
    }

    @Test
    void forcedOpenShortCircuitsWithoutRunningAndTheSnapshotSaysForced() {
        Guard guard = registry.guard("forced").isolation(Isolation.semaphore(10)).build();
        guard.controls().circuitBreaker().forceOpen();
        AtomicBoolean ran = new AtomicBoolean();
        assertThat(guard.execute(() -> {
            ran.set(true);
            return "live";
        }, failure -> failure.event().name())).isEqualTo("SHORT_CIRCUITED");
        assertThat(ran).isFalse();
        GuardMetricsSnapshot snapshot = guard.controls().metrics().snapshot();
        assertThat(snapshot.circuitState()).isEqualTo(CircuitState.OPEN);
        assertThat(snapshot.circuitMode()).isEqualTo(BreakerMode.FORCED_OPEN);
        assertThat(snapshot.circuitForced()).isTrue();
        assertThat(snapshot.circuitOpen()).isTrue();
        guard.controls().circuitBreaker().automatic();
        assertThat(guard.execute(() -> "live", failure -> "fallback")).isEqualTo("live");
        assertThat(guard.controls().metrics().snapshot().circuitForced()).isFalse();
    }

    @Test
    void metricsOnlyRunsEveryCallWhileTheSnapshotReportsTheStateItWouldBeIn() {
        Guard guard = registry.guard("observed").isolation(Isolation.semaphore(10))
                .configure(c -> c.breaker(cb -> cb.initialMode(BreakerMode.METRICS_ONLY))).build();
        for (int i = 0; i < 20; i++) {
            guard.execute(GuardBreakerOperationsTest::fail, failure -> "fallback");
        }
        assertThat(guard.execute(() -> "live", failure -> "fallback")).isEqualTo("live");
        GuardMetricsSnapshot snapshot = guard.controls().metrics().snapshot();
        assertThat(snapshot.circuitState()).as("what it would be").isEqualTo(CircuitState.OPEN);
        assertThat(snapshot.circuitMode()).isEqualTo(BreakerMode.METRICS_ONLY);
        assertThat(snapshot.circuitOpen()).as("it short-circuits nothing").isFalse();
        assertThat(snapshot.rolling().get(EventType.SHORT_CIRCUITED)).isZero();
    }

    /**
     * Calls race an operator cycling through every transition. Checked: a call that began after
     * forceOpen() returned and ended before the next transition began never ran; every call completed
     * exactly once (one listener report each, the counts add up, no permit held); and the breaker is left
     * with no trial outstanding, so it closes after one sleep window.
     */
    @Test
    void sixtyFourThreadsOfCallsRaceEveryTransition() throws Exception {
        int threads = 64;
        int each = 1_500;
        Guard guard = registry.guard("raced").isolation(Isolation.semaphore(threads))
                .configure(c -> c.breaker(cb -> cb.requestVolumeThreshold(5).halfOpenTrialCalls(2))).build();
        CircuitBreakerView breaker = guard.controls().circuitBreaker();
        LongAdder reported = new LongAdder();
        guard.controls().addListener((name, events, executionNanos, totalNanos) -> reported.increment());
        AtomicLong forcedOpen = new AtomicLong(); // odd: forceOpen() has returned and no later transition has begun
        AtomicInteger ranWhileForcedOpen = new AtomicInteger();
        AtomicInteger refusedWhileForcedOpen = new AtomicInteger();
        AtomicInteger callersLeft = new AtomicInteger(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
        try {
            CyclicBarrier start = new CyclicBarrier(threads + 1);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                done.add(pool.submit(() -> {
                    start.await(10, TimeUnit.SECONDS);
                    java.util.Random random = new java.util.Random(id);
                    for (int i = 0; i < each; i++) {
                        boolean failing = random.nextInt(3) == 0;
                        long before = forcedOpen.get();
                        AtomicBoolean ran = new AtomicBoolean();
                        guard.execute(() -> {
                            ran.set(true);
                            return failing ? fail() : "ok";
                        }, failure -> "fallback");
                        if ((before & 1) == 1 && forcedOpen.get() == before) {
                            (ran.get() ? ranWhileForcedOpen : refusedWhileForcedOpen).incrementAndGet();
                        }
                    }
                    callersLeft.decrementAndGet();
                    return null;
                }));
            }
            done.add(pool.submit(() -> {
                start.await(10, TimeUnit.SECONDS);
                for (int round = 0; callersLeft.get() > 0; round++) {
                    forcedOpen.set(2L * round + 2); // even, and new: a transition begins
                    switch (round % 7) {
                        case 0 -> breaker.forceOpen();
                        case 1 -> breaker.automatic();
                        case 2 -> breaker.forceClosed();
                        case 3 -> breaker.metricsOnly();
                        case 4 -> breaker.disable();
                        case 5 -> breaker.reset();
                        default -> clock.advance(Duration.ofSeconds(5)); // sleep windows end: trials race too
                    }
                    if (round % 7 == 0) {
                        forcedOpen.set(2L * round + 3); // odd: forceOpen() returned, and nothing since
                        int refused = refusedWhileForcedOpen.get();
                        while (refusedWhileForcedOpen.get() == refused && callersLeft.get() > 0) {
                            Thread.onSpinWait(); // hold it until a call has begun and ended inside it
                        }
                    }
                    Thread.onSpinWait();
                }
                return null;
            }));
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        long calls = (long) threads * each;
        assertThat(ranWhileForcedOpen.get()).as("calls run while forced open").isZero();
        assertThat(refusedWhileForcedOpen.get()).as("calls made wholly inside a forced-open spell").isPositive();
        assertThat(reported.sum()).as("one report per call").isEqualTo(calls);
        assertThat(guard.controls().permitsInFlight()).isZero();
        long outcomes = 0;
        for (EventType event : List.of(EventType.SUCCESS, EventType.FAILURE, EventType.TIMEOUT,
                EventType.SHORT_CIRCUITED, EventType.SEMAPHORE_REJECTED)) {
            outcomes += guard.controls().metrics().cumulativeCount(event);
        }
        assertThat(outcomes).as("one outcome per call").isEqualTo(calls);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.SHORT_CIRCUITED)).as("forced open refused some")
                .isPositive();
        breaker.automatic();
        clock.advance(Duration.ofSeconds(5));
        for (int i = 0; i < 2 && breaker.state() != CircuitState.CLOSED; i++) {
            assertThat(guard.execute(() -> "ok", failure -> "refused")).as("no trial left outstanding").isEqualTo("ok");
        }
        assertThat(breaker.state()).isEqualTo(CircuitState.CLOSED);
    }
}
