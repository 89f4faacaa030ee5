package dev.firebreak;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;
import dev.firebreak.isolation.Isolator;
import dev.firebreak.isolation.QueuedAdmission;

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

    /**
     * {@link #enter} for an asynchronous call, which never blocks: the isolation (always the last member)
     * may queue {@code call} for a permit of its full bulkhead. Then {@link Isolator#QUEUED} is returned
     * and {@code permits[1]} holds the token so far (null for a group of one), which {@link #granted}
     * completes with the permit handed over later; if the wait ends without one, exiting that token gives
     * back what the other members took.
     */
    Object enter(long nowNanos, Object[] permits, QueuedAdmission.Source call) {
        Admission one = sole;
        if (one != null) {
            return one instanceof Isolator isolator ? isolator.enter(nowNanos, call) : one.enter(nowNanos);
        }
        if (members.length == 0 || !(members[members.length - 1] instanceof Isolator isolator)) {
            return enter(nowNanos);
        }
        int last = members.length - 1;
        Object[] token = new Object[members.length + 1];
        for (int i = 0; i < last; i++) {
            Object permit = members[i].enter(nowNanos);
            if (permit == null) {
                return refuse(token, members[i].refusal(), nowNanos);
            }
            token[i] = permit;
        }
        permits[1] = token; // before the isolation may hand its permit over, on another thread
        Object permit = isolator.enter(nowNanos, call);
        if (permit == Isolator.QUEUED) {
            return permit;
        }
        permits[1] = null;
        if (permit == null) {
            return refuse(token, isolator.refusal(), nowNanos);
        }
        token[last] = permit;
        return token;
    }

    /** The token of a queued call (see {@link #enter(long, Object[], QueuedAdmission.Source)}) with the isolation's {@code permit}. */
    Object granted(Object soFar, Object permit) {
        if (sole != null) {
            return permit;
        }
        Object[] token = (Object[]) soFar;
        token[members.length - 1] = permit;
        return token;
    }

    private Object[] refuse(Object[] permits, EventType refusal, long nowNanos) {
        exit(permits, refusal, 0L, nowNanos); // given back at once: the work never starts
        permits[members.length] = refusal;
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
