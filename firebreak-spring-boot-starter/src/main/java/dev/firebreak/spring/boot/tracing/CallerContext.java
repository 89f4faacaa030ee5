package dev.firebreak.spring.boot.tracing;

import dev.firebreak.context.ContextCarrier;
import io.micrometer.observation.NullObservation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

/**
 * The observation that was current on a caller's thread when its call started, to make current again
 * where Firebreak completes the caller's future: the caller's own observation; or, if it had none, no
 * observation (a {@link NullObservation}'s scope, which also clears the tracer's current span) when
 * another one is current there (the thread completing a stage may be inside the call's scope).
 */
record CallerContext(ObservationRegistry registry, Observation observation) {

    /** Makes it current on this thread until the scope is closed. */
    ContextCarrier.Scope restore() {
        if (observation != null) {
            Observation.Scope scope = observation.openScope();
            return scope::close;
        }
        Observation now = registry.getCurrentObservation();
        if (now == null || now instanceof NullObservation) {
            // Nothing to take away: a span the caller had without an observation (a tracer's own, put
            // back by the context carrier) stays current for the caller's continuations.
            return ContextCarrier.Scope.NOOP;
        }
        Observation.Scope cleared = new NullObservation(registry).openScope();
        return cleared::close;
    }
}
