package dev.firebreak.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A full SEMAPHORE or VIRTUAL bulkhead with a wait: a caller waits on the manual clock for a permit
 * another call gives back, oldest first, and is refused at its deadline; asynchronous calls are queued
 * and told, never parked.
 */
class BulkheadWaitTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock(7_000_000_000L);

    private SemaphoreIsolator semaphore(int limit, long waitMillis) {
        SemaphoreIsolator isolator = new SemaphoreIsolator(limit, clock, clock);
        isolator.adapt(LimitConfig.defaults(), Long.MAX_VALUE);
        isolator.setMaxWait(waitMillis * MS, 0L);
        return isolator;
    }

    /** A queued call that records what it was told, in order, across all of a test's calls. */
    private static final class Recorder implements QueuedAdmission, QueuedAdmission.Source {
        private final String name;
        private final List<String> told;
        volatile Object permit;

        Recorder(String name, List<String> told) {
            this.name = name;
            this.told = told;
        }

        @Override
        public QueuedAdmission queued() {
            return this;
        }

        @Override
        public void granted(Object permit) {
            this.permit = permit;
            told.add(name + " granted");
        }

        @Override
        public void expired() {
            told.add(name + " expired");
        }
    }

    private CompletableFuture<Object> enterOnAnotherThread(Isolator isolator) {
        CompletableFuture<Object> entered = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> entered.complete(isolator.enter(clock.read())));
        return entered;
    }

    @Test
    void aWaitingCallerRunsWhenAPermitIsGivenBack() throws Exception {
        SemaphoreIsolator isolator = semaphore(1, 100);
        Object held = isolator.enter(clock.read());
        CompletableFuture<Object> waiter = enterOnAnotherThread(isolator);
        Await.until("the caller waits", () -> isolator.waiting() == 1);
        clock.advance(Duration.ofMillis(99));
        assertThat(waiter).as("still waiting before its deadline").isNotDone();

        isolator.exit(held, EventType.SUCCESS, 0L, clock.read());

        assertThat(waiter.get(10, TimeUnit.SECONDS)).isSameAs(Isolator.PERMIT);
        assertThat(isolator.inFlight()).as("the permit went to the waiter, not back to the word").isEqualTo(1);
        assertThat(isolator.admittedAfterWait()).isEqualTo(1);
        assertThat(isolator.waiting()).isZero();
        assertThat(clock.pendingTasks()).as("its deadline task was cancelled").isZero();
    }

    @Test
    void aWaitingCallerIsRefusedAtItsDeadline() throws Exception {
        SemaphoreIsolator isolator = semaphore(1, 100);
        isolator.enter(clock.read());
        CompletableFuture<Object> waiter = enterOnAnotherThread(isolator);
        Await.until("the caller waits", () -> isolator.waiting() == 1);
        assertThat(clock.pendingDelays()).containsExactly(100 * MS);

        clock.advance(Duration.ofMillis(100));

        assertThat(waiter.get(10, TimeUnit.SECONDS)).isNull();
        assertThat(isolator.refusedAfterWait()).isEqualTo(1);
        assertThat(isolator.admittedAfterWait()).isZero();
        assertThat(isolator.inFlight()).isEqualTo(1);
        assertThat(isolator.waiting()).isZero();
    }

    @Test
    void withoutAWaitAFullBulkheadRefusesAtOnce() {
        SemaphoreIsolator isolator = semaphore(1, 0);
        isolator.enter(clock.read());
        assertThat(isolator.enter(clock.read())).isNull();
        assertThat(isolator.enter(clock.read(), new Recorder("a", new ArrayList<>()))).isNull();
        assertThat(clock.pendingTasks()).as("no deadline was scheduled").isZero();
        assertThat(isolator.refusedAfterWait()).isZero();
    }

    @Test
    void permitsGoToTheOldestWaiterFirst() {
        SemaphoreIsolator isolator = semaphore(1, 100);
        List<String> told = new ArrayList<>();
        Object held = isolator.enter(clock.read());
        Recorder a = new Recorder("a", told);
        Recorder b = new Recorder("b", told);
        Recorder c = new Recorder("c", told);
        assertThat(isolator.enter(clock.read(), a)).isSameAs(Isolator.QUEUED);
        clock.advance(Duration.ofMillis(1));
        assertThat(isolator.enter(clock.read(), b)).isSameAs(Isolator.QUEUED);
        assertThat(isolator.enter(clock.read(), c)).isSameAs(Isolator.QUEUED);
        assertThat(told).as("queued, not told yet").isEmpty();

        isolator.exit(held, EventType.SUCCESS, 0L, clock.read());
        assertThat(told).containsExactly("a granted");
        isolator.exit(a.permit, EventType.SUCCESS, 0L, clock.read());
        assertThat(told).containsExactly("a granted", "b granted");

        clock.advance(Duration.ofMillis(99)); // a's deadline (it was granted: nothing), b's too soon
        assertThat(told).containsExactly("a granted", "b granted");
        clock.advance(Duration.ofMillis(1)); // c's deadline
        assertThat(told).containsExactly("a granted", "b granted", "c expired");
        isolator.exit(b.permit, EventType.SUCCESS, 0L, clock.read());
        assertThat(isolator.inFlight()).as("no permit lost or given twice").isZero();
        assertThat(isolator.admittedAfterWait()).isEqualTo(2);
        assertThat(isolator.refusedAfterWait()).isEqualTo(1);
    }

    @Test
    void aQueuedCallIsGrantedAPermitFreedBeforeItsDeadlineThatNoReleaseHandedOn() {
        SemaphoreIsolator isolator = semaphore(1, 100);
        List<String> told = new ArrayList<>();
        Object held = isolator.enter(clock.read());
        Recorder a = new Recorder("a", told);
        isolator.enter(clock.read(), a);
        isolator.permits.release(); // freed behind the queue's back (as a release that saw no waiter)
        assertThat(told).isEmpty();
        clock.advance(Duration.ofMillis(100));
        assertThat(told).as("at its deadline the head takes the free permit").containsExactly("a granted");
        assertThat(isolator.inFlight()).isEqualTo(1);
    }

    @Test
    void theWaitIsLiveAndNeverPassesTheTimeout() {
        SemaphoreIsolator isolator = semaphore(1, 0);
        isolator.enter(clock.read());
        List<String> told = new ArrayList<>();
        assertThat(isolator.enter(clock.read(), new Recorder("a", told))).isNull();

        isolator.setMaxWait(50 * MS, 0L);
        assertThat(isolator.enter(clock.read(), new Recorder("b", told))).isSameAs(Isolator.QUEUED);
        isolator.setMaxWait(200 * MS, 0L);
        isolator.adapt(LimitConfig.defaults(), 80 * MS); // the guard's timeout: the wait counts in it
        assertThat(isolator.enter(clock.read(), new Recorder("c", told))).isSameAs(Isolator.QUEUED);
        assertThat(clock.pendingDelays()).containsExactly(50 * MS, 80 * MS);

        isolator.setMaxWait(0L, 0L);
        assertThat(isolator.enter(clock.read(), new Recorder("d", told))).isNull();
        clock.advance(Duration.ofMillis(80));
        assertThat(told).as("waiters queued before keep their deadlines").containsExactly("b expired", "c expired");
    }

    @Test
    void anInterruptedCallerGivesUpItsPlaceAndKeepsItsFlag() throws Exception {
        SemaphoreIsolator isolator = semaphore(1, 100);
        Object held = isolator.enter(clock.read());
        CompletableFuture<Boolean> flagKept = new CompletableFuture<>();
        CompletableFuture<Object> entered = new CompletableFuture<>();
        Thread waiter = Thread.ofPlatform().daemon().start(() -> {
            entered.complete(isolator.enter(clock.read()));
            flagKept.complete(Thread.currentThread().isInterrupted());
        });
        Await.until("the caller waits", () -> isolator.waiting() == 1);

        waiter.interrupt();

        assertThat(entered.get(10, TimeUnit.SECONDS)).isNull();
        assertThat(flagKept.get(10, TimeUnit.SECONDS)).isTrue();
        assertThat(isolator.waiting()).isZero();
        assertThat(isolator.refusedAfterWait()).isEqualTo(1);
        isolator.exit(held, EventType.SUCCESS, 0L, clock.read());
        assertThat(isolator.inFlight()).as("its place gone, the permit went back to the word").isZero();
        clock.advance(Duration.ofMillis(100));
        assertThat(isolator.refusedAfterWait()).as("its deadline found it gone").isEqualTo(1);
    }

    @Test
    void virtualIsolationReadsItsOwnWait() {
        VirtualThreadIsolator isolator = new VirtualThreadIsolator("v", 1, clock, clock);
        isolator.adapt(LimitConfig.defaults(), Long.MAX_VALUE);
        isolator.setMaxWait(10 * MS, 0L);
        isolator.enter(clock.read());
        assertThat(isolator.enter(clock.read(), new Recorder("a", new ArrayList<>()))).as("the semaphore's wait is not its own").isNull();
        isolator.setMaxWait(0L, 10 * MS);
        assertThat(isolator.enter(clock.read(), new Recorder("b", new ArrayList<>()))).isSameAs(Isolator.QUEUED);
    }
}
