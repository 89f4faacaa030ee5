package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.InjectedCollapserTimerTest.HandTimer;
import dev.firebreak.time.Cancellable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The Firebreak Scheduler over a CollapserTimer: one listener per task, run once, gone after. */
class TimerWindowsTest {

    private final HandTimer timer = new HandTimer();
    private final TimerWindows windows = new TimerWindows(timer);

    @Test
    void aTaskRunsAtItsFirstTickOnlyAndLeavesTheTimer() {
        AtomicInteger runs = new AtomicInteger();
        Cancellable handle = windows.schedule(TimeUnit.MILLISECONDS.toNanos(10), runs::incrementAndGet);
        assertThat(timer.listeners).singleElement().satisfies(l -> assertThat(l.getIntervalTimeInMilliseconds()).isEqualTo(10));

        timer.tick();
        assertThat(runs).hasValue(1);
        assertThat(timer.listeners).isEmpty();
        assertThat(handle.cancel()).as("too late: it ran").isFalse();
    }

    @Test
    void aCancelledTaskNeverRunsAndLeavesTheTimer() {
        AtomicInteger runs = new AtomicInteger();
        Cancellable handle = windows.schedule(TimeUnit.MILLISECONDS.toNanos(10), runs::incrementAndGet);
        assertThat(handle.cancel()).isTrue();
        assertThat(handle.cancel()).as("once").isFalse();
        assertThat(timer.listeners).isEmpty();
        timer.tick();
        assertThat(runs).hasValue(0);
    }

    @Test
    void delaysRoundUpToWholeMillisecondsOfAtLeastOne() {
        windows.schedule(1, () -> { });
        windows.schedule(0, () -> { });
        windows.schedule(TimeUnit.MICROSECONDS.toNanos(2_500), () -> { });
        assertThat(timer.listeners).extracting(l -> l.getIntervalTimeInMilliseconds()).containsExactly(1, 1, 3);
    }
}
