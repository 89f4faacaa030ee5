package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;
import org.junit.jupiter.api.Test;

/**
 * The caller-thread path calls the members itself only for the common shape (one member in each
 * group); any other shape goes through the groups. The behaviour of both is covered by the guard tests
 * (a plain SEMAPHORE guard is Direct; one with a rate limiter or a priority gate is Grouped).
 */
class CallerThreadShapeTest {

    private static Admission member(Admission.Hold hold) {
        return new Admission() {
            @Override
            public Object enter(long nowNanos) {
                return "permit";
            }

            @Override
            public EventType refusal() {
                return EventType.RATE_LIMITED;
            }

            @Override
            public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
            }

            @Override
            public Hold hold() {
                return hold;
            }
        };
    }

    private static OutcomeHeldGroup outcomeHeld(int members) {
        Admission[] all = new Admission[members];
        for (int i = 0; i < members; i++) {
            all[i] = member(Admission.Hold.UNTIL_OUTCOME);
        }
        return new OutcomeHeldGroup(all);
    }

    private static WorkHeldGroup workHeld(int members) {
        Admission[] all = new Admission[members];
        for (int i = 0; i < members; i++) {
            all[i] = member(Admission.Hold.UNTIL_WORK_ENDS);
        }
        return new WorkHeldGroup(all);
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
