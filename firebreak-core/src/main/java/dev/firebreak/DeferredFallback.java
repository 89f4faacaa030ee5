package dev.firebreak;

/**
 * The fallback {@link Fallback#deferred()} hands out: the mark of a call policy's attempt, whose
 * caller runs the fallback itself. The guard recognises it by identity and never calls it.
 */
final class DeferredFallback implements Fallback<Object> {

    static final DeferredFallback INSTANCE = new DeferredFallback();

    private DeferredFallback() {
    }

    /** Never called by a guard; a direct call gives the failure back, as the deferring caller receives it. */
    @Override
    public Object recover(GuardException failure) {
        throw failure;
    }

    @Override
    public String toString() {
        return "Fallback.deferred()";
    }
}
