package dev.firebreak;

import dev.firebreak.event.EventType;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.support.CallerKind;
import dev.firebreak.testkit.Await;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * One soak round: a registry on the system clock with a SEMAPHORE, a VIRTUAL and a THREAD guard, the
 * callers that drive {@code calls} calls through them (call {@code id} goes to guard {@code id % 3}),
 * and what every witness saw: the callers, the request logs, the registry's listener, the metrics.
 */
final class SoakRound {

    static final int TIMEOUT_MS = 20;
    private static final int MAX_MISMATCHES_KEPT = 20;

    final long seed;
    final List<Guard> guards;
    final ExecutorService stages = Executors.newVirtualThreadPerTaskExecutor();
    final ScheduledExecutorService interrupter = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("soak-interrupter").factory());
    final SoakTally seen = new SoakTally();
    final SoakTally logged = new SoakTally();
    final SoakTally recorded = new SoakTally();
    final LongAccumulator maxLatenessNanos = new LongAccumulator(Math::max, 0L);
    final LongAdder walkAwayCalls = new LongAdder();
    final LongAdder lateOver10ms = new LongAdder();
    final LongAdder interruptsDelivered = new LongAdder();
    final AtomicInteger bodiesInside = new AtomicInteger();
    final AtomicLong mismatchCount = new AtomicLong();
    final Queue<String> mismatches = new ConcurrentLinkedQueue<>();

    SoakRound(long seed) {
        this.seed = seed;
        GuardRegistry registry = GuardRegistry.builder().build(); // real time: lateness is measured in it
        registry.addListener((name, mask, executionNanos, totalNanos) -> recorded.addMask(mask));
        Duration timeout = Duration.ofMillis(TIMEOUT_MS);
        // A short sleep window: the breaker opens on bursts of timeouts and closes again within the round,
        // so the soak runs through every breaker state instead of short-circuiting most of its calls.
        Consumer<GuardConfig.Builder> breaker = c -> c.breaker(cb -> cb.sleepWindow(Duration.ofMillis(50)));
        this.guards = List.of(
                registry.guard("soak-semaphore").isolation(Isolation.semaphore(64)).timeout(timeout)
                        .configure(breaker).build(),
                registry.guard("soak-virtual").isolation(Isolation.virtualThreads(64)).timeout(timeout)
                        .configure(breaker).build(),
                registry.guard("soak-thread").isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(16)
                        .maxQueueSize(32).queueSizeRejectionThreshold(32).build())).timeout(timeout)
                        .configure(breaker).build());
    }

    /** Drives {@code calls} calls from {@code callers} threads (half platform, half virtual), then waits for every call to end. */
    void drive(int calls, int callers, Duration bound) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(callers);
        for (int c = 0; c < callers; c++) {
            CallerKind kind = c % 2 == 0 ? CallerKind.PLATFORM : CallerKind.VIRTUAL;
            kind.start(() -> {
                try {
                    SoakCall.Slot slot = new SoakCall.Slot(Thread.currentThread());
                    for (int id = next.getAndIncrement(); id < calls; id = next.getAndIncrement()) {
                        SoakCall.run(this, slot, id);
                    }
                } catch (Throwable unexpected) {
                    mismatch("caller died: " + unexpected);
                } finally {
                    done.countDown();
                }
            });
        }
        if (!done.await(bound.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new AssertionError("the callers did not finish within " + bound + " (" + next.get() + " of " + calls + " started)");
        }
        Await.until("every abandoned call ended and every permit came back", () -> bodiesInside.get() == 0
                && guards.stream().allMatch(g -> g.controls().permitsInFlight() == 0 && g.controls().fallbacksInFlight() == 0
                        && g.controls().metrics().currentConcurrentExecutions() == 0),
                () -> "(bodies " + bodiesInside.get() + ")");
    }

    /** Stops the round's own threads: the pool, the stage executor, the interrupter. */
    void close() throws InterruptedException {
        for (Guard guard : guards) {
            if (guard.controls().threadPool() != null) {
                guard.controls().threadPool().shutdown();
            }
        }
        stages.shutdown();
        interrupter.shutdownNow();
        stages.awaitTermination(20, TimeUnit.SECONDS);
        interrupter.awaitTermination(20, TimeUnit.SECONDS);
    }

    Guard guardFor(long id) {
        return guards.get((int) (id % guards.size()));
    }

    static boolean callerWalksAway(Guard guard, SoakCall.Mode mode) {
        return guard.controls().isolationStrategy() != IsolationStrategy.SEMAPHORE || mode == SoakCall.Mode.SUBMIT_ASYNC;
    }

    void mismatch(String description) {
        if (mismatchCount.incrementAndGet() <= MAX_MISMATCHES_KEPT) {
            mismatches.add(description);
        }
    }

    /** The metrics' cumulative counts over the three guards, as a tally. */
    SoakTally metricsTally() {
        SoakTally tally = new SoakTally();
        for (EventType type : EventType.values()) {
            if (type.kind() != EventType.Kind.MARKER) {
                long total = 0;
                for (Guard guard : guards) {
                    total += guard.controls().metrics().cumulativeCount(type);
                }
                tally.add(type, total);
            }
        }
        return tally;
    }
}
