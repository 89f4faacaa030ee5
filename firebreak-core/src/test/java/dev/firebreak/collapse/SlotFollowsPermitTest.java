package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardTimeoutException;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.testkit.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 12, defect 7: batch calls that ignore interrupts and outlive the guard's timeout. The guard
 * keeps an abandoned call's isolation permit until the call really ends; LOAD_AWARE's slot must be
 * held as long, or the collapser sends batches its own guard rejects. The requests of a timed-out
 * batch still get their outcome at the timeout; only the slot waits. Time is the manual clock's; the
 * batch calls block on a gate the test opens ("300 ms later").
 */
class SlotFollowsPermitTest {

    private static final int BOUND = 8;
    private static final Duration GUARD_TIMEOUT = Duration.ofMillis(50);

    /** The guard's isolation and how the batch call outlives its timeout. */
    enum Setup {
        /** The reported case: VIRTUAL bound 8, a blocking batch that ignores the interrupt. */
        VIRTUAL_BLOCKING(g -> g.isolation(Isolation.virtualThreads(BOUND)), true, BOUND),
        /** THREAD: 4 threads and 4 queued (bound 8); queued calls timed out before they start still hold a permit. */
        THREAD_BLOCKING(g -> g.isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(4).maxQueueSize(4)
                .queueSizeRejectionThreshold(4).build())), true, 4),
        /** A non-blocking batch whose stage is not cancelled at the timeout: the stage holds the permit. */
        VIRTUAL_ASYNC(g -> g.isolation(Isolation.virtualThreads(BOUND)).configure(c -> c.timeout(to -> to.interruptOnTimeout(false))), false, BOUND);

        final Consumer<Guard.Builder> guard;
        final boolean blocking;
        final int running; // how many of 8 admitted calls run at once (the rest wait in the pool's queue)

        Setup(Consumer<Guard.Builder> guard, boolean blocking, int running) {
            this.guard = guard;
            this.blocking = blocking;
            this.running = running;
        }
    }

    private final StubbornDownstream downstream = new StubbornDownstream();

    private CollapserFixture fixture(Setup setup) {
        return new CollapserFixture(g -> {
            g.timeout(GUARD_TIMEOUT).configure(c -> c.breaker(cb -> cb.enabled(false)));
            setup.guard.accept(g);
        });
    }

    private CollapserBuilder<Integer, String> collapser(CollapserFixture f, Setup setup, String name) {
        CollapserBuilder<Integer, String> b = CollapserRegistry.of(f.registry).<Integer, String>collapser(name).through(f.guard)
                .requestTimeout(Duration.ofSeconds(10));
        return setup.blocking ? b.batch((BatchFunction<Integer, List<String>>) downstream, ResponseMapping.inOrder())
                : b.batchAsync((AsyncBatchFunction<Integer, List<String>>) downstream, ResponseMapping.inOrder());
    }

    private static long rejections(Guard guard) {
        return guard.controls().metrics().cumulativeCount(EventType.LIMIT_REJECTED)
                + guard.controls().metrics().cumulativeCount(EventType.THREAD_POOL_REJECTED)
                + guard.controls().metrics().cumulativeCount(EventType.SEMAPHORE_REJECTED);
    }

    /** Free slots never exceed the guard's free permits (k equals the bound here), and nothing is rejected. */
    private static void assertSlotsWithinPermits(Collapser<Integer, String> c, CollapserFixture f, String when) {
        assertThat(c.globalQueue().batchesInFlight()).as("batches in flight %s", when)
                .isGreaterThanOrEqualTo(f.guard.controls().permitsInFlight());
        assertThat(rejections(f.guard)).as("rejections by the collapser's own guard %s", when).isZero();
    }

    @ParameterizedTest
    @EnumSource(Setup.class)
    void batchesThatOutliveTheTimeoutKeepTheirSlotUntilTheGuardReleasesThePermit(Setup setup) throws Exception {
        CollapserFixture f = fixture(setup);
        Collapser<Integer, String> c = collapser(f, setup, "stubborn").build(); // LOAD_AWARE, k = min(8, bound) = 8
        assertThat(c.maxBatchesInFlight()).isEqualTo(BOUND);
        List<CompletableFuture<String>> futures = new ArrayList<>();
        // 0 ms: request 0 leaves alone; then one request every 3 ms, each leaving after its 3 ms quiet gap: 8 batches by 24 ms.
        for (int i = 0; i < BOUND; i++) {
            futures.add(c.submit(i));
            f.advanceMillis(3);
        }
        assertThat(f.guard.controls().permitsInFlight()).isEqualTo(BOUND);
        assertThat(c.globalQueue().batchesInFlight()).isEqualTo(BOUND);
        awaitCallsEntered(setup.running); // a call that had not started by its timeout would be skipped, not stubborn
        // Offered load: one request every 5 ms until 300 ms. The 8 batches time out at 50-71 ms but run on.
        int next = BOUND;
        for (int t = 24; t < 300; t += 5) {
            futures.add(c.submit(next++));
            f.advanceMillis(5);
            assertSlotsWithinPermits(c, f, "at " + (t + 5) + " ms");
        }
        for (int i = 0; i < BOUND; i++) { // their outcome came at their timeout, long before the call ended
            // the timeout only claims on the timer; the outcome arrives on the timeout's virtual thread
            assertThat(causeOf(futures.get(i))).as("request %s", i).isInstanceOf(GuardTimeoutException.class);
        }
        assertThat(futures.subList(BOUND, futures.size())).as("waiting for a slot").noneMatch(CompletableFuture::isDone);
        assertThat(c.globalQueue().batchesInFlight()).isEqualTo(BOUND);

        downstream.open(); // 300 ms: the calls end; only now does the guard give the permits back
        Await.until("every stubborn call ended and freed its slot",
                () -> f.guard.controls().permitsInFlight() == 0 && c.globalQueue().batchesInFlight() == 0,
                () -> "(permits " + f.guard.controls().permitsInFlight() + ", slots " + c.globalQueue().batchesInFlight() + ")");
        f.advanceMillis(3); // the waiting batch's linger started over when the slot freed
        for (int i = BOUND; i < futures.size(); i++) {
            assertThat(futures.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("v" + i);
        }
        assertThat(rejections(f.guard)).isZero();
        assertThat(c.metrics().cumulativeCount(EventType.TIMEOUT)).isEqualTo(BOUND);
        assertThat(c.metrics().cumulativeCount(EventType.SUCCESS)).isEqualTo(futures.size() - BOUND);
        assertThat(c.snapshot().cumulativeBatches()).isEqualTo(BOUND + 1);
    }

    @Test
    void aTimedOutBatchsRequestsGetTheirFallbackAtTheTimeoutWhileTheSlotWaitsForTheCall() throws Exception {
        CollapserFixture f = fixture(Setup.VIRTUAL_BLOCKING);
        Collapser<Integer, String> c = collapser(f, Setup.VIRTUAL_BLOCKING, "fallback")
                .fallback((argument, failure) -> "fallback" + argument + ":" + failure.getClass().getSimpleName())
                .configure(cfg -> cfg.loadAwareMaxBatchesInFlight(1)).build();
        CompletableFuture<String> one = c.submit(1); // idle: leaves, holds the only slot
        CompletableFuture<String> two = c.submit(2); // waits for it
        awaitCallsEntered(1);
        f.advanceMillis(50);
        // at the timeout (delivered by the timeout's virtual thread), not when the call ends
        assertThat(one.get(10, TimeUnit.SECONDS)).isEqualTo("fallback1:GuardTimeoutException");
        f.advanceMillis(250);
        assertThat(two).isNotDone();
        assertThat(f.guard.controls().permitsInFlight()).isEqualTo(1);
        assertThat(c.globalQueue().batchesInFlight()).as("the slot follows the permit").isEqualTo(1);
        assertThat(c.snapshot().cumulativeBatches()).isEqualTo(1);

        downstream.open(); // the call ends 300 ms after it left
        Await.until("the slot freed", () -> c.globalQueue().batchesInFlight() == 0);
        assertThat(c.globalQueue().smoothedBatchLatencyNanos()).as("the pacing learns how long the slot was held")
                .isEqualTo(300_000_000L);
        f.advanceMillis(3);
        assertThat(two.get(10, TimeUnit.SECONDS)).isEqualTo("v2");
        assertThat(one).isCompletedWithValue("fallback1:GuardTimeoutException"); // the late answer changed nothing
        assertThat(c.metrics().cumulativeCount(EventType.FALLBACK_SUCCESS)).isEqualTo(1);
        assertThat(c.metrics().cumulativeCount(EventType.SUCCESS)).isEqualTo(1);
        assertThat(rejections(f.guard)).isZero();
    }

    @Test
    void timerWindowsStillLeaveOnTimeWhileTimedOutBatchesRunOn() throws Exception {
        CollapserFixture f = fixture(Setup.VIRTUAL_BLOCKING);
        Collapser<Integer, String> c = collapser(f, Setup.VIRTUAL_BLOCKING, "timer")
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(10))).build();
        CompletableFuture<String> one = c.submit(1);
        f.advanceMillis(10); // the window closes: batch 1 leaves
        awaitCallsEntered(1);
        f.advanceMillis(50); // its timeout
        assertThat(causeOf(one)).isInstanceOf(GuardTimeoutException.class);
        CompletableFuture<String> two = c.submit(2);
        f.advanceMillis(9);
        assertThat(f.guard.controls().permitsInFlight()).isEqualTo(1);
        f.advanceMillis(1); // TIMER has no slots: batch 2 leaves with its window although batch 1 runs on
        assertThat(f.guard.controls().permitsInFlight()).isEqualTo(2);
        assertThat(c.snapshot().cumulativeBatches()).isEqualTo(2);
        downstream.open();
        assertThat(two.get(10, TimeUnit.SECONDS)).isEqualTo("v2");
        Await.until("both batches ended", () -> c.globalQueue().batchesInFlight() == 0 && c.metrics().batchesInFlight() == 0);
        assertThat(f.guard.controls().permitsInFlight()).isZero();
        assertThat(causeOf(one)).isInstanceOf(GuardTimeoutException.class);
    }

    private void awaitCallsEntered(int n) {
        Await.until(n + " batch calls entered the dependency", () -> downstream.calls() >= n,
                () -> "(entered " + downstream.calls() + ")");
    }

    private static Throwable causeOf(CompletableFuture<?> future) {
        try {
            future.get(10, TimeUnit.SECONDS);
            throw new AssertionError("completed normally: " + future);
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (Exception e) {
            throw new AssertionError("not completed: " + future, e);
        }
    }
}
