package dev.firebreak;

import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;

/**
 * The admissions of one {@link Admission.Hold} in a pipeline, in their fixed order, entered and exited
 * together: one call's permits for the group travel as one token. With one member (the common case:
 * the breaker alone held until the outcome, the isolation alone until the work ends) the token is that
 * member's permit and nothing is allocated; with several it is an array of their permits, with one
 * more slot for the refusing member's event; with none it is {@link #EMPTY}.
 *
 * <p>The two holds differ in what a refusal does with the permits already taken and in the order of
 * the exits, and each has its own class: {@link OutcomeHeldGroup} and {@link WorkHeldGroup}.
 */
abstract sealed class AdmissionGroup permits OutcomeHeldGroup, WorkHeldGroup {

    /*
     * Why one class per hold rather than one class with a flag: the pipeline calls a group's members
     * through its own code, and the JIT profiles a call site per class. In one shared class the breaker
     * and the isolation met at the same member call sites (docs/notes/bench/house-2026-11-28 has the
     * runs); with a class per hold each site sees the admissions of one hold only, as direct calls to
     * the breaker and the isolation would. The single-member path reads `sole`, not the array.
     */

    /** The token of a group with no member: entered, nothing to exit. */
    static final Object EMPTY = new Object();

    /** The members in the order they are entered. */
    final Admission[] members;
    /** The one member when there is exactly one, else null. */
    final Admission sole;

    AdmissionGroup(Admission[] members) {
        this.members = members.clone();
        this.sole = members.length == 1 ? members[0] : null;
    }

    /**
     * Enters every member in order at {@code nowNanos}. Returns the token for {@link #exit}; if a member
     * refused, a token for which {@link #refusal} names the refusal, holding the permits this group's hold
     * keeps past a refusal.
     */
    abstract Object enter(long nowNanos);

    /** The event of the member that refused when {@code token} was made, or null if every member admitted. */
    final EventType refusal(Object token) {
        Admission one = sole;
        if (one != null) {
            return token == null ? one.refusal() : null;
        }
        return token == EMPTY ? null : (EventType) ((Object[]) token)[members.length];
    }

    /** Exits every permit {@code token} holds with the attempt's event and times; the caller gives each token here once. */
    abstract void exit(Object token, EventType event, long executionNanos, long nowNanos);

    /** Whether every member's readings may come from the ticker's coarse reading. */
    final boolean coarseTimeSuffices() {
        for (Admission member : members) {
            if (!member.coarseTimeSuffices()) {
                return false;
            }
        }
        return true;
    }
}
