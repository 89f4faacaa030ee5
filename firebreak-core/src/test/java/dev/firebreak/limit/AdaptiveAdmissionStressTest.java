package dev.firebreak.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.isolation.Bulkhead;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The adaptive limit's admission stays exact under 64 threads while the limit moves: each thread
 * admits, holds, and gives back permits, feeding AIMD samples (a drop every seventh, so the limit
 * falls and climbs all the time). Each admission checks the word its compare-and-set left (the limit in
 * force at that instant and the in-flight count with it): never more in flight than that limit, than the
 * highest limit ever set, or than the maximum; the count returns to zero and every permit came back.
 */
class AdaptiveAdmissionStressTest {

    private static final int THREADS = 64;
    private static final int ROUNDS = 2_000;

    @Test
    void noAdmissionAboveTheLimitInForceWhileAimdMovesIt() throws Exception {
        Bulkhead permits = new Bulkhead(0);
        AtomicInteger highestSet = new AtomicInteger();
        AtomicInteger aboveLimit = new AtomicInteger();
        AdaptiveLimit limit = new AdaptiveLimit(LimitConfig.builder().algorithm(LimitKind.AIMD).initialLimit(8)
                .minLimit(2).maxLimit(24).build(), 8, next -> {
                    highestSet.accumulateAndGet(next, Math::max);
                    permits.setLimit(next);
                });
        AtomicLong tick = new AtomicLong();
        AtomicInteger admitted = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            done.add(pool.submit(() -> {
                start.await();
                for (int i = 0; i < ROUNDS; i++) {
                    long word = permits.tryAcquireWord();
                    if (word < 0) {
                        refused.incrementAndGet();
                        continue;
                    }
                    admitted.incrementAndGet();
                    int limitInForce = (int) (word >>> 32);
                    int inFlight = (int) word;
                    if (inFlight > limitInForce || inFlight > highestSet.get() || inFlight > 24) {
                        aboveLimit.incrementAndGet();
                    }
                    long began = tick.getAndIncrement();
                    Thread.onSpinWait();
                    permits.release();
                    limit.onSample(began, 1 + (i % 5), inFlight, (i + thread) % 7 == 0);
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> f : done) {
            f.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
        assertThat(aboveLimit.get()).as("admissions above the limit in force").isZero();
        assertThat(permits.inFlight()).as("every permit back").isZero();
        assertThat(admitted.get() + refused.get()).isEqualTo(THREADS * ROUNDS);
        assertThat(admitted.get()).as("some admitted").isPositive();
        assertThat(permits.peak()).isLessThanOrEqualTo(24);
        assertThat(limit.limit()).isBetween(2, 24);
    }
}
