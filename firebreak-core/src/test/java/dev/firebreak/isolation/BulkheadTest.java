package dev.firebreak.isolation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BulkheadTest {

    @Test
    void admitsUpToTheLimitAndRefusesWithoutSideEffects() {
        Bulkhead bulkhead = new Bulkhead(2);
        assertThat(bulkhead.tryAcquire()).isTrue();
        assertThat(bulkhead.tryAcquire()).isTrue();
        assertThat(bulkhead.tryAcquire()).isFalse();
        assertThat(bulkhead.inFlight()).isEqualTo(2);
        bulkhead.release();
        assertThat(bulkhead.tryAcquire()).isTrue();
        assertThat(bulkhead.peak()).isEqualTo(2);
    }

    @Test
    void aLoweredLimitLetsHeldPermitsFinishButAdmitsNobodyNew() {
        Bulkhead bulkhead = new Bulkhead(3);
        for (int i = 0; i < 3; i++) {
            assertThat(bulkhead.tryAcquire()).isTrue();
        }
        bulkhead.setLimit(1);
        bulkhead.release();
        assertThat(bulkhead.tryAcquire()).isFalse();
        bulkhead.release();
        bulkhead.release();
        assertThat(bulkhead.tryAcquire()).isTrue();
    }

    @Test
    void aDoubleReleaseIsCaughtAndLeavesTheCountIntact() {
        Bulkhead bulkhead = new Bulkhead(1);
        assertThat(bulkhead.tryAcquire()).isTrue();
        bulkhead.release();
        assertThatThrownBy(bulkhead::release).isInstanceOf(IllegalStateException.class);
        assertThat(bulkhead.inFlight()).isZero();
        assertThat(bulkhead.limit()).as("the limit half lent nothing for good").isEqualTo(1);
        assertThat(bulkhead.tryAcquire()).isTrue();
        assertThat(bulkhead.tryAcquire()).as("still one at most").isFalse();
        bulkhead.release();
        assertThat(bulkhead.inFlight()).isZero();
    }

    @Test
    void neverOvershootsUnder64Threads() throws Exception {
        Bulkhead bulkhead = new Bulkhead(5);
        AtomicInteger holders = new AtomicInteger();
        AtomicInteger maxHolders = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(64);
        try (ExecutorService threads = Executors.newFixedThreadPool(64)) {
            for (int t = 0; t < 64; t++) {
                threads.execute(() -> {
                    for (int i = 0; i < 5_000; i++) {
                        if (bulkhead.tryAcquire()) {
                            maxHolders.accumulateAndGet(holders.incrementAndGet(), Math::max);
                            holders.decrementAndGet();
                            bulkhead.release();
                        }
                    }
                    done.countDown();
                });
            }
            assertThat(done.await(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(maxHolders.get()).isLessThanOrEqualTo(5);
        assertThat(bulkhead.peak()).isLessThanOrEqualTo(5);
        assertThat(bulkhead.inFlight()).isZero();
    }
}
