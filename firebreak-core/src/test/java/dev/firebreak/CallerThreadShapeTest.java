package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.attempt.Admission;
import dev.firebreak.breaker.CircuitBreaker;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The caller-thread path calls the members itself only for the common shape (one member in each
 * group); any other shape goes through the groups. The behaviour of both is covered by the guard tests
 * (a plain SEMAPHORE guard is Direct; one with a rate limiter or a priority gate is Grouped). The
 * choice depends only on how many members each group has, so any admission serves as a member here.
 */
class CallerThreadShapeTest {

    private static Admission[] members(int count) {
        Admission[] all = new Admission[count];
        Arrays.fill(all, CircuitBreaker.alwaysClosed());
        return all;
    }

    private static OutcomeHeldGroup outcomeHeld(int members) {
        return new OutcomeHeldGroup(members(members));
    }

    private static WorkHeldGroup workHeld(int members) {
        return new WorkHeldGroup(members(members));
    }

    @Test
    void oneMemberInEachGroupIsCalledDirectly() {
        assertThat(CallerThreadExecution.of(null, outcomeHeld(1), workHeld(1), null))
                .isInstanceOf(CallerThreadExecution.Direct.class);
    }

    @Test
    void anyOtherShapeGoesThroughTheGroups() {
        assertThat(CallerThreadExecution.of(null, outcomeHeld(2), workHeld(1), null))
                .isInstanceOf(CallerThreadExecution.Grouped.class);
        assertThat(CallerThreadExecution.of(null, outcomeHeld(1), workHeld(2), null))
                .isInstanceOf(CallerThreadExecution.Grouped.class);
        assertThat(CallerThreadExecution.of(null, outcomeHeld(0), workHeld(1), null))
                .isInstanceOf(CallerThreadExecution.Grouped.class);
    }
}
