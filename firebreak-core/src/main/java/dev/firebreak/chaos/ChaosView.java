package dev.firebreak.chaos;

import java.util.Objects;

/**
 * A guard's fault injection, read-only ({@code guard.controls().chaos()}): whether its registry allows
 * chaos, the configuration injecting now, the faults injected so far per kind, and the listeners told when
 * its time to live runs out. Nothing here injects or records a call.
 */
public final class ChaosView {

    /** The view of a guard whose registry does not allow chaos. */
    static final ChaosView NOT_ALLOWED = new ChaosView(null);

    private final ChaosPolicy policy;

    ChaosView(ChaosPolicy policy) {
        this.policy = policy;
    }

    /** The view of a guard whose registry does not allow chaos: never active, counts nothing. */
    public static ChaosView notAllowed() {
        return NOT_ALLOWED;
    }

    /** Whether the guard's registry allows chaos; if not, {@code chaos.*} keys change nothing. */
    public boolean allowed() {
        return policy != null;
    }

    /** Whether faults are being injected now (enabled, in scope of the guard's group, not expired). */
    public boolean active() {
        return policy != null && policy.inForce() != null;
    }

    /** The configuration injecting now, or null when not {@link #active()}. */
    public ChaosConfig config() {
        return policy == null ? null : policy.inForce();
    }

    /** The faults of {@code kind} injected into this guard's calls so far. */
    public long injected(ChaosKind kind) {
        return policy == null ? 0L : policy.injected(Objects.requireNonNull(kind, "kind"));
    }

    /** Subscribes to the expiries of the guard's injection (nothing happens if chaos is not allowed). */
    public void addListener(ChaosListener listener) {
        Objects.requireNonNull(listener, "listener");
        if (policy != null) {
            policy.listeners().add(listener);
        }
    }

    /** Unsubscribes a listener. */
    public void removeListener(ChaosListener listener) {
        if (policy != null) {
            policy.listeners().remove(listener);
        }
    }

    @Override
    public String toString() {
        return policy == null ? "ChaosView[not allowed]" : "ChaosView[" + policy.guard() + ", " + config() + "]";
    }
}
