package dev.firebreak.registry;

/**
 * Thrown at once by anything asked to work after its registry was closed: a call on a guard or a
 * collapser, building a new one, scheduling on the registry's scheduler.
 */
public final class RegistryClosedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** {@code what} (for example "guard 'orders'") was used after its registry was closed. */
    public RegistryClosedException(String what) {
        super(what + ": its registry is closed");
    }
}
