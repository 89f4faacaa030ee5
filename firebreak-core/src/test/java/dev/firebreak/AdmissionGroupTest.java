package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A group's token: the permit itself for one member, an array for several; refusals give back as their hold says, each permit once. */
class AdmissionGroupTest {

    private final List<String> log = new ArrayList<>();

    /** The group class of {@code hold} over {@code members}, as the pipeline makes them. */
    private static AdmissionGroup group(Admission.Hold hold, Admission[] members) {
        return hold == Admission.Hold.UNTIL_OUTCOME ? new OutcomeHeldGroup(members) : new WorkHeldGroup(members);
    }

    /** An admission that admits while {@code admits}, with a permit named after it, and logs its exits. */
    private Admission member(String name, boolean admits, Admission.Hold hold) {
        return new Admission() {
            @Override
            public Object enter(long nowNanos) {
                log.add("enter " + name);
                return admits ? name + "-permit" : null;
            }

            @Override
            public EventType refusal() {
                return EventType.RATE_LIMITED;
            }

            @Override
            public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
                log.add("exit " + permit + " " + event);
            }

            @Override
            public Hold hold() {
                return hold;
            }
        };
    }

    @Test
    void oneMembersTokenIsItsPermit() {
        AdmissionGroup group = group(Admission.Hold.UNTIL_OUTCOME,
                new Admission[] {member("a", true, Admission.Hold.UNTIL_OUTCOME)});
        Object token = group.enter(0);
        assertThat(token).isEqualTo("a-permit");
        assertThat(group.refusal(token)).isNull();
        group.exit(token, EventType.SUCCESS, 1, 1);
        assertThat(log).containsExactly("enter a", "exit a-permit SUCCESS");
    }

    @Test
    void oneMemberRefusingLeavesNothingToExit() {
        AdmissionGroup group = group(Admission.Hold.UNTIL_OUTCOME,
                new Admission[] {member("a", false, Admission.Hold.UNTIL_OUTCOME)});
        Object token = group.enter(0);
        assertThat(group.refusal(token)).isEqualTo(EventType.RATE_LIMITED);
        group.exit(token, EventType.RATE_LIMITED, 0, 0);
        assertThat(log).containsExactly("enter a");
    }

    @Test
    void outcomeHeldPermitsBeforeARefusalWaitForTheOutcomeAndExitInOrder() {
        Admission.Hold hold = Admission.Hold.UNTIL_OUTCOME;
        AdmissionGroup group = group(hold,
                new Admission[] {member("a", true, hold), member("b", true, hold), member("c", false, hold)});
        Object token = group.enter(0);
        assertThat(group.refusal(token)).isEqualTo(EventType.RATE_LIMITED);
        assertThat(log).containsExactly("enter a", "enter b", "enter c");
        group.exit(token, EventType.RATE_LIMITED, 0, 0);
        group.exit(token, EventType.RATE_LIMITED, 0, 0); // a second exit finds nothing left
        assertThat(log).containsExactly("enter a", "enter b", "enter c", "exit a-permit RATE_LIMITED",
                "exit b-permit RATE_LIMITED");
    }

    @Test
    void workHeldPermitsBeforeARefusalAreGivenBackAtOnceLastFirst() {
        Admission.Hold hold = Admission.Hold.UNTIL_WORK_ENDS;
        AdmissionGroup group = group(hold,
                new Admission[] {member("a", true, hold), member("b", true, hold), member("c", false, hold)});
        Object token = group.enter(0);
        assertThat(group.refusal(token)).isEqualTo(EventType.RATE_LIMITED);
        assertThat(log).containsExactly("enter a", "enter b", "enter c", "exit b-permit RATE_LIMITED",
                "exit a-permit RATE_LIMITED");
        group.exit(token, EventType.FAILURE, 0, 0);
        assertThat(log).hasSize(5);
    }

    @Test
    void severalAdmittedExitByTheirHold() {
        Admission.Hold hold = Admission.Hold.UNTIL_WORK_ENDS;
        AdmissionGroup group = group(hold, new Admission[] {member("a", true, hold), member("b", true, hold)});
        Object token = group.enter(0);
        assertThat(group.refusal(token)).isNull();
        group.exit(token, EventType.SUCCESS, 5, 5);
        assertThat(log).containsExactly("enter a", "enter b", "exit b-permit SUCCESS", "exit a-permit SUCCESS");
    }

    @Test
    void anEmptyGroupAdmitsWithNothingToExit() {
        for (Admission.Hold hold : Admission.Hold.values()) {
            AdmissionGroup group = group(hold, new Admission[0]);
            Object token = group.enter(0);
            assertThat(group.refusal(token)).isNull();
            group.exit(token, EventType.SUCCESS, 0, 0);
            assertThat(group.coarseTimeSuffices()).isTrue();
        }
        assertThat(log).isEmpty();
    }

    @Test
    void oneWorkHeldMemberIsEnteredAndExitedDirectly() {
        Admission.Hold hold = Admission.Hold.UNTIL_WORK_ENDS;
        AdmissionGroup admits = group(hold, new Admission[] {member("a", true, hold)});
        Object token = admits.enter(0);
        assertThat(token).isEqualTo("a-permit");
        assertThat(admits.refusal(token)).isNull();
        admits.exit(token, EventType.SUCCESS, 1, 1);
        AdmissionGroup refuses = group(hold, new Admission[] {member("b", false, hold)});
        Object refused = refuses.enter(0);
        assertThat(refuses.refusal(refused)).isEqualTo(EventType.RATE_LIMITED);
        refuses.exit(refused, EventType.RATE_LIMITED, 0, 0);
        assertThat(log).containsExactly("enter a", "exit a-permit SUCCESS", "enter b");
    }

    @Test
    void severalOutcomeHeldAdmittedExitInOrder() {
        Admission.Hold hold = Admission.Hold.UNTIL_OUTCOME;
        AdmissionGroup group = group(hold, new Admission[] {member("a", true, hold), member("b", true, hold)});
        Object token = group.enter(0);
        assertThat(group.refusal(token)).isNull();
        group.exit(token, EventType.SUCCESS, 5, 5);
        assertThat(log).containsExactly("enter a", "enter b", "exit a-permit SUCCESS", "exit b-permit SUCCESS");
    }

    @Test
    void coarseTimeServesAGroupOnlyIfItServesEveryMember() {
        Admission.Hold hold = Admission.Hold.UNTIL_OUTCOME;
        Admission coarse = new Admission() {
            @Override
            public Object enter(long nowNanos) {
                return this;
            }

            @Override
            public EventType refusal() {
                return EventType.SHORT_CIRCUITED;
            }

            @Override
            public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
            }

            @Override
            public boolean coarseTimeSuffices() {
                return true;
            }
        };
        assertThat(group(hold, new Admission[] {coarse}).coarseTimeSuffices()).isTrue();
        assertThat(group(hold, new Admission[] {coarse, member("a", true, hold)}).coarseTimeSuffices()).isFalse();
    }
}
