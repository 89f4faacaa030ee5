package dev.firebreak.priority;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.context.Criticality;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * No admission above the limit in force under 64 threads at random levels, with and without shares,
 * while calibrations run (a thread moves the manual clock) and, on a guard, while the limit itself is
 * reconfigured: the calls running at once never exceed the limit, and every place comes back; the same
 * with critical calls waiting in the isolation's queue at a full limit.
 */
class PriorityStressTest {

    private static final int THREADS = 64;
    private static final int ROUNDS = 3_000;
    private static final long MS = 1_000_000L;

    @Test
    void theGateNeverAdmitsAboveItsLimitWithOrWithoutShares() throws Exception {
        for (PriorityConfig config : List.of(PriorityConfig.builder().enabled(true).calibrationIntervalInMilliseconds(10).build(),
                PriorityConfig.builder().enabled(true).calibrationIntervalInMilliseconds(10).share(Criticality.CRITICAL, 40)
                        .share(Criticality.SHEDDABLE, 20).build())) {
            ManualClock clock = new ManualClock();
            PriorityGate gate = new PriorityGate(config, () -> 8, () -> 0, clock.read());
            Probe probe = new Probe();
            run(clock, () -> {
                Criticality level = anyLevel();
                Criticality before = Criticality.swap(level);
                Object permit;
                try {
                    permit = gate.enter(clock.read());
                } finally {
                    Criticality.swap(before);
                }
                if (permit != null) {
                    probe.work();
                    gate.exit(permit, EventType.SUCCESS, 1L, clock.read());
                }
            });
            assertThat(probe.ran.get()).isPositive();
            assertThat(probe.most.get()).as("partitioned: %s", config.partitioned()).isLessThanOrEqualTo(8);
            assertThat(gate.inFlight()).isZero();
            for (Criticality level : Criticality.values()) {
                assertThat(gate.inFlight(level)).isZero();
            }
        }
    }

    @Test
    void aGuardWithSharesNeverRunsAboveItsLimitWhileTheLimitIsReconfigured() throws Exception {
        ManualClock clock = new ManualClock();
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        Guard guard = registry.guard("stress").isolation(Isolation.semaphore(8))
                .priorities(PriorityConfig.builder().enabled(true).calibrationIntervalInMilliseconds(10)
                        .share(Criticality.CRITICAL_PLUS, 25).share(Criticality.CRITICAL, 25).build())
                .configure(c -> c.breaker(b -> b.enabled(false))).build();
        Probe probe = new Probe();
        AtomicInteger refusedByLimit = new AtomicInteger();
        AtomicInteger flips = new AtomicInteger();
        run(clock, () -> {
            sometimesFlipTheLimit(guard, flips);
            anyLevel().run(() -> guard.execute(probe::work, failure -> {
                if (failure.event() == EventType.LIMIT_REJECTED || failure.event() == EventType.SEMAPHORE_REJECTED) {
                    refusedByLimit.incrementAndGet();
                }
                return "refused";
            }));
        });
        assertThat(probe.ran.get()).isPositive();
        assertThat(refusedByLimit.get()).isPositive();
        assertThat(probe.most.get()).as("never more than the highest limit set").isLessThanOrEqualTo(8);
        assertThat(guard.controls().permitsInFlight()).isZero();
        assertThat(guard.controls().priorities().inFlight()).isZero();
        registry.close();
    }

    @Test
    void criticalCallsWaitingAtAFullLimitNeverRunAboveItAndEachCallEndsOnce() throws Exception {
        ManualClock clock = new ManualClock();
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        Guard guard = registry.guard("waits").isolation(Isolation.semaphore(8))
                .priorities(PriorityConfig.builder().enabled(true).calibrationIntervalInMilliseconds(10).build())
                .configure(c -> c.breaker(b -> b.enabled(false)).fallback(f -> f.maxConcurrentRequests(THREADS))
                        .isolation(i -> i.semaphoreMaxWait(Duration.ofMillis(200)))).build();
        Probe probe = new Probe();
        AtomicInteger refused = new AtomicInteger();
        AtomicInteger ended = new AtomicInteger();
        AtomicInteger timedOut = new AtomicInteger();
        AtomicInteger flips = new AtomicInteger();
        run(clock, () -> {
            sometimesFlipTheLimit(guard, flips);
            anyLevel().run(() -> guard.execute(probe::work, failure -> {
                // a call that ran may still time out as the clock thread moves time on: it ran, once
                (failure.event() == EventType.TIMEOUT ? timedOut : refused).incrementAndGet();
                return "refused";
            }));
            ended.incrementAndGet();
        });
        assertThat(ended.get()).isEqualTo(THREADS * ROUNDS);
        assertThat(probe.ran.get() + refused.get()).as("each call ran or was refused, once").isEqualTo(THREADS * ROUNDS);
        assertThat(timedOut.get()).isLessThanOrEqualTo(probe.ran.get());
        assertThat(guard.controls().isolator().admittedAfterWait()).as("critical calls did wait").isPositive();
        assertThat(probe.most.get()).as("never more than the highest limit set").isLessThanOrEqualTo(8);
        assertThat(guard.controls().isolator().waiting()).isZero();
        assertThat(guard.controls().permitsInFlight()).isZero();
        assertThat(guard.controls().priorities().inFlight()).isZero();
        registry.close();
    }

    /** One call in 500 flips the guard's semaphore between 8 and 4, live. */
    private static void sometimesFlipTheLimit(Guard guard, AtomicInteger flips) {
        if (ThreadLocalRandom.current().nextInt(500) == 0) {
            int next = flips.incrementAndGet() % 2 == 0 ? 8 : 4;
            guard.controls().reconfigure(guard.controls().config().toBuilder()
                    .isolation(i -> i.semaphoreMaxConcurrentRequests(next)).build());
        }
    }

    private static Criticality anyLevel() {
        return Criticality.values()[ThreadLocalRandom.current().nextInt(4)];
    }

    /** The guarded work: counts the calls that ran and the most that ran at once. */
    private static final class Probe {
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger most = new AtomicInteger();
        final AtomicInteger ran = new AtomicInteger();

        String work() {
            ran.incrementAndGet();
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            Thread.yield(); // hold the permit across a reschedule, so that other threads meet a full limit
            running.decrementAndGet();
            return "ok";
        }
    }

    /** Runs {@code round} ROUNDS times on each of 64 threads while another moves the clock; bounded in time. */
    private static void run(ManualClock clock, Runnable round) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS + 1);
        AtomicBoolean stop = new AtomicBoolean();
        try {
            Future<?> ticking = pool.submit(() -> {
                start.await();
                while (!stop.get()) {
                    clock.advance(MS);
                    Thread.onSpinWait();
                }
                return null;
            });
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < ROUNDS; i++) {
                        round.run();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
            stop.set(true);
            ticking.get(10, TimeUnit.SECONDS);
        } finally {
            stop.set(true);
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }
}
