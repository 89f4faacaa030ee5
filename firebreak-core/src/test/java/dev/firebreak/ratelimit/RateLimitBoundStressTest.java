package dev.firebreak.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The rate bound under 64 threads on the manual clock: while one thread moves the clock in 1 ms steps,
 * 64 threads ask for permits as fast as they can; the times of the admissions (the clock reading each
 * was decided at) never put more than {@code rate * W + burst} in any interval of length W.
 */
class RateLimitBoundStressTest {

    private static final long MS = 1_000_000L;
    private static final int THREADS = 64;

    private List<Long> hammer(RateLimitConfig config, int steps) throws Exception {
        ManualClock clock = new ManualClock(Long.MAX_VALUE - 1_000 * MS); // crosses the overflow
        RateLimiter limiter = new RateLimiter(config, clock);
        ConcurrentLinkedQueue<Long> admittedAt = new ConcurrentLinkedQueue<>();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong attempts = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            workers.add(pool.submit(() -> {
                start.await();
                while (running.get()) {
                    long now = clock.read();
                    attempts.incrementAndGet();
                    if (limiter.enter(now) != null) {
                        admittedAt.add(now);
                    }
                    Thread.onSpinWait();
                }
                return null;
            }));
        }
        start.countDown();
        for (int i = 0; i < steps; i++) {
            long due = attempts.get() + THREADS; // each millisecond sees at least 64 attempts
            while (attempts.get() < due) {
                Thread.onSpinWait();
            }
            clock.advance(MS);
        }
        running.set(false);
        for (Future<?> f : workers) {
            f.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
        List<Long> offsets = new ArrayList<>();
        long origin = Long.MAX_VALUE - 1_000 * MS;
        for (long at : admittedAt) {
            offsets.add(at - origin); // difference from the origin: monotone across the overflow
        }
        offsets.sort(null);
        return offsets;
    }

    /** The most admissions in any interval [t, t + W) starting at an admission. */
    private static int busiest(List<Long> sorted, long windowNanos) {
        int most = 0;
        int j = 0;
        for (int i = 0; i < sorted.size(); i++) {
            while (j < sorted.size() && sorted.get(j) - sorted.get(i) < windowNanos) {
                j++;
            }
            most = Math.max(most, j - i);
        }
        return most;
    }

    @Test
    void aTokenBucketNeverAdmitsMoreThanRateTimesWindowPlusBurst() throws Exception {
        RateLimitConfig config = RateLimitConfig.builder().enabled(true).permitsPerSecond(200).burst(5).build();
        List<Long> admitted = hammer(config, 2_000);
        assertThat(admitted.size()).as("the bucket was exercised").isGreaterThan(100);
        for (long w : new long[] {MS, 10 * MS, 100 * MS, 1_000 * MS}) {
            long bound = 200 * w / 1_000_000_000L + 5;
            assertThat(busiest(admitted, w)).as("admitted in any %d ms", w / MS).isLessThanOrEqualTo((int) bound);
        }
    }

    @Test
    void aSlidingWindowNeverAdmitsMoreThanRateTimesWindowPlusBurstInAnyWindow() throws Exception {
        RateLimitConfig config = RateLimitConfig.builder().enabled(true).kind(RateLimitKind.SLIDING_WINDOW)
                .permitsPerSecond(100).burst(3).window(Duration.ofMillis(200)).build();
        List<Long> admitted = hammer(config, 2_000);
        assertThat(admitted.size()).as("the window was exercised").isGreaterThan(100);
        assertThat(busiest(admitted, 200 * MS)).isLessThanOrEqualTo(100 * 200 / 1000 + 3);
    }
}
