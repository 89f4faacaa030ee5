package dev.firebreak.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.metrics.ThreadPoolMetricsSnapshot;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A pool's rolling figures, driven through its (package-private) admission accounting. */
class PoolMetricsTest {

    @Test
    void poolSnapshotCountsExecutedRejectedAndMostActive() throws Exception {
        ManualClock clock = new ManualClock(Long.MAX_VALUE);
        GuardThreadPool pool = new GuardThreadPool("metrics-test", ThreadPoolConfig.builder().coreSize(2).build(), clock);
        try {
            CountDownLatch started = new CountDownLatch(2);
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch finished = new CountDownLatch(2);
            for (int i = 0; i < 2; i++) {
                assertThat(pool.tryAdmit()).isTrue();
                pool.execute(() -> {
                    started.countDown();
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        pool.release();
                        finished.countDown();
                    }
                });
            }
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(pool.tryAdmit()).as("2 threads, no queue").isFalse();
            release.countDown();
            assertThat(finished.await(10, TimeUnit.SECONDS)).isTrue();
            ThreadPoolMetricsSnapshot s = awaitExecuted(pool, 2);
            assertThat(s.rollingRejected()).isEqualTo(1);
            assertThat(s.rollingMaxActive()).isEqualTo(2);
            assertThat(s.name()).isEqualTo("metrics-test");
            assertThat(s.rollingWindowMillis()).isEqualTo(10_000);
            clock.advance(Duration.ofSeconds(10));
            assertThat(pool.metricsSnapshot().rollingExecuted()).isZero();
            assertThat(pool.metricsSnapshot().completedTaskCount()).isEqualTo(2);
        } finally {
            pool.shutdown();
        }
    }

    /** afterExecute runs just after the task's own finally: wait for it, for at most 10 s. */
    private static ThreadPoolMetricsSnapshot awaitExecuted(GuardThreadPool pool, long n) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() - deadline < 0) {
            ThreadPoolMetricsSnapshot s = pool.metricsSnapshot();
            if (s.rollingExecuted() == n) {
                return s;
            }
            Thread.onSpinWait();
            Thread.yield();
        }
        return pool.metricsSnapshot();
    }
}
