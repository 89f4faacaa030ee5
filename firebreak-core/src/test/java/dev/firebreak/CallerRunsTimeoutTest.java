package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.support.GuardFixture;
import dev.firebreak.testkit.Gate;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A timed-out {@code execute} on a hand-off (THREAD, VIRTUAL): the timer only claims and hands the
 * fallback, events and completion to the waiting caller, which runs them on its own thread (one
 * wake-up, the caller's). A {@code submit}ted call has no waiting caller: its timeout's work runs on a
 * virtual thread of its own. Neither runs on the timer (here: the thread advancing the manual clock),
 * and the abandoned worker is interrupted.
 */
@ExtendWith(GuardFixture.Extension.class)
class CallerRunsTimeoutTest {

    private static final long MS = 1_000_000L;

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = IsolationStrategy.class, names = {"THREAD", "VIRTUAL"})
    void executeRunsItsTimeoutFallbackOnTheCallersThread(IsolationStrategy isolation, GuardFixture fixture)
            throws Exception {
        Guard guard = fixture.guard("caller-runs").isolation(IsolationMatrix.bounded(isolation, 1))
                .timeout(Duration.ofMillis(100)).build();
        Set<Thread> listenerThreads = ConcurrentHashMap.newKeySet();
        fixture.registry().addListener((name, events, exec, total) -> listenerThreads.add(Thread.currentThread()));
        AtomicReference<Thread> fallbackThread = new AtomicReference<>();
        Gate gate = new Gate();
        CompletableFuture<Thread> callerThread = new CompletableFuture<>();
        CompletableFuture<String> outcome = CompletableFuture.supplyAsync(() -> {
            callerThread.complete(Thread.currentThread());
            return guard.execute(gate.call("late"), failure -> {
                fallbackThread.set(Thread.currentThread());
                return "fallback:" + failure.event();
            });
        }, runnable -> Thread.ofPlatform().daemon().name("caller").start(runnable));
        gate.awaitEntered(1);

        Thread timer = Thread.ofPlatform().daemon().name("timer").start(() -> fixture.clock().advance(100 * MS));
        assertThat(outcome.get(20, TimeUnit.SECONDS)).isEqualTo("fallback:TIMEOUT");
        assertThat(timer.join(Duration.ofSeconds(20))).isTrue();
        assertThat(fallbackThread.get()).as("the fallback ran on the waiting caller").isSameAs(callerThread.get());
        assertThat(listenerThreads).as("the listeners too").containsExactly(callerThread.get());
        fixture.awaitCalls(1);
        assertThat(fixture.count(EventType.TIMEOUT)).isEqualTo(1);
        dev.firebreak.testkit.Await.until("the abandoned call was interrupted", () -> gate.interrupts() == 1);
        if (guard.controls().threadPool() != null) {
            guard.controls().threadPool().shutdown();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = IsolationStrategy.class, names = {"THREAD", "VIRTUAL"})
    void aSubmittedCallsTimeoutFallbackRunsOnAVirtualThreadOfItsOwn(IsolationStrategy isolation, GuardFixture fixture)
            throws Exception {
        Guard guard = fixture.guard("off-timer").isolation(IsolationMatrix.bounded(isolation, 1))
                .timeout(Duration.ofMillis(100)).build();
        AtomicReference<Thread> fallbackThread = new AtomicReference<>();
        Gate gate = new Gate();
        CompletableFuture<String> outcome = guard.submit(gate.call("late"), failure -> {
            fallbackThread.set(Thread.currentThread());
            return "fallback:" + failure.event();
        });
        gate.awaitEntered(1);

        Thread timer = Thread.ofPlatform().daemon().name("timer").start(() -> fixture.clock().advance(100 * MS));
        assertThat(outcome.get(20, TimeUnit.SECONDS)).isEqualTo("fallback:TIMEOUT");
        assertThat(timer.join(Duration.ofSeconds(20))).isTrue();
        assertThat(fallbackThread.get()).isNotSameAs(timer).isNotSameAs(Thread.currentThread());
        assertThat(fallbackThread.get().isVirtual()).isTrue();
        dev.firebreak.testkit.Await.until("the abandoned call was interrupted", () -> gate.interrupts() == 1);
        if (guard.controls().threadPool() != null) {
            guard.controls().threadPool().shutdown();
        }
    }
}
