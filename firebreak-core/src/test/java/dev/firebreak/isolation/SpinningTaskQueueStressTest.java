package dev.firebreak.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The spinning queue hands every task to exactly one taker and strands none: 32 producers and 32
 * takers (spinning always, adaptively, and with spinning off so every take parks), takers mixing
 * {@code take()} and timed polls, producers pausing at random so takers keep falling asleep and being
 * woken.
 */
class SpinningTaskQueueStressTest {

    private static final int PRODUCERS = 32;
    private static final int TAKERS = 32;
    private static final int PER_PRODUCER = 3_000;

    /** A queue spinning {@code spins} rounds, or (-1) adaptively, at most two spinners at once. */
    private static SpinningTaskQueue queue(int spins) {
        return spins < 0 ? new SpinningTaskQueue(HandOffSpin.adaptive(200, 2, new AtomicInteger()))
                : new SpinningTaskQueue(spins);
    }

    @ParameterizedTest(name = "spins {0} (-1: adaptive)")
    @ValueSource(ints = {0, 1, 200, -1})
    void everyTaskIsTakenExactlyOnceAcross64Threads(int spins) throws Exception {
        SpinningTaskQueue queue = queue(spins);
        int total = PRODUCERS * PER_PRODUCER;
        AtomicIntegerArray runs = new AtomicIntegerArray(total);
        CountDownLatch allRun = new CountDownLatch(total);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < TAKERS; t++) {
            boolean timed = t % 2 == 0;
            threads.add(Thread.ofPlatform().daemon().start(() -> {
                try {
                    while (true) {
                        Runnable task = timed ? queue.poll(50, TimeUnit.MILLISECONDS) : queue.take();
                        if (task != null) {
                            task.run();
                        }
                    }
                } catch (InterruptedException stop) {
                    // the test is over
                }
            }));
        }
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int first = p * PER_PRODUCER;
            producers.add(Thread.ofPlatform().daemon().start(() -> {
                for (int i = first; i < first + PER_PRODUCER; i++) {
                    int id = i;
                    queue.offer(() -> {
                        runs.incrementAndGet(id);
                        allRun.countDown();
                    });
                    if (ThreadLocalRandom.current().nextInt(64) == 0) {
                        Thread.yield(); // let takers run dry and park now and then
                    }
                }
            }));
        }
        try {
            assertThat(allRun.await(60, TimeUnit.SECONDS)).as("every task was taken (none stranded)").isTrue();
        } finally {
            threads.forEach(Thread::interrupt);
        }
        for (Thread thread : producers) {
            thread.join();
        }
        for (Thread thread : threads) {
            assertThat(thread.join(java.time.Duration.ofSeconds(20))).as("a taker left on interrupt").isTrue();
        }
        for (int i = 0; i < total; i++) {
            assertThat(runs.get(i)).as("runs of task %d", i).isEqualTo(1);
        }
        assertThat(queue).isEmpty();
    }

    @ParameterizedTest(name = "spins {0} (-1: adaptive)")
    @ValueSource(ints = {0, 200, -1})
    void aTaskOfferedWhileEveryTakerSleepsWakesOne(int spins) throws Exception {
        SpinningTaskQueue queue = queue(spins);
        int rounds = 2_000;
        CountDownLatch done = new CountDownLatch(rounds);
        List<Thread> takers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            takers.add(Thread.ofPlatform().daemon().start(() -> {
                try {
                    while (true) {
                        queue.take().run();
                    }
                } catch (InterruptedException stop) {
                    // the test is over
                }
            }));
        }
        try {
            for (int i = 0; i < rounds; i++) {
                CountDownLatch ran = new CountDownLatch(1);
                queue.offer(() -> {
                    done.countDown(); // before ran: the last round's count is in when the loop ends
                    ran.countDown();
                });
                // one task at a time: the takers are spinning or asleep when the next one comes
                assertThat(ran.await(20, TimeUnit.SECONDS)).as("task %d was taken", i).isTrue();
            }
        } finally {
            takers.forEach(Thread::interrupt);
        }
        assertThat(done.getCount()).isZero();
    }
}
