package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.testkit.Await;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** A collapser's own window scheduler: it alone closes the windows; the registry's keeps the deadlines. */
class WindowSchedulerTest {

    private final CollapserFixture f = new CollapserFixture();

    /** Holds the tasks it is given until the test fires them. */
    static final class HeldTasks implements Scheduler {
        final List<Long> delays = new ArrayList<>();
        final List<Runnable> pending = new ArrayList<>();

        @Override
        public synchronized Cancellable schedule(long delayNanos, Runnable task) {
            delays.add(delayNanos);
            pending.add(task);
            return () -> {
                synchronized (this) {
                    return pending.remove(task);
                }
            };
        }

        void fireAll() {
            List<Runnable> due;
            synchronized (this) {
                due = new ArrayList<>(pending);
                pending.clear();
            }
            due.forEach(Runnable::run);
        }
    }

    @Test
    void theWindowClosesWhenItsSchedulerFiresNotWhenTheRegistryClockPasses() {
        HeldTasks windows = new HeldTasks();
        Collapser<Integer, String> c = f.builder("ownWindows").windowScheduler(windows)
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(10))).build();
        CompletableFuture<String> one = c.submit(1);
        c.submit(2);
        assertThat(windows.delays).containsExactly(Duration.ofMillis(10).toNanos()); // one window for both

        f.advanceMillis(50);
        assertThat(f.downstream.batches()).as("the registry's clock does not close it").isEmpty();

        windows.fireAll();
        assertThat(f.downstream.batches()).containsExactly(List.of(1, 2));
        f.answer(0);
        assertThat(one).isCompletedWithValue("v1");

        c.submit(3); // the next window is the window scheduler's again
        assertThat(windows.pending).hasSize(1);
    }

    @Test
    void theRequestsOwnDeadlinesStayOnTheRegistrysScheduler() {
        HeldTasks windows = new HeldTasks();
        Collapser<Integer, String> c = f.builder("ownWindowsDeadline").windowScheduler(windows)
                .requestTimeout(Duration.ofMillis(100))
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)).build();
        int idle = f.clock.pendingTasks();
        CompletableFuture<String> waiting = c.submit(1);
        assertThat(f.clock.pendingTasks() - idle).as("the deadline timer on the registry's clock, not the window").isEqualTo(1);
        assertThat(windows.pending).as("the window on the window scheduler").hasSize(1);

        f.advanceMillis(99);
        assertThat(waiting).isNotDone();
        f.advanceMillis(1);
        Await.until("the request's own deadline expired it", waiting::isDone);
        assertThat(waiting).isCompletedExceptionally();
    }
}
