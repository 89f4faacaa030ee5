package dev.firebreak.isolation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.metrics.ThreadPoolMetricsSnapshot;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The admission bound (most threads plus the queue bound) must fit an int; a size that breaks it changes nothing. */
class PoolAdmissionBoundTest {

    private static final int MAX = Integer.MAX_VALUE;

    @Test
    void theBuilderRefusesASizeWhoseAdmissionBoundOverflowsNamingKeyValueAndRule() {
        assertThatThrownBy(() -> ThreadPoolConfig.builder().coreSize(MAX).maxQueueSize(10).build())
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> {
                    assertThat(e.key()).isEqualTo("coreSize");
                    assertThat(e.value()).isEqualTo(String.valueOf(MAX));
                    assertThat(e.rule()).contains("admission bound", "2147483652", "must not exceed 2147483647");
                    assertThat(e.relatedKeys()).contains("maxQueueSize", "queueSizeRejectionThreshold");
                });
        assertThatThrownBy(() -> ThreadPoolConfig.builder().allowMaximumSizeToDivergeFromCoreSize(true)
                .maximumSize(MAX - 2).maxQueueSize(MAX).queueSizeRejectionThreshold(3).build())
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> assertThat(e.key()).isEqualTo("maximumSize"));
        assertThatThrownBy(() -> ThreadPoolConfig.builder().maxQueueSize(MAX).queueSizeRejectionThreshold(MAX).build())
                .isInstanceOfSatisfying(InvalidConfigException.class,
                        e -> assertThat(e.keys()).contains("queueSizeRejectionThreshold"));
    }

    @Test
    void theLargestBoundsThatFitAreAccepted() {
        assertThat(bound(ThreadPoolConfig.builder().coreSize(MAX).build())).isEqualTo(MAX); // no queue
        assertThat(bound(ThreadPoolConfig.builder().coreSize(MAX - 5).maxQueueSize(10).build())).isEqualTo(MAX);
        // a large maximumSize does not count while the pool may not diverge from coreSize
        assertThat(bound(ThreadPoolConfig.builder().maximumSize(MAX).maxQueueSize(10).build())).isEqualTo(15);
    }

    private static long bound(ThreadPoolConfig config) {
        return (long) config.effectiveMaximumSize() + config.effectiveQueueBound();
    }

    @Test
    void aReconfigurationThatBreaksTheBoundChangesNothingAndLeaksNoThread() throws Exception {
        GuardThreadPool pool = new GuardThreadPool("bounded", ThreadPoolConfig.builder().maxQueueSize(10).build());
        try {
            ThreadPoolConfig before = pool.config();
            // a valid record on its own (no queue), but this pool's queue is fixed at 10: 2^31-1 + 5 overflows
            ThreadPoolConfig next = ThreadPoolConfig.builder().coreSize(MAX).build();

            Throwable refused = catchThrowable(() -> pool.reconfigure(next));

            ThreadPoolMetricsSnapshot snapshot = pool.metricsSnapshot();
            assertThat(snapshot.corePoolSize()).as("executor core size untouched").isEqualTo(10);
            assertThat(snapshot.maximumPoolSize()).as("executor maximum size untouched").isEqualTo(10);
            assertThat(pool.config()).isSameAs(before);
            assertThat(pool.admissionLimit()).isEqualTo(15);
            assertThat(refused).isInstanceOfSatisfying(InvalidConfigException.class, e -> {
                assertThat(e.key()).isEqualTo("coreSize");
                assertThat(e.getMessage()).contains("2147483647", "admission bound");
            });

            // one call after another: the pool keeps at most coreSize threads
            for (int i = 0; i < 30; i++) {
                CountDownLatch ran = new CountDownLatch(1);
                assertThat(pool.tryAdmit()).isTrue();
                assertThat(pool.execute(() -> {
                    try {
                        ran.countDown();
                    } finally {
                        pool.release();
                    }
                })).isTrue();
                assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
            }
            assertThat(pool.poolSize()).isLessThanOrEqualTo(10);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aValidReconfigurationStillAppliesInEitherDirection() {
        GuardThreadPool pool = new GuardThreadPool("resized", ThreadPoolConfig.builder().maxQueueSize(10).build());
        try {
            pool.reconfigure(pool.config().toBuilder().coreSize(MAX - 5).build());
            assertThat(pool.admissionLimit()).isEqualTo(MAX);
            assertThat(pool.metricsSnapshot().corePoolSize()).isEqualTo(MAX - 5);
            pool.reconfigure(pool.config().toBuilder().coreSize(3).build());
            assertThat(pool.admissionLimit()).isEqualTo(8);
            assertThat(pool.metricsSnapshot().maximumPoolSize()).isEqualTo(3);
        } finally {
            pool.shutdown();
        }
    }
}
