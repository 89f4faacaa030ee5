package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.support.CallerKind;
import dev.firebreak.support.GuardFixture;
import dev.firebreak.testkit.Await;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A synchronous caller interrupted after its call already has an outcome (here: while the fallback
 * runs) gets that outcome, the one the metrics, the breaker and the listeners record, with its
 * interrupt flag set; it is not told CANCELLED for a call that was not cancelled.
 */
@ExtendWith(GuardFixture.Extension.class)
class InterruptedCallerTest {

    static List<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (IsolationStrategy isolation : List.of(IsolationStrategy.THREAD, IsolationStrategy.VIRTUAL)) {
            for (CallerKind caller : CallerKind.values()) {
                cases.add(Arguments.of(isolation, caller));
            }
        }
        return cases;
    }

    @ParameterizedTest(name = "{0} guard, {1} caller")
    @MethodSource("cases")
    void aCallerInterruptedWhileTheFallbackRunsGetsTheFallbacksValue(IsolationStrategy isolation, CallerKind kind,
            GuardFixture fixture) throws Exception {
        Guard guard = fixture.guard("failing").isolation(IsolationMatrix.bounded(isolation, 1)).build();
        CountDownLatch fallbackEntered = new CountDownLatch(1);
        CountDownLatch releaseFallback = new CountDownLatch(1);
        AtomicReference<Object> seen = new AtomicReference<>();
        AtomicBoolean flagSet = new AtomicBoolean();
        Thread caller = kind.start(() -> {
            try {
                seen.set(guard.execute(() -> {
                    throw new IllegalStateException("down");
                }, failure -> {
                    fallbackEntered.countDown();
                    releaseFallback.await();
                    return "fallback:" + failure.event();
                }));
            } catch (Throwable thrown) {
                seen.set(thrown);
            }
            flagSet.set(Thread.currentThread().isInterrupted());
        });
        assertThat(fallbackEntered.await(20, TimeUnit.SECONDS)).as("the fallback started").isTrue();

        caller.interrupt();
        awaitInterruptTaken(caller);
        releaseFallback.countDown();
        caller.join(20_000);

        assertThat(seen.get()).as("what the caller got").isEqualTo("fallback:FAILURE");
        assertThat(flagSet.get()).as("the caller's interrupt flag is set again").isTrue();
        fixture.awaitCalls(1);
        assertThat(fixture.events()).containsExactly(EventType.FAILURE.bit() | EventType.FALLBACK_SUCCESS.bit());
        assertThat(guard.controls().metrics().cumulativeCount(EventType.CANCELLED)).isZero();
    }

    /**
     * Waits until {@code caller} has consumed its interrupt: it either finished (it gave up waiting) or
     * is parked again with its flag cleared (it waits on without listening to interrupts).
     */
    static void awaitInterruptTaken(Thread caller) {
        Await.until("the caller took its interrupt", () -> caller.getState() == Thread.State.TERMINATED
                || (caller.getState() == Thread.State.WAITING && !caller.isInterrupted()),
                () -> "(state " + caller.getState() + ", interrupted " + caller.isInterrupted() + ")");
    }
}
