package dev.firebreak;

import dev.firebreak.classify.Classifier;
import dev.firebreak.context.CallTracer;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.context.TracedGuard;
import dev.firebreak.event.EventType;

/**
 * What the pipeline needs from its guard that only the guard can do: the configuration in force,
 * making the exception that says what happened, running the fallback under its limit, and telling
 * the request log and the listeners. Implemented inside the guard; not an API.
 */
interface GuardSide {

    /** The guard's name. */
    String name();

    /** The configuration in force (read once per call). */
    GuardConfig config();

    /** The guard's failure classification in force (the code's, with what its configuration declares). */
    Classifier classifier();

    /** The exception for an execution event that did not produce a value. */
    GuardException failureFor(EventType event, Throwable cause);

    /**
     * Step 8: runs {@code fallback} on this thread, under the fallback limit, for an outcome of kind
     * {@code event} ({@code cause}: what the call threw, if it ran). Returns the fallback's value
     * (FALLBACK_SUCCESS), or a {@link FallbackResult} holding the exception for the caller and the
     * fallback event that explains it; so an answered fallback allocates no result. A refusal's
     * fallback may receive the guard's shared, immutable exception for that refusal. For
     * {@link Fallback#deferred()} (a call policy's attempt) nothing runs: a {@link FallbackResult}
     * with the exception and no event.
     */
    Object recover(Fallback<?> fallback, EventType event, Throwable cause);

    /** Records the caller's site in {@code failure} (on the caller's thread) before it is thrown to the caller. */
    GuardException atCallerSite(GuardException failure);

    /** What carries the submitter's thread-bound context to where the call runs (the registry's). */
    default ContextCarrier contextCarrier() {
        return ContextCarrier.NONE;
    }

    /** The registry's call tracer, or null if none (read once per call: the only cost of tracing off). */
    default CallTracer tracer() {
        return null;
    }

    /** The guard as a tracer is told of it. */
    default TracedGuard traced() {
        throw new UnsupportedOperationException("no tracing for " + name());
    }

    /**
     * Whether a listener (of the guard or of its registry) is told of every call, and so reads its
     * durations: the pipeline then times the call with the precise clock. True unless the guard says otherwise.
     */
    default boolean hasListeners() {
        return true;
    }

    /** Appends the call to the request log and tells the listeners (after the metrics and the admissions). */
    void report(long events, long executionNanos, long totalNanos);
}
