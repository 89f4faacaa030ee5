package dev.firebreak;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;

/**
 * The admissions held until the outcome ({@link Admission.Hold#UNTIL_OUTCOME}: the breaker, a rate
 * limiter): a refusal keeps the permits already taken, for the outcome, which is the refusal itself;
 * exits run in the order of entry.
 */
final class OutcomeHeldGroup extends AdmissionGroup {

    OutcomeHeldGroup(Admission[] members) {
        super(members);
    }

    @Override
    Object enter(long nowNanos) {
        Admission one = sole;
        if (one != null) {
            return one.enter(nowNanos); // null: refused
        }
        if (members.length == 0) {
            return EMPTY;
        }
        Object[] permits = new Object[members.length + 1]; // a slot per member, then the refusal
        for (int i = 0; i < members.length; i++) {
            Object permit = members[i].enter(nowNanos);
            if (permit == null) {
                permits[members.length] = members[i].refusal();
                return permits; // the permits taken wait for the outcome
            }
            permits[i] = permit;
        }
        return permits;
    }

    @Override
    void exit(Object token, EventType event, long executionNanos, long nowNanos) {
        Admission one = sole;
        if (one != null) {
            if (token != null) {
                one.exit(token, event, executionNanos, nowNanos);
            }
            return;
        }
        if (token == EMPTY || token == null) {
            return;
        }
        Object[] permits = (Object[]) token;
        for (int i = 0; i < members.length; i++) {
            Object permit = permits[i];
            if (permit != null) {
                permits[i] = null;
                members[i].exit(permit, event, executionNanos, nowNanos);
            }
        }
    }
}
