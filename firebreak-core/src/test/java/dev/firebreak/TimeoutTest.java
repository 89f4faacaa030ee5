package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.event.EventType;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.testkit.Await;
import dev.firebreak.support.CallMode;
import dev.firebreak.support.CallerKind;
import dev.firebreak.support.GuardFixture;
import dev.firebreak.testkit.Gate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The deadline: the caller walks away at exactly the timeout (driven by the manual clock, from hostile
 * origins), even from a call that ignores interrupts, and the abandoned call keeps its permit until it
 * really ends.
 */
class TimeoutTest {

    private static final long MS = 1_000_000L;

    /** Clock origins: ordinary, just below the overflow edge (the deadline wraps), and negative. */
    static final long[] ORIGINS = {GuardFixture.ORIGIN, Long.MAX_VALUE - 500 * MS, -5_000_000_000L};

    static Stream<Arguments> walkAwayCases() {
        List<Arguments> cases = new ArrayList<>();
        for (long origin : ORIGINS) {
            IsolationMatrix.all()
                    .filter(a -> IsolationMatrix.callerWalksAway((IsolationStrategy) a.get()[0], (CallMode) a.get()[1]))
                    .forEach(a -> cases.add(Arguments.of(a.get()[0], a.get()[1], a.get()[2], origin)));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} from {2} threads, clock at {3}")
    @MethodSource("walkAwayCases")
    void theCallerWalksAwayAtTheDeadlineFromACallThatIgnoresInterrupts(IsolationStrategy isolation, CallMode mode,
            CallerKind caller, long origin) throws Exception {
        GuardFixture fixture = new GuardFixture(origin);
        Guard guard = fixture.guard("stubborn").isolation(IsolationMatrix.bounded(isolation, 1))
                .timeout(Duration.ofMillis(1000))
                .configure(c -> c.timeout(to -> to.interruptOnTimeout(false)))
                .build();
        Gate gate = new Gate();
        CompletableFuture<String> outcome = mode.call(caller, guard, gate.stubbornCall("late"), null);
        gate.awaitEntered(1);

        fixture.clock().advance(999 * MS);
        assertThat(outcome).as("one nanosecond... one millisecond before the deadline").isNotDone();
        fixture.clock().advance(1 * MS);

        assertThatThrownBy(() -> outcome.get(20, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOfSatisfying(GuardTimeoutException.class, timeout -> {
                    assertThat(timeout.event()).isEqualTo(EventType.TIMEOUT);
                    assertThat(timeout.timeoutMillis()).isEqualTo(1000);
                });
        assertThat(gate.inside()).as("the call is still running").isEqualTo(1);
        assertThat(guard.controls().permitsInFlight()).as("the abandoned call keeps its permit").isEqualTo(1);
        assertRejectedWhileAbandonedCallRuns(guard, mode, caller, gate, isolation);

        gate.open();
        fixture.awaitCalls(2);
        fixture.verifyInvariants();
        assertThat(fixture.count(EventType.TIMEOUT)).isEqualTo(1);
        assertThat(fixture.count(EventType.SUCCESS)).as("the late value is discarded").isZero();
    }

    private static void assertRejectedWhileAbandonedCallRuns(Guard guard, CallMode mode, CallerKind caller, Gate gate,
            IsolationStrategy isolation) {
        CompletableFuture<String> next = mode.call(caller, guard, gate.call("next"), null);
        assertThatThrownBy(() -> next.get(20, TimeUnit.SECONDS))
                .cause().isInstanceOfSatisfying(RejectedException.class,
                        rejected -> assertThat(rejected.event()).isEqualTo(IsolationMatrix.rejection(isolation)));
    }

    @ParameterizedTest(name = "{0} {1} from {2} threads")
    @MethodSource("dev.firebreak.IsolationMatrix#all")
    void aTimedOutCallIsInterruptedWhenConfigured(IsolationStrategy isolation, CallMode mode, CallerKind caller)
            throws Exception {
        if (!IsolationMatrix.callerWalksAway(isolation, mode)) {
            return; // SEMAPHORE's blocking modes run on the caller's own thread: nothing to interrupt (see below)
        }
        GuardFixture fixture = new GuardFixture(GuardFixture.ORIGIN);
        Guard guard = fixture.guard("interruptible").isolation(IsolationMatrix.bounded(isolation, 1))
                .timeout(Duration.ofMillis(50)).build();
        Gate gate = new Gate();
        CompletableFuture<String> outcome = mode.call(caller, guard, gate.call("never"), f -> "fallback:" + f.event());
        gate.awaitEntered(1);
        fixture.clock().advance(50 * MS);

        assertThat(outcome.get(20, TimeUnit.SECONDS)).isEqualTo("fallback:TIMEOUT");
        if (mode == CallMode.SUBMIT_ASYNC) {
            Await.until("the stage is cancelled and its permit returned", () -> guard.controls().permitsInFlight() == 0);
        } else {
            Await.until("the call saw its interrupt", () -> gate.interrupts() == 1);
        }
        gate.open();
        fixture.awaitCalls(1);
        fixture.verifyInvariants();
        assertThat(fixture.count(EventType.FALLBACK_SUCCESS)).isEqualTo(1);
    }

    @ParameterizedTest(name = "clock at {0}")
    @ValueSource(longs = {7_000_000_000L, Long.MAX_VALUE - 10_000_000L, -5_000_000_000L})
    void underSemaphoreALateResultIsReportedAsTimeoutAndDiscarded(long origin) {
        GuardFixture fixture = new GuardFixture(origin);
        Guard guard = fixture.guard("semaphore").isolation(Isolation.semaphore(2)).timeout(Duration.ofMillis(100)).build();

        String onTime = guard.execute(() -> {
            fixture.clock().advance(100 * MS);
            return "on time";
        });
        String late = guard.execute(() -> {
            fixture.clock().advance(101 * MS);
            return "late";
        }, failure -> "fallback:" + failure.event());

        assertThat(onTime).isEqualTo("on time");
        assertThat(late).isEqualTo("fallback:TIMEOUT");
        assertThatThrownBy(() -> guard.execute(() -> {
            fixture.clock().advance(500 * MS);
            return "late";
        })).isInstanceOf(GuardTimeoutException.class);
        fixture.verifyInvariants();
        assertThat(fixture.count(EventType.TIMEOUT)).isEqualTo(2);
        assertThat(fixture.count(EventType.SUCCESS)).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"THREAD", "VIRTUAL"})
    void withTimeoutsDisabledACallMayRunPastTheTimeout(String isolation) throws Exception {
        GuardFixture fixture = new GuardFixture(GuardFixture.ORIGIN);
        Guard guard = fixture.guard("patient")
                .isolation(IsolationMatrix.bounded(IsolationStrategy.valueOf(isolation), 1))
                .timeout(Duration.ofMillis(10)).configure(c -> c.timeout(to -> to.enabled(false))).build();
        Gate gate = new Gate();
        CompletableFuture<String> outcome = guard.submit(gate.call("eventually"));
        gate.awaitEntered(1);
        fixture.clock().advance(Duration.ofHours(1));
        assertThat(fixture.clock().pendingTasks()).isZero();
        assertThat(outcome).isNotDone();
        gate.open();
        assertThat(outcome.get(20, TimeUnit.SECONDS)).isEqualTo("eventually");
        fixture.verifyInvariants();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"THREAD", "VIRTUAL"})
    void aFastCallCancelsItsTimeoutTask(String isolation) throws Exception {
        GuardFixture fixture = new GuardFixture(GuardFixture.ORIGIN);
        Guard guard = fixture.guard("fast")
                .isolation(IsolationMatrix.bounded(IsolationStrategy.valueOf(isolation), 1)).build();
        assertThat(guard.submit(() -> "fast").get(20, TimeUnit.SECONDS)).isEqualTo("fast");
        assertThat(fixture.clock().pendingTasks()).isZero();
        fixture.awaitCalls(1);
        fixture.verifyInvariants();
    }
}
