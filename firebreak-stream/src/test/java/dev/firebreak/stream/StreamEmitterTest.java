package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.ManualClock;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The scheduler's task only triggers a tick: serialization and the offers to clients run on another
 * thread, never two ticks at once, and triggers that arrive during a tick leave one pending tick.
 */
class StreamEmitterTest {

    private static final Duration INTERVAL = Duration.ofMillis(500);

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final ClientSlots slots = new ClientSlots(5);
    private final HeldTasks worker = new HeldTasks();
    private final StreamEmitter emitter = new StreamEmitter(clock, worker, Clock.systemUTC(), INTERVAL.toNanos(),
            new StreamFrames(registry), slots);

    @Test
    void theTimerTaskHandsTheTickToTheWorkerAndReturnsWithoutSerializing() throws Exception {
        registry.guard("g").isolation(Isolation.semaphore(1)).build();
        StreamClient client = admitClient();
        emitter.start();

        clock.advance(INTERVAL); // runs the scheduler's task on this thread

        assertThat(worker.held).as("one tick handed to the worker").hasSize(1);
        assertThat(client.queued()).as("nothing serialized or offered on the timer's thread").isZero();
        assertThat(clock.pendingTasks()).as("the next trigger is armed").isEqualTo(1);

        runHeldOnAnotherThread();
        assertThat(client.queued()).as("the worker delivered the tick").isEqualTo(1);
    }

    @Test
    void triggersDuringATickLeaveOnePendingTickAndNeverStartASecondWorker() throws Exception {
        registry.guard("g").isolation(Isolation.semaphore(1)).build();
        StreamClient client = admitClient();
        emitter.start();

        clock.advance(INTERVAL);
        clock.advance(INTERVAL);
        clock.advance(INTERVAL); // two triggers while the first tick has not run yet

        assertThat(worker.held).as("no second tick while one is under way").hasSize(1);
        runHeldOnAnotherThread();
        assertThat(client.queued()).as("the tick plus one pending tick, not three").isEqualTo(2);

        clock.advance(INTERVAL);
        assertThat(worker.held).as("idle again: the next trigger starts a new tick").hasSize(1);
    }

    @Test
    void stopLeavesNoTriggerArmed() {
        emitter.start();
        clock.advance(INTERVAL);
        emitter.stop();
        assertThat(clock.pendingTasks()).isZero();
    }

    private StreamClient admitClient() {
        StreamClient client = new StreamClient(Thread.currentThread(), 16, 1);
        assertThat(slots.tryAdmit(client)).isTrue();
        return client;
    }

    private void runHeldOnAnotherThread() throws Exception {
        List<Runnable> tasks = new ArrayList<>(worker.held);
        worker.held.clear();
        CompletableFuture.runAsync(() -> tasks.forEach(Runnable::run)).get(10, TimeUnit.SECONDS);
    }

    /** A worker that keeps the tasks handed to it until the test runs them. */
    private static final class HeldTasks implements Executor {
        final List<Runnable> held = new ArrayList<>();

        @Override
        public void execute(Runnable task) {
            held.add(task);
        }
    }
}
