package dev.firebreak.context;

/**
 * Observes guarded calls and the call policies built on them (retry, hedging, collapsing): the seam a
 * tracing library plugs into, such as {@code firebreak-opentelemetry}'s spans or a Micrometer
 * {@code Observation} per call. Core knows no tracing library; an implementation maps these calls
 * onto one.
 *
 * <p>Install one per registry, at any time, with {@code GuardRegistry.useTracer(tracer)}; remove it
 * with {@code releaseTracer(tracer)}. With none installed a call pays one field read and a null check.
 *
 * <p>The life of one guarded call, as a Micrometer {@code Observation} would map it:
 * <ol>
 *   <li>{@link #startCall} on the caller's thread, at entry, before any admission: create the call's
 *       observation as a child of the caller's current one, capture the caller's context, start it
 *       ({@code Observation.createNotStarted(...).parentObservation(current).start()});</li>
 *   <li>{@link CallObservation#openScope()} on whichever thread runs the user's code or its fallback
 *       (the caller's, a pool thread, a virtual thread, the thread that calls a {@code submitAsync}
 *       supplier), closed on that thread when the code returns ({@code observation.openScope()});</li>
 *   <li>{@link CallObservation#restoreCaller()} where Firebreak completes the caller's future or hands
 *       a timeout's outcome over, so the caller's continuations see the caller's context, not the
 *       call's;</li>
 *   <li>{@link CallObservation#waited} for time spent waiting (an event each:
 *       {@code observation.event(...)});</li>
 *   <li>{@link CallObservation#stop} exactly once, with the call's events (see
 *       {@code dev.firebreak.event.Events}), before the caller receives its outcome
 *       ({@code observation.error(failure)} when there is one, then {@code stop()}).</li>
 * </ol>
 *
 * <p>Rules: every method may be called on any thread and must not block. A tracer or an observation
 * that throws is caught and reported once ({@code ListenerFailures}), and never breaks the call: a
 * throwing {@link #startCall} leaves that call unobserved.
 */
public interface CallTracer {

    /** How a guarded call was made. */
    enum CallMode {
        /** {@code Guard.execute}: the caller waits for the outcome. */
        EXECUTE,
        /** {@code Guard.submit}: a blocking call run on the isolation, the caller holds a future. */
        SUBMIT,
        /** {@code Guard.submitAsync}: a non-blocking call returning a stage. */
        SUBMIT_ASYNC
    }

    /**
     * A call enters {@code guard} in {@code mode}: called on the caller's thread, before any admission.
     *
     * @return the call's observation, or null to leave this call unobserved
     */
    CallObservation startCall(TracedGuard guard, CallMode mode);

    /**
     * A call policy's call starts, on its caller's thread: a retry's or a hedge's call (its attempts are
     * guarded calls started inside {@link PolicyObservation#attempt}), one request of a collapser, or a
     * collapser's batch (whose one guarded call is started inside {@code attempt(1)}).
     *
     * @param kind {@code "retry"}, {@code "hedge"}, {@code "collapser"} or {@code "batch"}
     * @param name the policy's (or collapser's) name
     * @param guard the name of the guard its attempts run through
     * @return the policy call's observation, or null to leave it unobserved (the default)
     */
    default PolicyObservation startPolicy(String kind, String name, String guard) {
        return null;
    }
}
