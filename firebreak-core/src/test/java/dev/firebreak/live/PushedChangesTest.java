package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A store source's pushed changes: listeners off the caller's thread, a burst read by one queued run, nothing after close. */
class PushedChangesTest {

    @Test
    void aBurstWhileARunIsQueuedOrRunningIsReadByOneMoreRunOnTheNotifiersThread() throws Exception {
        try (PushedChanges changes = new PushedChanges("test-notifier")) {
            CountDownLatch running = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger runs = new AtomicInteger();
            AtomicReference<String> thread = new AtomicReference<>();
            CountDownLatch second = new CountDownLatch(2);
            changes.add(() -> {
                thread.set(Thread.currentThread().getName());
                runs.incrementAndGet();
                running.countDown();
                second.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });

            changes.changed();
            assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
            for (int i = 0; i < 5; i++) {
                changes.changed(); // the first queues one run, the rest find it queued
            }
            release.countDown();
            assertThat(second.await(10, TimeUnit.SECONDS)).isTrue();

            assertThat(thread.get()).isEqualTo("test-notifier");
            changes.close();
            assertThat(runs.get()).as("the first run and one for the burst").isEqualTo(2);
        }
    }

    @Test
    void afterCloseAChangeRunsNothing() {
        PushedChanges changes = new PushedChanges("test-notifier");
        AtomicInteger runs = new AtomicInteger();
        changes.add(runs::incrementAndGet);
        changes.close();
        changes.changed();
        assertThat(runs.get()).isZero();
    }
}
