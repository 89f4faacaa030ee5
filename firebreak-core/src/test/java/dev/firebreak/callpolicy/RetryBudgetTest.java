package dev.firebreak.callpolicy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The budget's arithmetic on ticker readings: never above the larger of the fraction and the minimum, in any window. */
class RetryBudgetTest {

    private static final long MS = 1_000_000L;

    @Test
    void tenPercentOfHundredCallsIsTenRetries() {
        RetryBudget budget = new RetryBudget(Duration.ofSeconds(10), 10, 0, 0);
        for (int i = 0; i < 100; i++) {
            budget.onCall(i * MS);
        }
        int granted = 0;
        while (budget.tryAcquire(200 * MS)) {
            granted++;
        }
        assertThat(granted).isEqualTo(10);
        assertThat(budget.extras(200 * MS)).isEqualTo(10);
    }

    @Test
    void theMinimumPerSecondAllowsRetriesWithoutCalls() {
        RetryBudget budget = new RetryBudget(Duration.ofSeconds(10), 10, 3, 0);
        int granted = 0;
        while (budget.tryAcquire(0)) {
            granted++;
        }
        assertThat(granted).isEqualTo(30); // 3 per second over a 10 s window
    }

    /** Envoy's shape: the minimum is a floor for a quiet window, not an addition to a busy one. */
    @Test
    void theMinimumIsAFloorNotAnAddition() {
        RetryBudget budget = new RetryBudget(Duration.ofSeconds(10), 10, 5, 0);
        for (int i = 0; i < 1_000; i++) {
            budget.onCall(i * MS);
        }
        int granted = 0;
        while (budget.tryAcquire(999 * MS)) { // the calls' own bucket (1 s buckets)
            granted++;
        }
        assertThat(granted).isEqualTo(100); // max(10 % of 1000, 5/s * 10 s = 50), not 150
        assertThat(budget.allowance(100)).isEqualTo(50); // a quiet window: the floor wins
        assertThat(budget.allowance(1_000)).isEqualTo(100);
    }

    @Test
    void callsAndRetriesLeaveTheWindowWithTheirBuckets() {
        RetryBudget budget = new RetryBudget(Duration.ofSeconds(1), 50, 0, -5 * MS);
        for (int i = 0; i < 10; i++) {
            budget.onCall(0);
        }
        for (int i = 0; i < 5; i++) {
            assertThat(budget.tryAcquire(0)).isTrue();
        }
        assertThat(budget.tryAcquire(0)).isFalse();
        assertThat(budget.tryAcquire(1_000 * MS)).isFalse(); // the calls left too: nothing allowed
        budget.onCall(1_000 * MS);
        budget.onCall(1_000 * MS);
        assertThat(budget.tryAcquire(1_000 * MS)).isTrue();
        assertThat(budget.tryAcquire(1_000 * MS)).isFalse();
    }

    @Test
    void worksAcrossTheTickerOverflow() {
        long origin = Long.MAX_VALUE - 50 * MS;
        RetryBudget budget = new RetryBudget(Duration.ofMillis(100), 100, 0, origin);
        budget.onCall(origin + 40 * MS);
        budget.onCall(origin + 85 * MS); // wrapped past Long.MAX_VALUE
        budget.onCall(origin + 86 * MS);
        assertThat(budget.calls(origin + 89 * MS)).isEqualTo(3);
        assertThat(budget.tryAcquire(origin + 89 * MS)).isTrue();
        assertThat(budget.tryAcquire(origin + 89 * MS)).isTrue(); // backed by the two calls of its own bucket
        assertThat(budget.tryAcquire(origin + 89 * MS)).isFalse();
    }

    /**
     * A reading taken before another thread's, but locked after it, must not clear the newer bucket:
     * that would forget the extras counted there and let the window exceed its allowance.
     */
    @Test
    void aLateOlderReadingDoesNotForgetANewerBucket() {
        RetryBudget budget = new RetryBudget(Duration.ofSeconds(1), 0, 1, 0); // allowance 1 per window
        assertThat(budget.tryAcquire(1_050 * MS)).isTrue(); // bucket epoch 10, slot 0
        assertThat(budget.tryAcquire(50 * MS)).isFalse();  // epoch 0 shares slot 0: a stale reading
        assertThat(budget.tryAcquire(1_060 * MS)).isFalse();
        assertThat(budget.extras(1_060 * MS)).isEqualTo(1);
    }

    /**
     * Any schedule of calls, extra-attempt requests and clock moves: for every window of 10
     * consecutive buckets, the extras granted in it never exceed the allowance of its calls.
     */
    @Property(tries = 300)
    void neverAboveTheLargerOfFractionAndMinimumInAnyWindow(
            @ForAll @Size(min = 1, max = 400) List<@IntRange(min = 0, max = 30) Integer> steps,
            @ForAll @IntRange(min = 0, max = 100) int percent, @ForAll @IntRange(min = 0, max = 5) int minPerSecond) {
        long bucket = 100 * MS; // 1 s window, 10 buckets
        RetryBudget budget = new RetryBudget(Duration.ofSeconds(1), percent, minPerSecond, 0);
        Map<Long, long[]> perBucket = new HashMap<>(); // epoch -> {calls, extras}
        long now = 0;
        for (int step : steps) {
            if (step < 12) {
                budget.onCall(now);
                perBucket.computeIfAbsent(now / bucket, k -> new long[2])[0]++;
            } else if (step < 24) {
                if (budget.tryAcquire(now)) {
                    perBucket.computeIfAbsent(now / bucket, k -> new long[2])[1]++;
                }
            } else {
                now += (step - 23) * 37 * MS;
            }
        }
        long last = now / bucket;
        for (long end = 0; end <= last; end++) {
            long calls = 0;
            long extras = 0;
            for (long e = end - 9; e <= end; e++) {
                long[] counts = perBucket.getOrDefault(e, new long[2]);
                calls += counts[0];
                extras += counts[1];
            }
            assertThat(extras).as("window ending in bucket %d", end)
                    .isLessThanOrEqualTo(Math.max(calls * percent / 100, minPerSecond));
        }
    }

    @Test
    void manyThreadsNeverTakeMoreThanTheAllowance() throws Exception {
        RetryBudget budget = new RetryBudget(Duration.ofSeconds(10), 20, 5, 0); // max(200, 50) = 200
        for (int i = 0; i < 1_000; i++) {
            budget.onCall(0);
        }
        AtomicLong granted = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(64);
        for (int t = 0; t < 64; t++) {
            Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                    for (int i = 0; i < 100; i++) {
                        if (budget.tryAcquire(0)) {
                            granted.incrementAndGet();
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    done.countDown();
                }
            });
        }
        start.countDown();
        assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(granted.get()).isEqualTo(200);
    }
}
