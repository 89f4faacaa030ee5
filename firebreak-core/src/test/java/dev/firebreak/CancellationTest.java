package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.testkit.Await;
import dev.firebreak.support.CallerKind;
import dev.firebreak.support.GuardFixture;
import dev.firebreak.testkit.Gate;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A caller who cancels gets CANCELLED exactly once; the permit still follows the work. */
@ExtendWith(GuardFixture.Extension.class)
class CancellationTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"THREAD", "VIRTUAL"})
    void cancellingWithoutInterruptLeavesThePermitWithTheRunningCall(String isolation, GuardFixture fixture) {
        Guard guard = fixture.guard("cancelled")
                .isolation(IsolationMatrix.bounded(dev.firebreak.isolation.IsolationStrategy.valueOf(isolation), 1))
                .build();
        Gate gate = new Gate();
        CompletableFuture<String> future = guard.submit(gate.stubbornCall("value"));
        gate.awaitEntered(1);

        assertThat(future.cancel(true)).isTrue();
        assertThat(future.cancel(true)).as("only the first cancel counts").isFalse();

        assertThat(future).isCancelled();
        assertThat(guard.controls().permitsInFlight()).isEqualTo(1);
        assertThat(gate.interrupts()).as("interruptOnCancel is false by default").isZero();
        gate.open();
        fixture.awaitCalls(1);
        assertThat(fixture.events()).containsExactly(EventType.CANCELLED.bit());
        assertThat(fixture.clock().pendingTasks()).as("the timeout task was cancelled").isZero();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"THREAD", "VIRTUAL"})
    void interruptOnCancelInterruptsTheCall(String isolation, GuardFixture fixture) {
        Guard guard = fixture.guard("interrupted")
                .isolation(IsolationMatrix.bounded(dev.firebreak.isolation.IsolationStrategy.valueOf(isolation), 1))
                .configure(c -> c.isolation(iso -> iso.interruptOnCancel(true))).build();
        Gate gate = new Gate();
        CompletableFuture<String> future = guard.submit(gate.call("value"));
        gate.awaitEntered(1);

        future.cancel(false);

        Await.until("the call is interrupted", () -> gate.interrupts() == 1);
        Await.until("the permit comes back", () -> guard.controls().permitsInFlight() == 0);
        assertThat(fixture.events()).containsExactly(EventType.CANCELLED.bit());
    }

    @ParameterizedTest(name = "{0} caller")
    @ValueSource(strings = {"PLATFORM", "VIRTUAL"})
    void aSynchronousCallerInterruptedWhileWaitingCancelsTheCall(String kind, GuardFixture fixture) throws Exception {
        Guard guard = fixture.guard("waited-on").isolation(Isolation.virtualThreads(1))
                .configure(c -> c.isolation(iso -> iso.interruptOnCancel(true))).build();
        Gate gate = new Gate();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> flagKept = new AtomicReference<>();
        Thread caller = CallerKind.valueOf(kind).start(() -> {
            try {
                guard.execute(gate.call("value"));
            } catch (Throwable t) {
                thrown.set(t);
                flagKept.set(Thread.currentThread().isInterrupted());
            }
        });
        gate.awaitEntered(1);
        caller.interrupt();
        caller.join(20_000);

        assertThat(thrown.get()).isInstanceOf(CancellationException.class);
        assertThat(flagKept.get()).as("the caller's interrupt flag is restored").isTrue();
        Await.until("the call is interrupted", () -> gate.interrupts() == 1);
        fixture.awaitCalls(1);
        assertThat(fixture.events()).containsExactly(EventType.CANCELLED.bit());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"THREAD", "VIRTUAL"})
    void aCancelLosingTheRaceToTheResultChangesNothing(String isolation, GuardFixture fixture) throws Exception {
        Guard guard = fixture.guard("done")
                .isolation(IsolationMatrix.bounded(dev.firebreak.isolation.IsolationStrategy.valueOf(isolation), 1))
                .build();
        CompletableFuture<String> future = guard.submit(() -> "value");
        assertThat(future.get()).isEqualTo("value");
        assertThat(future.cancel(true)).isFalse();
        fixture.awaitCalls(1);
        assertThat(fixture.events()).containsExactly(EventType.SUCCESS.bit());
    }
}
