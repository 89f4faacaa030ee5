package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.support.CallerKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * 64 caller threads (platform, then virtual) drive 10^5 calls per isolation strategy through one
 * small guard, with failures, bad requests, fallbacks and cancellations mixed in. Every call must
 * complete exactly once (counted per call id, both from the caller's side and from the listener's),
 * and the calls running at once must never exceed the bound.
 */
class GuardStressTest {

    private static final int CALLERS = 64;
    private static final int CALLS = 100_000;
    private static final int BOUND = 8;

    static List<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (IsolationStrategy isolation : IsolationStrategy.values()) {
            for (CallerKind caller : CallerKind.values()) {
                cases.add(Arguments.of(isolation, caller));
            }
        }
        return cases;
    }

    @ParameterizedTest(name = "{0} from {1} threads")
    @MethodSource("cases")
    void noCallIsLostOrDuplicatedAndTheBoundHolds(IsolationStrategy isolation, CallerKind caller) throws Exception {
        GuardRegistry registry = GuardRegistry.builder().build(); // real time: timeouts far away, never asserted
        Isolation bounded = switch (isolation) {
            case SEMAPHORE -> Isolation.semaphore(BOUND);
            case VIRTUAL -> Isolation.virtualThreads(BOUND);
            case THREAD -> Isolation.threadPool(ThreadPoolConfig.builder().coreSize(BOUND).maxQueueSize(16)
                    .queueSizeRejectionThreshold(16).build());
        };
        Guard guard = registry.guard("stress").isolation(bounded).timeout(Duration.ofMinutes(5)).build();

        AtomicInteger running = new AtomicInteger();
        AtomicInteger maxRunning = new AtomicInteger();
        AtomicIntegerArray callerOutcomes = new AtomicIntegerArray(CALLS);
        LongAdder listenerOutcomes = new LongAdder();
        LongAdder executionEvents = new LongAdder();
        guard.controls().addListener((name, events, exec, total) -> {
            listenerOutcomes.increment();
            if (Events.executionEvent(events) != null) {
                executionEvents.increment();
            }
        });
        ExecutorService stages = Executors.newVirtualThreadPerTaskExecutor();
        AtomicInteger next = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(CALLERS);
        List<CompletableFuture<?>> cancelledOnes = java.util.Collections.synchronizedList(new ArrayList<>());

        for (int t = 0; t < CALLERS; t++) {
            caller.start(() -> {
                try {
                    for (int id = next.getAndIncrement(); id < CALLS; id = next.getAndIncrement()) {
                        runOne(guard, id, running, maxRunning, callerOutcomes, stages, cancelledOnes);
                    }
                } finally {
                    done.countDown();
                }
            });
        }
        assertThat(done.await(120, TimeUnit.SECONDS)).as("callers finished").isTrue();
        for (CompletableFuture<?> recorded : cancelledOnes) {
            recorded.get(60, TimeUnit.SECONDS);
        }
        dev.firebreak.testkit.Await.until("every outcome reported", () -> listenerOutcomes.sum() == CALLS,
                () -> "(" + listenerOutcomes.sum() + " of " + CALLS + ")");
        dev.firebreak.testkit.Await.until("every permit returned", () -> guard.controls().permitsInFlight() == 0);

        for (int id = 0; id < CALLS; id++) {
            assertThat(callerOutcomes.get(id)).as("outcomes seen by the caller of call %d", id).isEqualTo(1);
        }
        assertThat(executionEvents.sum()).isEqualTo(CALLS);
        // THREAD admits maximumSize + queue bound; non-blocking stages (kind 9) count against that
        // admission bound without a pool thread, so they may run beside the pool's BOUND threads.
        int admissionBound = isolation == IsolationStrategy.THREAD ? BOUND + 16 : BOUND;
        assertThat(maxRunning.get()).as("most calls running at once").isLessThanOrEqualTo(admissionBound);
        assertThat(guard.controls().peakPermitsInFlight()).isLessThanOrEqualTo(admissionBound);
        if (guard.controls().threadPool() != null) {
            assertThat(guard.controls().threadPool().largestPoolSize()).as("pool threads").isLessThanOrEqualTo(BOUND);
        }
        assertThat(guard.controls().fallbacksInFlight()).isZero();
        assertThat(guard.controls().metrics().currentConcurrentExecutions()).isZero();
        long completedWork = guard.controls().metrics().cumulativeCount(EventType.SUCCESS)
                + guard.controls().metrics().cumulativeCount(EventType.FAILURE)
                + guard.controls().metrics().cumulativeCount(EventType.BAD_REQUEST);
        assertThat(completedWork).as("some calls got through").isPositive();
        if (guard.controls().threadPool() != null) {
            guard.controls().threadPool().shutdown();
        }
        stages.shutdown();
    }

    private static void runOne(Guard guard, int id, AtomicInteger running, AtomicInteger maxRunning,
            AtomicIntegerArray outcomes, ExecutorService stages, List<CompletableFuture<?>> cancelledOnes) {
        int kind = id % 10;
        GuardedCall<Integer> body = () -> {
            int now = running.incrementAndGet();
            maxRunning.accumulateAndGet(now, Math::max);
            try {
                if (ThreadLocalRandom.current().nextInt(4) == 0) {
                    Thread.yield();
                }
                if (kind == 7) {
                    throw new IllegalStateException("failure " + id);
                }
                if (kind == 8) {
                    throw new BadRequestException("bad " + id);
                }
                return id;
            } finally {
                running.decrementAndGet();
            }
        };
        Fallback<Integer> fallback = kind % 2 == 0 ? failure -> -id : null;
        try {
            if (kind == 3 || kind == 9) {
                CompletableFuture<Integer> future = kind == 3
                        ? guard.submit(body, fallback)
                        : guard.submitAsync(() -> CompletableFuture.supplyAsync(() -> {
                            try {
                                return body.call();
                            } catch (Exception e) {
                                throw new java.util.concurrent.CompletionException(e);
                            }
                        }, stages), fallback);
                if (id % 20 == 3) {
                    future.cancel(true);
                }
                // Wait on the very stage that records the outcome: a second dependent of the same
                // future may run before this one, so waiting on it would race with the count.
                cancelledOnes.add(future.handle((value, thrown) -> {
                    outcomes.incrementAndGet(id);
                    return null;
                }));
            } else {
                guard.execute(body, fallback);
                outcomes.incrementAndGet(id);
            }
        } catch (RuntimeException expected) {
            outcomes.incrementAndGet(id);
        }
    }
}
