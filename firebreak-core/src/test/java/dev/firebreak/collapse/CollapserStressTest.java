package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.CallFailedException;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * 64 platform threads push 10^5 requests through one GLOBAL collapser on the real clock, with batch
 * failures, missing answers and cancellations: every request ends exactly once with the right outcome,
 * and the collapser ends idle.
 */
class CollapserStressTest {

    private static final int THREADS = 64;
    private static final int PER_THREAD = 1563; // 64 x 1563 = 100,032 requests
    private static final int CHUNK = 50;

    @ParameterizedTest
    @EnumSource(DispatchStrategy.class)
    void nothingIsLostUnderSixtyFourThreads(DispatchStrategy strategy) throws Exception {
        GuardRegistry registry = GuardRegistry.builder().build();
        Guard guard = registry.guard("stress-batch").isolation(Isolation.virtualThreads(64))
                .timeout(Duration.ofSeconds(20)).build();
        Collapser<Integer, Integer> collapser = CollapserRegistry.of(registry).<Integer, Integer>collapser("stress").through(guard)
                .batch(arguments -> {
                    int roll = ThreadLocalRandom.current().nextInt(100);
                    if (roll < 3) {
                        throw new IllegalStateException("downstream failed");
                    }
                    List<Integer> values = new ArrayList<>(arguments.size());
                    for (int argument : arguments) {
                        values.add(argument * 2);
                    }
                    if (roll < 6) {
                        values.removeLast(); // the last request's answer is missing
                    }
                    return values;
                }, ResponseMapping.inOrder())
                .configure(c -> c.dispatchStrategy(strategy).timerDelay(Duration.ofMillis(1)).maxRequestsInBatch(200)
                        .loadAwareMaxBatchesInFlight(8).loadAwareLingerInMicroseconds(100))
                .build();

        AtomicLong values = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        AtomicLong missing = new AtomicLong();
        AtomicLong cancelled = new AtomicLong();
        AtomicLong wrong = new AtomicLong();
        CountDownLatch done = new CountDownLatch(THREADS);
        List<Throwable> unexpected = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int base = t * PER_THREAD;
            Thread.ofPlatform().start(() -> {
                try {
                    for (int from = 0; from < PER_THREAD; from += CHUNK) {
                        List<CompletableFuture<Integer>> futures = new ArrayList<>(CHUNK);
                        int to = Math.min(PER_THREAD, from + CHUNK);
                        for (int i = from; i < to; i++) {
                            CompletableFuture<Integer> future = collapser.submit(base + i);
                            if (i % 97 == 0) {
                                future.cancel(true);
                            }
                            futures.add(future);
                        }
                        for (int i = from; i < to; i++) {
                            CompletableFuture<Integer> future = futures.get(i - from);
                            try {
                                int value = future.get(20, TimeUnit.SECONDS);
                                if (value == 2 * (base + i)) {
                                    values.incrementAndGet();
                                } else {
                                    wrong.incrementAndGet();
                                }
                            } catch (CancellationException e) {
                                cancelled.incrementAndGet();
                            } catch (ExecutionException e) {
                                if (e.getCause() instanceof CallFailedException) {
                                    failures.incrementAndGet();
                                } else if (e.getCause() instanceof CollapseException c
                                        && c.reason() == CollapseException.Reason.MISSING_RESPONSE) {
                                    missing.incrementAndGet();
                                } else {
                                    unexpected.add(e.getCause());
                                }
                            }
                        }
                    }
                } catch (Throwable thrown) {
                    unexpected.add(thrown);
                } finally {
                    done.countDown();
                }
            });
        }
        assertThat(done.await(60, TimeUnit.SECONDS)).isTrue();
        assertThat(unexpected).isEmpty();
        assertThat(wrong).hasValue(0);
        long total = (long) THREADS * PER_THREAD;
        assertThat(values.get() + failures.get() + missing.get() + cancelled.get()).isEqualTo(total);
        assertThat(cancelled.get()).isGreaterThan(0);
        assertThat(collapser.snapshot().cumulativeRequests()).isEqualTo(total);
        // every request dispatched was batched exactly once: batched + cancelled-before-dispatch = total
        long batched = collapser.snapshot().cumulativeRequestsBatched();
        assertThat(batched).isBetween(total - cancelled.get(), total);
        assertThat(collapser.snapshot().cumulativeBatches()).isLessThan(total / 2); // it did collapse
        awaitIdle(collapser);
    }

    private static void awaitIdle(Collapser<?, ?> collapser) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (collapser.metrics().batchesInFlight() != 0 || collapser.globalQueue().batchesInFlight() != 0) {
            assertThat(System.nanoTime() - deadline).as("collapser idle in time").isNegative();
            Thread.onSpinWait();
        }
        assertThat(collapser.globalQueue().waiting()).isZero();
    }
}
