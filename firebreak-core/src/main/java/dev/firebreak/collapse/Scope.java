package dev.firebreak.collapse;

/** Which callers' requests a collapser puts in the same batch (Hystrix's collapser scope). */
public enum Scope {
    /** Every caller of the process: the default, and the scope that cuts downstream load the most. */
    GLOBAL,
    /**
     * Only callers inside the same {@link dev.firebreak.context.RequestContext}; a request submitted
     * outside any context fails at once with an {@link IllegalStateException}.
     */
    REQUEST
}
