package com.netflix.hystrix.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.HystrixEventType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RollingNumberTest {

    private final AtomicLong now = new AtomicLong(1_000);
    // a window of 1 s in 4 buckets of 250 ms
    private final HystrixRollingNumber counter = new HystrixRollingNumber(now::get, 1_000, 4);

    @Test
    void sumsTheWindowAndForgetsBucketsThatLeaveIt() {
        counter.add(HystrixRollingNumberEvent.SUCCESS, 3);
        now.addAndGet(250);
        counter.increment(HystrixRollingNumberEvent.SUCCESS);
        counter.increment(HystrixRollingNumberEvent.FAILURE);
        assertThat(counter.getRollingSum(HystrixRollingNumberEvent.SUCCESS)).isEqualTo(4);
        assertThat(counter.getValues(HystrixRollingNumberEvent.SUCCESS)).containsExactly(3, 1);

        now.addAndGet(750); // the first bucket leaves the window: 4 buckets from the second on
        assertThat(counter.getValues(HystrixRollingNumberEvent.SUCCESS)).containsExactly(1, 0, 0, 0);
        assertThat(counter.getRollingSum(HystrixRollingNumberEvent.FAILURE)).isEqualTo(1);

        now.addAndGet(5_000); // a gap of several windows starts over
        assertThat(counter.getValues(HystrixRollingNumberEvent.SUCCESS)).containsExactly(0);
        assertThat(counter.getCumulativeSum(HystrixRollingNumberEvent.SUCCESS)).isEqualTo(4);
    }

    @Test
    void gapsInTimeBecomeEmptyBucketsAlignedOnTheFirst() {
        counter.increment(HystrixRollingNumberEvent.TIMEOUT);
        now.addAndGet(260); // second bucket starts at +250, not at +260
        counter.increment(HystrixRollingNumberEvent.TIMEOUT);
        now.addAndGet(240); // +500: the third bucket
        counter.increment(HystrixRollingNumberEvent.TIMEOUT);
        assertThat(counter.getValues(HystrixRollingNumberEvent.TIMEOUT)).containsExactly(1, 1, 1);
        assertThat(counter.getValueOfLatestBucket(HystrixRollingNumberEvent.TIMEOUT)).isEqualTo(1);
    }

    @Test
    void maxUpdatersKeepTheHighestPerBucket() {
        counter.updateRollingMax(HystrixRollingNumberEvent.THREAD_MAX_ACTIVE, 7);
        counter.updateRollingMax(HystrixRollingNumberEvent.THREAD_MAX_ACTIVE, 3);
        now.addAndGet(500);
        counter.updateRollingMax(HystrixRollingNumberEvent.THREAD_MAX_ACTIVE, 5);
        assertThat(counter.getValues(HystrixRollingNumberEvent.THREAD_MAX_ACTIVE)).containsExactly(7, 0, 5);
        assertThat(counter.getRollingMaxValue(HystrixRollingNumberEvent.THREAD_MAX_ACTIVE)).isEqualTo(7);
        assertThat(counter.getValueOfLatestBucket(HystrixRollingNumberEvent.THREAD_MAX_ACTIVE)).isEqualTo(5);
        now.addAndGet(1_000);
        assertThat(counter.getRollingMaxValue(HystrixRollingNumberEvent.THREAD_MAX_ACTIVE)).isEqualTo(0);
        assertThat(counter.getCumulativeSum(HystrixRollingNumberEvent.THREAD_MAX_ACTIVE)).isEqualTo(7);
    }

    @Test
    void resetEmptiesTheWindowButNotTheCumulativeSum() {
        counter.add(HystrixRollingNumberEvent.EMIT, 5);
        counter.reset();
        assertThat(counter.buckets.size()).isZero();
        assertThat(counter.getRollingSum(HystrixRollingNumberEvent.EMIT)).isZero();
        counter.increment(HystrixRollingNumberEvent.EMIT);
        assertThat(counter.getCumulativeSum(HystrixRollingNumberEvent.EMIT)).isEqualTo(6);
    }

    @Test
    void badInputIsRefusedWithTheValuesAndTheRule() {
        assertThatThrownBy(() -> new HystrixRollingNumber(now::get, 1_000, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("timeInMilliseconds=1000")
                .hasMessageContaining("numberOfBuckets=3")
                .hasMessageContaining("divide evenly");
        assertThatThrownBy(() -> counter.increment(HystrixRollingNumberEvent.COMMAND_MAX_ACTIVE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("COMMAND_MAX_ACTIVE is a max updater");
        assertThatThrownBy(() -> counter.updateRollingMax(HystrixRollingNumberEvent.SUCCESS, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SUCCESS is a counter");
    }

    @Test
    void commandEventsMapByName() {
        assertThat(HystrixRollingNumberEvent.from(HystrixEventType.SHORT_CIRCUITED))
                .isEqualTo(HystrixRollingNumberEvent.SHORT_CIRCUITED);
        assertThat(HystrixRollingNumberEvent.from(HystrixEventType.COMMAND_MAX_ACTIVE).isMaxUpdater()).isTrue();
        assertThatThrownBy(() -> HystrixRollingNumberEvent.from(HystrixEventType.CANCELLED))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CANCELLED");
    }

    @Test
    void concurrentWritersWhileTheBucketsRollLoseNoCount() throws InterruptedException {
        int threads = 4;
        int perThread = 20_000;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread w = new Thread(() -> {
                awaitQuietly(start);
                for (int i = 0; i < perThread; i++) {
                    counter.increment(HystrixRollingNumberEvent.SUCCESS);
                    if (id == 0 && i % 100 == 0) {
                        now.addAndGet(50); // rolls a bucket every 5th step, under the other writers
                    }
                }
            });
            w.start();
            writers.add(w);
        }
        start.countDown();
        for (Thread w : writers) {
            w.join();
        }
        assertThat(counter.getCumulativeSum(HystrixRollingNumberEvent.SUCCESS)).isEqualTo((long) threads * perThread);
        assertThat(counter.buckets.size()).isEqualTo(4);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
