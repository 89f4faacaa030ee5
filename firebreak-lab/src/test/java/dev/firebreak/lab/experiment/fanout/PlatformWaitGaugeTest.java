package dev.firebreak.lab.experiment.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PlatformWaitGaugeTest {

    /** A method the sampler can find on the stack: enters the gauge and waits on the latch. */
    static void waitInside(PlatformWaitGauge gauge, CountDownLatch entered, CountDownLatch release) throws InterruptedException {
        try (PlatformWaitGauge.Waiting w = gauge.enter()) {
            entered.countDown();
            release.await(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void countsPlatformThreadsWaitingAtOnceAndNotVirtualOnes() throws Exception {
        PlatformWaitGauge gauge = new PlatformWaitGauge();
        CountDownLatch entered = new CountDownLatch(5);
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            threads.add(Thread.ofPlatform().start(() -> run(gauge, entered, release)));
        }
        for (int i = 0; i < 2; i++) {
            threads.add(Thread.ofVirtual().start(() -> run(gauge, entered, release)));
        }
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(gauge.now()).isEqualTo(3);
        int sampled = PlatformWaitSampler.count(ManagementFactory.getThreadMXBean().dumpAllThreads(false, false),
                PlatformWaitGaugeTest.class.getName(), "waitInside");
        assertThat(sampled).as("thread dumps list platform threads only").isEqualTo(3);
        release.countDown();
        for (Thread thread : threads) {
            thread.join(10_000);
        }
        assertThat(gauge.now()).isZero();
        assertThat(gauge.peak()).isEqualTo(3);
        assertThat(gauge.platformWaits()).isEqualTo(3);
        assertThat(gauge.virtualWaits()).isEqualTo(2);
    }

    @Test
    void resetStartsTheCountFromTheThreadsWaitingNow() {
        PlatformWaitGauge gauge = new PlatformWaitGauge();
        PlatformWaitGauge.Waiting first = gauge.enter();
        PlatformWaitGauge.Waiting second = gauge.enter();
        second.close();
        gauge.reset();
        assertThat(gauge.peak()).isEqualTo(1);
        assertThat(gauge.platformWaits()).isZero();
        first.close();
        assertThat(gauge.now()).isZero();
        assertThat(gauge.peak()).isEqualTo(1);
    }

    private static void run(PlatformWaitGauge gauge, CountDownLatch entered, CountDownLatch release) {
        try {
            waitInside(gauge, entered, release);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
