package dev.firebreak.spring.boot.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.testkit.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class RefreshesAfterStartupTest {

    @Test
    void holdsTasksUntilReleasedThenPassesEachOnOnce() {
        List<Runnable> handedOn = new ArrayList<>();
        ManualClock clock = new ManualClock();
        RefreshesAfterStartup executor = new RefreshesAfterStartup(handedOn::add, clock);
        Runnable first = () -> { };
        Runnable second = () -> { };

        executor.execute(first);
        assertThat(handedOn).isEmpty();
        assertThat(executor.isHolding()).isTrue();

        executor.release();
        assertThat(handedOn).as("not on the releasing thread").isEmpty();
        assertThat(executor.isHolding()).isFalse();
        clock.runDueTasks();
        assertThat(handedOn).containsExactly(first);

        executor.execute(second);
        executor.release();
        clock.runDueTasks();
        assertThat(handedOn).containsExactly(first, second);
    }

    @Test
    void noTaskIsLostOrRunTwiceWhenTheReleaseRacesWithSubmissions() throws Exception {
        int threads = 8;
        int perThread = 2_000;
        for (int round = 0; round < 20; round++) {
            AtomicIntegerArray runs = new AtomicIntegerArray(threads * perThread);
            ConcurrentLinkedQueue<Runnable> handedOn = new ConcurrentLinkedQueue<>();
            ManualClock clock = new ManualClock();
            RefreshesAfterStartup executor = new RefreshesAfterStartup(handedOn::add, clock);
            CyclicBarrier start = new CyclicBarrier(threads + 1);
            List<Thread> submitters = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int base = t * perThread;
                Thread submitter = Thread.ofPlatform().start(() -> {
                    await(start);
                    for (int i = 0; i < perThread; i++) {
                        int index = base + i;
                        executor.execute(() -> runs.incrementAndGet(index));
                    }
                });
                submitters.add(submitter);
            }
            await(start);
            executor.release();
            for (Thread submitter : submitters) {
                submitter.join();
            }
            clock.runDueTasks();
            handedOn.forEach(Runnable::run);
            for (int i = 0; i < runs.length(); i++) {
                assertThat(runs.get(i)).as("runs of task %d in round %d", i, round).isEqualTo(1);
            }
        }
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
