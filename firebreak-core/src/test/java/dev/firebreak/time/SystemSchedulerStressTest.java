package dev.firebreak.time;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.testkit.Await;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * The system timer under 64 scheduling threads: every task not cancelled runs exactly once, on the
 * timer thread; a task whose cancel() returned true never runs. Delays are short real ones (this is
 * the one scheduler that must use the system clock); nothing asserts when a task ran, only whether.
 */
class SystemSchedulerStressTest {

    private static final long MS = 1_000_000L;

    @Test
    void runsEveryKeptTaskOnceAndNoCancelledOneAcross64Threads() throws Exception {
        SystemScheduler scheduler = new SystemScheduler("firebreak-timer-test");
        int threads = 64;
        int perThread = 500;
        int total = threads * perThread;
        AtomicIntegerArray runs = new AtomicIntegerArray(total);
        boolean[] cancelled = new boolean[total];
        AtomicInteger kept = new AtomicInteger();
        AtomicInteger ranOffTimer = new AtomicInteger();
        CountDownLatch scheduled = new CountDownLatch(threads);
        List<Thread> schedulers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int first = t * perThread;
            schedulers.add(Thread.ofPlatform().daemon().start(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = first; i < first + perThread; i++) {
                    int id = i;
                    // mostly later deadlines (no wake-up), some earlier ones and some already due
                    long delay = random.nextInt(4) == 0 ? 0L : random.nextLong(20 * MS);
                    Cancellable handle = scheduler.schedule(delay, () -> {
                        runs.incrementAndGet(id);
                        if (!Thread.currentThread().getName().equals("firebreak-timer-test")) {
                            ranOffTimer.incrementAndGet();
                        }
                    });
                    if (random.nextBoolean() && handle.cancel()) {
                        cancelled[id] = true;
                    } else {
                        kept.incrementAndGet();
                    }
                }
                scheduled.countDown();
            }));
        }
        assertThat(scheduled.await(60, TimeUnit.SECONDS)).isTrue();
        for (Thread thread : schedulers) {
            thread.join();
        }
        Await.until("every kept task ran", () -> ranCount(runs) == kept.get(), () -> ranCount(runs) + " of " + kept.get());
        CountDownLatch last = new CountDownLatch(1);
        scheduler.schedule(30 * MS, last::countDown); // after every earlier deadline: a late straggler would show
        assertThat(last.await(20, TimeUnit.SECONDS)).isTrue();
        for (int i = 0; i < total; i++) {
            assertThat(runs.get(i)).as("runs of task %d (cancelled: %s)", i, cancelled[i]).isEqualTo(cancelled[i] ? 0 : 1);
        }
        assertThat(ranOffTimer.get()).as("tasks run on another thread").isZero();
    }

    @Test
    void aTaskDueBeforeTheOneTheTimerSleepsUntilWakesIt() throws Exception {
        SystemScheduler scheduler = new SystemScheduler("firebreak-timer-test-2");
        CountDownLatch far = new CountDownLatch(1);
        scheduler.schedule(3_600_000 * MS, far::countDown); // the timer parks for an hour
        CountDownLatch near = new CountDownLatch(1);
        Await.until("the timer parked for the hour", scheduler::isParkedUntilADeadline);
        scheduler.schedule(0L, near::countDown);
        assertThat(near.await(20, TimeUnit.SECONDS)).as("the earlier task woke the timer").isTrue();
        assertThat(far.getCount()).isEqualTo(1);
    }

    @Test
    void aTaskDueBeforeTheOneTheTimerSpinsTowardStopsTheSpin() throws Exception {
        // a lead of an hour and an unlimited budget: the timer spins toward any deadline within the hour
        ParkLead hourLead = new ParkLead(3_600_000 * MS, 3_600_000 * MS, 1_000 * MS, 1_000 * MS);
        SystemScheduler scheduler = new SystemScheduler("firebreak-timer-test-4", hourLead);
        CountDownLatch far = new CountDownLatch(1);
        Cancellable farHandle = scheduler.schedule(1_800_000 * MS, far::countDown); // half an hour away
        Await.until("the timer spins toward the far deadline", scheduler::isSpinning);
        CountDownLatch near = new CountDownLatch(1);
        scheduler.schedule(0L, near::countDown);
        assertThat(near.await(20, TimeUnit.SECONDS)).as("the earlier task stopped the spin").isTrue();
        assertThat(far.getCount()).isEqualTo(1);
        Await.until("the timer spins toward the far deadline again", scheduler::isSpinning);
        assertThat(farHandle.cancel()).isTrue();
        Await.until("the cancellation stopped the spin", () -> !scheduler.isSpinning());
        Await.until("the timer parks with nothing queued", () -> scheduler.threadState() == Thread.State.WAITING);
    }

    @Test
    void aFailingTaskDoesNotStopTheTimer() throws Exception {
        SystemScheduler scheduler = new SystemScheduler("firebreak-timer-test-3");
        scheduler.schedule(0L, () -> {
            throw new IllegalStateException("a task's own failure");
        });
        CountDownLatch next = new CountDownLatch(1);
        scheduler.schedule(0L, next::countDown);
        assertThat(next.await(20, TimeUnit.SECONDS)).isTrue();
    }

    private static int ranCount(AtomicIntegerArray runs) {
        int ran = 0;
        for (int i = 0; i < runs.length(); i++) {
            ran += runs.get(i);
        }
        return ran;
    }
}
