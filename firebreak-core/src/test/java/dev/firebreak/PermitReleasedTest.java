package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.support.GuardFixture;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.Gate;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link Guard#permitReleased}: the hook a call policy uses to hold its own slot exactly as long as the
 * guard holds the call's isolation permit, which for a call that ignores its interrupt is long after
 * the caller got TIMEOUT.
 */
class PermitReleasedTest {

    private static final long MS = 1_000_000L;

    private final GuardFixture fixture = new GuardFixture(Long.MAX_VALUE - 500 * MS); // the deadline wraps

    @Test
    void aTimedOutCallThatIgnoresItsInterruptReleasesItsPermitOnlyWhenItEnds() throws Exception {
        Guard guard = fixture.guard("stubborn").isolation(Isolation.virtualThreads(1)).timeout(Duration.ofMillis(50)).build();
        Gate gate = new Gate();
        CompletableFuture<String> call = guard.submit(gate.stubbornCall("late"));
        CompletableFuture<Void> released = guard.controls().permitReleased(call).toCompletableFuture();
        gate.awaitEntered(1);
        fixture.clock().advance(50 * MS);
        assertThat(call).failsWithin(10, TimeUnit.SECONDS); // TIMEOUT at the deadline, delivered off the timer
        Await.until("the call got its interrupt and ignored it", () -> gate.interrupts() == 1);
        assertThat(released).as("the abandoned call still holds its permit").isNotDone();
        assertThat(guard.controls().permitsInFlight()).isEqualTo(1);
        gate.open();
        released.get(10, TimeUnit.SECONDS);
        assertThat(guard.controls().permitsInFlight()).as("the permit is back before the watch completes").isZero();
        assertThat(guard.controls().permitReleased(call).toCompletableFuture()).as("asked again after the release").isDone();
    }

    @Test
    void aStageThatIsNotCancelledHoldsThePermitUntilItCompletes() {
        Guard guard = fixture.guard("stage").isolation(Isolation.virtualThreads(1)).timeout(Duration.ofMillis(50))
                .configure(c -> c.timeout(to -> to.interruptOnTimeout(false))).build();
        CompletableFuture<String> stage = new CompletableFuture<>();
        CompletableFuture<String> call = guard.submitAsync(() -> stage);
        CompletionStage<Void> released = guard.controls().permitReleased(call);
        fixture.clock().advance(50 * MS);
        // the timeout claims on the timer; the caller's outcome arrives on the timeout's virtual thread
        assertThat(call).failsWithin(10, TimeUnit.SECONDS);
        assertThat(released.toCompletableFuture()).isNotDone();
        stage.complete("late");
        assertThat(released.toCompletableFuture()).isDone();
        assertThat(guard.controls().permitsInFlight()).isZero();
    }

    @Test
    void aRejectedOrShortCircuitedCallNeverHeldAPermit() throws Exception {
        Guard guard = fixture.guard("full").isolation(Isolation.virtualThreads(1)).timeout(Duration.ofMillis(50)).build();
        Gate gate = new Gate();
        CompletableFuture<String> first = guard.submit(gate.call("first"));
        CompletableFuture<String> rejected = guard.submit(gate.call("second"));
        assertThat(rejected).isCompletedExceptionally();
        assertThat(guard.controls().permitReleased(rejected).toCompletableFuture()).isDone();
        Guard open = fixture.guard("open").isolation(Isolation.virtualThreads(1))
                .configure(c -> c.breaker(cb -> cb.forceOpen(true))).build();
        assertThat(open.controls().permitReleased(open.submit(() -> "never")).toCompletableFuture()).isDone();
        gate.open();
        first.get(10, TimeUnit.SECONDS);
        Await.until("the first call released its permit", () -> guard.controls().permitsInFlight() == 0);
    }

    @Test
    void aWatchCannotBeCompletedByItsCallerForAnotherWatcher() throws Exception {
        Guard guard = fixture.guard("shared").isolation(Isolation.virtualThreads(1)).timeout(Duration.ofMillis(50)).build();
        Gate gate = new Gate();
        CompletableFuture<String> call = guard.submit(gate.call("v"));
        guard.controls().permitReleased(call).toCompletableFuture().complete(null); // a careless watcher
        assertThat(guard.controls().permitReleased(call).toCompletableFuture()).isNotDone();
        gate.open();
        call.get(10, TimeUnit.SECONDS);
        guard.controls().permitReleased(call).toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aFutureFromElsewhereIsRefusedNamingTheGuardAndTheRule() {
        Guard guard = fixture.guard("strict").isolation(Isolation.virtualThreads(1)).build();
        Guard other = fixture.guard("other").isolation(Isolation.virtualThreads(1)).build();
        CompletableFuture<String> foreign = new CompletableFuture<>();
        assertThatThrownBy(() -> guard.controls().permitReleased(foreign)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("guard strict").hasMessageContaining("rule");
        CompletableFuture<String> othersCall = other.submitAsync(() -> new CompletableFuture<String>());
        assertThatThrownBy(() -> guard.controls().permitReleased(othersCall)).isInstanceOf(IllegalArgumentException.class);
        othersCall.cancel(true);
    }

    @Test
    void underSemaphoreSubmitReturnsAfterThePermitIsBack() {
        Guard guard = fixture.guard("sem").isolation(Isolation.semaphore(1)).build();
        CompletableFuture<String> call = guard.submit(() -> "now");
        assertThat(guard.controls().permitReleased(call).toCompletableFuture()).isDone();
    }
}
