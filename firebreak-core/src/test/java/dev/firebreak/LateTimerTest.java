package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.support.CallMode;
import dev.firebreak.support.CallerKind;
import dev.firebreak.testkit.Gate;
import dev.firebreak.testkit.ManualClock;
import dev.firebreak.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A late timer (a busy machine, a timer thread held up) must not turn a late result into a success:
 * a call whose value or failure arrives after its deadline is a TIMEOUT in every isolation, as it
 * would have been had the timer fired on time, and as SEMAPHORE's caller-thread path already reports.
 * The timer is modelled by a scheduler that runs every task one second after it was due.
 */
class LateTimerTest {

    private static final long MS = 1_000_000L;

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (long origin : TimeoutTest.ORIGINS) {
            IsolationMatrix.all()
                    .filter(a -> IsolationMatrix.callerWalksAway((IsolationStrategy) a.get()[0], (CallMode) a.get()[1]))
                    .forEach(a -> cases.add(Arguments.of(a.get()[0], a.get()[1], a.get()[2], origin)));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} from {2} threads, clock at {3}")
    @MethodSource("cases")
    void aResultAfterTheDeadlineIsATimeoutEvenWhenTheTimerIsLate(IsolationStrategy isolation, CallMode mode,
            CallerKind caller, long origin) throws Exception {
        ManualClock clock = new ManualClock(origin);
        Scheduler lateTimer = (delayNanos, task) -> clock.schedule(Math.max(0, delayNanos) + 1000 * MS, task);
        GuardRegistry registry = GuardRegistry.builder().ticker(clock).scheduler(lateTimer).build();
        List<Long> events = new CopyOnWriteArrayList<>();
        registry.addListener((name, mask, executionNanos, totalNanos) -> events.add(mask));
        Guard guard = registry.guard("late-timer").isolation(IsolationMatrix.bounded(isolation, 2))
                .timeout(Duration.ofMillis(50)).build();

        Gate onTime = new Gate();
        CompletableFuture<String> first = mode.call(caller, guard, onTime.call("on time"), f -> "fallback:" + f.event());
        onTime.awaitEntered(1);
        clock.advance(50 * MS); // exactly at the deadline: still on time
        onTime.open();
        assertThat(first.get(20, TimeUnit.SECONDS)).isEqualTo("on time");

        Gate late = new Gate();
        CompletableFuture<String> second = mode.call(caller, guard, late.call("late"), f -> "fallback:" + f.event());
        late.awaitEntered(1);
        clock.advance(200 * MS); // past the deadline; the late timer has not fired
        late.open();

        assertThat(second.get(20, TimeUnit.SECONDS)).as("the late value is discarded").isEqualTo("fallback:TIMEOUT");
        clock.advance(2000 * MS); // the late timer fires now and finds both outcomes claimed
        assertThat(events).containsExactly(EventType.SUCCESS.bit(),
                EventType.TIMEOUT.bit() | EventType.FALLBACK_SUCCESS.bit());
        assertThat(guard.controls().metrics().cumulativeCount(EventType.TIMEOUT)).isEqualTo(1);
        if (guard.controls().threadPool() != null) {
            guard.controls().threadPool().shutdown();
        }
    }
}
