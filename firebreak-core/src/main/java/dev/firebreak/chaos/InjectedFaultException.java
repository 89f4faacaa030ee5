package dev.firebreak.chaos;

/**
 * What an EXCEPTION fault throws when no named exception is configured: a failure injected on purpose.
 * Every injected fault, whatever it threw or returned, also carries the {@code INJECTED} marker in the
 * call's events ({@link dev.firebreak.event.EventType#INJECTED}).
 */
public class InjectedFaultException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String guard;

    /** A fault injected into a call of {@code guard}. */
    public InjectedFaultException(String guard) {
        super("fault injected into a call of guard '" + guard + "' (chaos.kind EXCEPTION)", null, false, false);
        this.guard = guard;
    }

    /** The guard whose call received the fault. */
    public String guard() {
        return guard;
    }
}
