package dev.firebreak;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;

/**
 * The admissions of one {@link Admission.Hold} in a pipeline, in their fixed order, entered and exited
 * together: one call's permits for the group travel as one token. With one member (the common case:
 * the breaker alone held until the outcome, the isolation alone until the work ends) the token is that
 * member's permit and nothing is allocated; with several it is an array of their permits.
 */
final class AdmissionGroup {

    /* The token of a group with no member: entered, nothing to exit. */
    private static final Object EMPTY = new Object();

    private final Admission[] members;
    /**
     * UNTIL_WORK_ENDS: a refusal gives back the permits already taken at once, and exits run last
     * entered first; UNTIL_OUTCOME: a refusal keeps them for the outcome, and exits run in order.
     */
    private final boolean untilWorkEnds;

    /** The group of {@code members}, all of hold {@code hold}, in the order they are entered. */
    AdmissionGroup(Admission.Hold hold, Admission[] members) {
        this.members = members.clone();
        this.untilWorkEnds = hold == Admission.Hold.UNTIL_WORK_ENDS;
    }

    /**
     * Enters every member in order at {@code nowNanos}. Returns the token for {@link #exit}; if a member
     * refused, a token for which {@link #refusal} names the refusal, holding the permits of the members
     * entered before it (none when this group gives them back at once, with the refusal as the event).
     */
    Object enter(long nowNanos) {
        if (members.length == 1) {
            return members[0].enter(nowNanos); // null: refused
        }
        if (members.length == 0) {
            return EMPTY;
        }
        // Several: one slot per member, then the refusing member's event (null while all admit).
        Object[] permits = new Object[members.length + 1];
        for (int i = 0; i < members.length; i++) {
            Object permit = members[i].enter(nowNanos);
            if (permit == null) {
                EventType refusal = members[i].refusal();
                if (untilWorkEnds) {
                    exit(permits, refusal, 0L, nowNanos);
                }
                permits[members.length] = refusal;
                return permits;
            }
            permits[i] = permit;
        }
        return permits;
    }

    /** The event of the member that refused when {@code token} was made, or null if every member admitted. */
    EventType refusal(Object token) {
        if (members.length == 1) {
            return token == null ? members[0].refusal() : null;
        }
        return members.length == 0 ? null : (EventType) ((Object[]) token)[members.length];
    }

    /** Exits every permit {@code token} holds with the attempt's event and times; the caller gives each token here once. */
    void exit(Object token, EventType event, long executionNanos, long nowNanos) {
        if (members.length == 1) {
            if (token != null) {
                members[0].exit(token, event, executionNanos, nowNanos);
            }
            return;
        }
        if (members.length == 0 || token == null) {
            return;
        }
        Object[] permits = (Object[]) token;
        for (int n = 0; n < members.length; n++) {
            int i = untilWorkEnds ? members.length - 1 - n : n;
            Object permit = permits[i];
            if (permit != null) {
                permits[i] = null;
                members[i].exit(permit, event, executionNanos, nowNanos);
            }
        }
    }

    /** Whether every member's readings may come from the ticker's coarse reading. */
    boolean coarseTimeSuffices() {
        for (Admission member : members) {
            if (!member.coarseTimeSuffices()) {
                return false;
            }
        }
        return true;
    }
}
