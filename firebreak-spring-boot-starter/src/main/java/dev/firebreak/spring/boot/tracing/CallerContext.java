package dev.firebreak.spring.boot.tracing;

import dev.firebreak.context.ContextCarrier;
import io.micrometer.observation.NullObservation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

/**
 * The observation that was current on a caller's thread when its call started, to make current again
 * where Firebreak completes the caller's future: the caller's own observation, or none (a
 * {@link NullObservation}'s scope, which also clears the tracer's current span).
 */
record CallerContext(ObservationRegistry registry, Observation observation) {

    /** What is current on this thread now. */
    static CallerContext current(ObservationRegistry registry) {
        return new CallerContext(registry, registry.getCurrentObservation());
    }

    /** Makes it current on this thread until the scope is closed. */
    ContextCarrier.Scope restore() {
        Observation.Scope scope = (observation != null ? observation : new NullObservation(registry)).openScope();
        return scope::close;
    }
}
