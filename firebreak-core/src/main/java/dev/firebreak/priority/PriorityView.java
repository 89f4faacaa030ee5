package dev.firebreak.priority;

import dev.firebreak.context.Criticality;
import java.util.Objects;

/**
 * The read-only face of a guard's priority-aware limit ({@code guard.controls().priorities()}): its
 * configuration, the rejection threshold in force, its refusals per criticality and its calls in flight
 * per criticality, and where a {@link PriorityListener} is told of each refusal. Nothing here admits or
 * refuses a call. For a guard without priorities ({@code priority.enabled} false at creation) every count
 * stays 0.
 */
public final class PriorityView {

    private final PriorityGate gate;
    private final boolean active;

    private PriorityView(PriorityGate gate, boolean active) {
        this.gate = gate;
        this.active = active;
    }

    /** The view of {@code gate}; {@code active}: whether it is in the guard's pipeline. */
    public static PriorityView of(PriorityGate gate, boolean active) {
        return new PriorityView(Objects.requireNonNull(gate, "gate"), active);
    }

    /** Whether the guard refuses by criticality (its {@code priority.enabled} at creation). */
    public boolean enabled() {
        return active;
    }

    /** The configuration in force. */
    public PriorityConfig config() {
        return gate.config();
    }

    /**
     * The rejection threshold in force, 0-128: a call whose score (its level's band of 32, CRITICAL_PLUS
     * highest: SHEDDABLE 0-31, SHEDDABLE_PLUS 32-63, CRITICAL 64-95, CRITICAL_PLUS 96-127, plus a random
     * sub-level) is below it is refused. 0: nothing refused by score.
     */
    public int threshold() {
        return gate.threshold();
    }

    /**
     * The lowest level the threshold leaves wholly admitted: the level whose band lies at or above the
     * threshold, or null when even CRITICAL_PLUS is partly refused.
     */
    public Criticality lowestAdmitted() {
        int t = gate.threshold();
        for (int o = 3; o >= 0; o--) {
            if (ThresholdController.base(o) >= t) {
                return Criticality.values()[o];
            }
        }
        return null;
    }

    /** The fraction of offered calls the last calibration meant to admit (1: no refusal by score). */
    public double admitFraction() {
        return gate.admitFraction();
    }

    /** Calls of {@code level} refused by this limit since the guard was made. */
    public long rejected(Criticality level) {
        return gate.rejected(Objects.requireNonNull(level, "level"));
    }

    /** Calls this limit admitted that have not ended: running, or critical calls waiting for the isolation's permit. */
    public int inFlight() {
        return gate.inFlight();
    }

    /** Calls of {@code level} this limit admitted that have not ended. */
    public int inFlight(Criticality level) {
        return gate.inFlight(Objects.requireNonNull(level, "level"));
    }

    /** The limit in force (the isolation's, read now). */
    public int limit() {
        return gate.limit();
    }

    /** Subscribes to this limit's refusals. */
    public void addListener(PriorityListener listener) {
        gate.listeners().add(Objects.requireNonNull(listener, "listener"));
    }

    /** Unsubscribes a listener. */
    public void removeListener(PriorityListener listener) {
        gate.listeners().remove(listener);
    }

    @Override
    public String toString() {
        return "PriorityView[enabled=" + active + ", threshold=" + threshold() + ", admitFraction=" + admitFraction() + "]";
    }
}
