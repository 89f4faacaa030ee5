package dev.firebreak.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.time.Cancellable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ManualClockTest {

    @ParameterizedTest(name = "origin {0}")
    @ValueSource(longs = {0L, Long.MAX_VALUE - 5, Long.MIN_VALUE + 3, -42L})
    void advanceFiresDueTasksInDeadlineOrderAtTheirOwnTime(long origin) {
        ManualClock clock = new ManualClock(origin);
        List<String> fired = new ArrayList<>();
        clock.schedule(30, () -> fired.add("c@" + (clock.read() - origin)));
        clock.schedule(10, () -> fired.add("a@" + (clock.read() - origin)));
        clock.schedule(20, () -> fired.add("b@" + (clock.read() - origin)));
        clock.schedule(31, () -> fired.add("late"));

        clock.advance(30);

        assertThat(fired).containsExactly("a@10", "b@20", "c@30");
        assertThat(clock.read() - origin).isEqualTo(30);
        assertThat(clock.pendingTasks()).isEqualTo(1);
        assertThat(clock.pendingDelays()).containsExactly(1L);
    }

    @ParameterizedTest(name = "origin {0}")
    @ValueSource(longs = {0L, Long.MAX_VALUE - 15})
    void tasksScheduledByTasksFireWithinTheSameAdvance(long origin) {
        ManualClock clock = new ManualClock(origin);
        List<Long> fired = new ArrayList<>();
        clock.schedule(10, () -> {
            fired.add(clock.read() - origin);
            clock.schedule(10, () -> fired.add(clock.read() - origin));
            clock.schedule(100, () -> fired.add(-1L));
        });

        clock.advance(Duration.ofNanos(25));

        assertThat(fired).containsExactly(10L, 20L);
        assertThat(clock.pendingTasks()).isEqualTo(1);
    }

    @ParameterizedTest(name = "origin {0}")
    @ValueSource(longs = {0L, Long.MAX_VALUE})
    void aCancelledTaskNeverRunsAndCancelReportsWhetherItPreventedIt(long origin) {
        ManualClock clock = new ManualClock(origin);
        List<String> fired = new ArrayList<>();
        Cancellable first = clock.schedule(5, () -> fired.add("first"));
        Cancellable second = clock.schedule(5, () -> fired.add("second"));

        assertThat(first.cancel()).isTrue();
        assertThat(first.cancel()).isFalse();
        clock.advance(5);
        assertThat(second.cancel()).as("already ran").isFalse();

        assertThat(fired).containsExactly("second");
    }

    @ParameterizedTest(name = "origin {0}")
    @ValueSource(longs = {0L, -1L})
    void aZeroOrNegativeDelayIsDueNow(long origin) {
        ManualClock clock = new ManualClock(origin);
        List<String> fired = new ArrayList<>();
        clock.schedule(-5, () -> fired.add("now"));
        assertThat(fired).isEmpty();
        clock.runDueTasks();
        assertThat(fired).containsExactly("now");
        assertThat(clock.read()).isEqualTo(origin);
    }

    @ParameterizedTest(name = "origin {0}")
    @ValueSource(longs = {0L})
    void timeNeverMovesBackwards(long origin) {
        ManualClock clock = new ManualClock(origin);
        assertThatThrownBy(() -> clock.advance(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
    }
}
