package dev.firebreak.callpolicy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The throttle's token arithmetic with worked numbers (gRPC's defaults here: 10 tokens, 0.2 back per
 * success, extra attempts while above 5), and its invariant under 64 threads.
 */
class RetryThrottleTest {

    @Test
    void anOutageDrainsTheCountAndStopsExtraAttemptsAfterFiveFailures() {
        RetryThrottle throttle = new RetryThrottle(10, 0.2);
        assertThat(throttle.tokens()).isEqualTo(10.0);
        for (int failures = 1; failures <= 4; failures++) {
            throttle.onFailure();
            assertThat(throttle.allows()).as("after %d failures", failures).isTrue(); // 9, 8, 7, 6 > 5
        }
        throttle.onFailure();
        assertThat(throttle.tokens()).isEqualTo(5.0);
        assertThat(throttle.allows()).isFalse(); // 5 is not above 5
        for (int i = 0; i < 100; i++) {
            throttle.onFailure();
        }
        assertThat(throttle.tokens()).isEqualTo(0.0); // never below zero
    }

    @Test
    void successesRefillTheCountAFifthOfATokenEach() {
        RetryThrottle throttle = new RetryThrottle(10, 0.2);
        for (int i = 0; i < 10; i++) {
            throttle.onFailure();
        }
        for (int i = 0; i < 25; i++) {
            throttle.onSuccess();
        }
        assertThat(throttle.tokens()).isEqualTo(5.0); // 25 * 0.2
        assertThat(throttle.allows()).isFalse();
        throttle.onSuccess();
        assertThat(throttle.tokens()).isEqualTo(5.2);
        assertThat(throttle.allows()).isTrue(); // 26 successes after a drain
        for (int i = 0; i < 100; i++) {
            throttle.onSuccess();
        }
        assertThat(throttle.tokens()).isEqualTo(10.0); // never above the maximum
    }

    /**
     * One failure in ten: each outcome drifts by 0.9 * 0.2 - 0.1 = +0.08 tokens on average, so the count
     * stays near full, but not always: it is a random walk held at the maximum, and its dips below the
     * maximum are about exponential with rate 0.92 per token (the root of 0.1 e^t + 0.9 e^(-0.2 t) = 1).
     * So with 10 tokens the count is below half (a dip of 5) about e^(-4.6), 1 % of the time, and with
     * 20 tokens (a dip of 10) about 1 in 10 000: why the default is 20. One failure in five (above
     * 0.2 / 1.2 = 17 %) drifts by 0.8 * 0.2 - 0.2 = -0.04 and drains it.
     */
    @Test
    void aTenPercentFailureStreamKeepsTwentyTokensAboveHalfAndTwentyPercentDrainsIt() {
        int outcomes = 100_000;
        assertThat(refusedFraction(new RetryThrottle(10, 0.2), 0.10, outcomes)).isBetween(0.002, 0.05);
        assertThat(refusedFraction(new RetryThrottle(20, 0.2), 0.10, outcomes)).isLessThan(0.001);
        assertThat(refusedFraction(new RetryThrottle(20, 0.2), 0.0, outcomes)).isZero();

        RetryThrottle heavy = new RetryThrottle(20, 0.2);
        for (int i = 0; i < 2_000; i++) {
            if (i % 5 == 0) {
                heavy.onFailure();
            } else {
                heavy.onSuccess();
            }
        }
        assertThat(heavy.allows()).isFalse();
    }

    /** The fraction of {@code outcomes} after which the throttle refuses, on a seeded stream failing {@code rate}. */
    private static double refusedFraction(RetryThrottle throttle, double rate, int outcomes) {
        Random random = new Random(11);
        int refused = 0;
        for (int i = 0; i < outcomes; i++) {
            if (random.nextDouble() < rate) {
                throttle.onFailure();
            } else {
                throttle.onSuccess();
            }
            refused += throttle.allows() ? 0 : 1;
        }
        return refused / (double) outcomes;
    }

    @Test
    void aCountKeptAcrossReconfigurationIsClampedToTheNewMaximum() {
        RetryThrottle throttle = new RetryThrottle(10, 0.2);
        throttle.reconfigure(4, 0.5);
        assertThat(throttle.tokens()).isEqualTo(4.0);
        throttle.onFailure();
        throttle.onSuccess();
        assertThat(throttle.tokens()).isEqualTo(3.5);
        assertThatThrownBy(() -> throttle.reconfigure(0, 0.5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxTokens > 0");
        assertThatThrownBy(() -> new RetryThrottle(10, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetryThrottle(10, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThat(throttle.tokens()).isEqualTo(3.5); // a refused change leaves the throttle as it was
    }

    /**
     * 64 threads feed failures and successes and read the decision: the stored count never leaves
     * [0, max], and every allow decision agrees with the count read just before and after it when those
     * two readings are equal. Then no update is lost: on a throttle too large to clamp, 64 threads take
     * 1000 tokens each and then give back 1000 successes' worth each, and the count is exact.
     */
    @Test
    void sixtyFourThreadsNeverMoveTheCountOutsideZeroToMax() throws Exception {
        RetryThrottle throttle = new RetryThrottle(10, 0.2);
        int threads = 64;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        AtomicLong outOfRange = new AtomicLong();
        AtomicLong inconsistent = new AtomicLong();
        List<Future<?>> done = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                int seed = t;
                done.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    start.await();
                    for (int i = 0; i < 20_000; i++) {
                        if (random.nextDouble() < 0.3) {
                            throttle.onFailure();
                        } else {
                            throttle.onSuccess();
                        }
                        long stored = throttle.milliTokens();
                        if (stored < 0 || stored > 10_000) {
                            outOfRange.incrementAndGet();
                        }
                        long before = throttle.milliTokens();
                        boolean allows = throttle.allows();
                        long after = throttle.milliTokens();
                        // the decision was taken on a count between two readings; if both sides agree, so must it
                        if (before > 5_000 && after > 5_000 && !allows || before <= 5_000 && after <= 5_000 && allows) {
                            if (before == after) {
                                inconsistent.incrementAndGet();
                            }
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
            assertThat(outOfRange.get()).isZero();
            assertThat(inconsistent.get()).isZero();

            drainThenRefill(pool, threads);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void drainThenRefill(ExecutorService pool, int threads) throws Exception {
        int max = 1_000_000;
        RetryThrottle large = new RetryThrottle(max, 0.2);
        runOnAll(pool, threads, large::onFailure);
        assertThat(large.milliTokens()).isEqualTo((max - threads * 1_000L) * 1_000);
        runOnAll(pool, threads, large::onSuccess);
        assertThat(large.milliTokens()).isEqualTo((max - threads * 1_000L) * 1_000 + threads * 1_000L * 200);
    }

    private static void runOnAll(ExecutorService pool, int threads, Runnable outcome) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            done.add(pool.submit(() -> {
                start.await();
                for (int i = 0; i < 1_000; i++) {
                    outcome.run();
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> f : done) {
            f.get(60, TimeUnit.SECONDS);
        }
    }
}
