package dev.firebreak;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;

/**
 * The admissions held until the user's code ends ({@link Admission.Hold#UNTIL_WORK_ENDS}: added ones,
 * then the isolation, always last): a refusal gives back the permits already taken at once, with the
 * refusal as the event; exits run last entered first.
 */
final class WorkHeldGroup extends AdmissionGroup {

    WorkHeldGroup(Admission[] members) {
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
                EventType refusal = members[i].refusal();
                exit(permits, refusal, 0L, nowNanos); // given back at once: the work never starts
                permits[members.length] = refusal;
                return permits;
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
        for (int i = members.length - 1; i >= 0; i--) {
            Object permit = permits[i];
            if (permit != null) {
                permits[i] = null;
                members[i].exit(permit, event, executionNanos, nowNanos);
            }
        }
    }
}
