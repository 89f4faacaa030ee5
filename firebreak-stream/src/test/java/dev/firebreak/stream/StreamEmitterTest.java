package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.ManualClock;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
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
            new StreamFrames(registry)::build, slots);

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

    @Test
    void stopReturnsOnlyOnceTheRunningTickHasEnded() throws Exception {
        CountDownLatch building = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean tickEnded = new AtomicBoolean();
        StreamEmitter blocking = new StreamEmitter(clock, StreamEmitter.virtualThreads(), Clock.systemUTC(),
                INTERVAL.toNanos(), (millis, abandoned) -> {
                    building.countDown();
                    try {
                        release.await(10, TimeUnit.SECONDS); // a tick busy reading many guards
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        tickEnded.set(true);
                    }
                    return null;
                }, slots);
        admitClient();
        blocking.start();
        clock.advance(INTERVAL);
        assertThat(building.await(10, TimeUnit.SECONDS)).as("the tick is building its frame").isTrue();

        Thread stopper = Thread.ofPlatform().start(blocking::stop);
        // The stopper either waits for the tick (the rule) or has returned while the tick still runs.
        while (stopper.getState() != Thread.State.TIMED_WAITING && stopper.getState() != Thread.State.TERMINATED) {
            Thread.onSpinWait();
        }
        assertThat(stopper.getState()).as("stop waits while a tick runs").isEqualTo(Thread.State.TIMED_WAITING);
        assertThat(tickEnded).isFalse();

        release.countDown();
        stopper.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(stopper.isAlive()).isFalse();
        assertThat(tickEnded).as("the tick had ended when stop returned").isTrue();
        assertThat(clock.pendingTasks()).isZero();
    }

    @Test
    void aTickStoppedMidFrameLetsGoBeforeItsNextEventAndDeliversNothing() throws Exception {
        for (int i = 0; i < 5; i++) {
            registry.guard("g" + i).isolation(Isolation.semaphore(1)).build();
        }
        StreamFrames frames = new StreamFrames(registry);
        AtomicInteger asked = new AtomicInteger();
        assertThat(frames.build(0L, () -> asked.incrementAndGet() > 2)).as("abandoned on the third event").isNull();
        assertThat(asked).hasValue(3);
        assertThat(new String(frames.build(0L, () -> false), StandardCharsets.UTF_8))
                .as("not abandoned: every guard and the heartbeat").contains("\"name\":\"g4\"").endsWith("ping: \n\n");
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
