package dev.firebreak.spring.boot.tracing;

import dev.firebreak.context.CallObservation;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import dev.firebreak.metrics.MetricVocabulary;
import io.micrometer.observation.Observation;

/** One guarded call as a Micrometer {@link Observation}, with the caller's observation it started under. */
final class GuardObservation implements CallObservation {

    private static final Observation.Event ADMISSION = Observation.Event.of(ObservationKeys.WAIT_ADMISSION);
    private static final Observation.Event QUEUE = Observation.Event.of(ObservationKeys.WAIT_QUEUE);

    /**
     * Waits shorter than this are not events: the Observation API's events carry a name only, no
     * duration, and a semaphore's admission takes some nanoseconds on every call.
     */
    static final long NOTABLE_WAIT_NANOS = 1_000_000L;

    private final Observation observation;
    private final CallerContext caller;

    GuardObservation(Observation observation, CallerContext caller) {
        this.observation = observation;
        this.caller = caller;
    }

    @Override
    public ContextCarrier.Scope openScope() {
        Observation.Scope scope = observation.openScope();
        return scope::close;
    }

    @Override
    public ContextCarrier.Scope restoreCaller() {
        return caller.restore();
    }

    @Override
    public void waited(Wait what, long nanos) {
        // The Observation API's events carry a name only: the wait's length shows as the gap before the
        // call's children, not as an attribute.
        if (nanos >= NOTABLE_WAIT_NANOS) {
            observation.event(what == Wait.QUEUE ? QUEUE : ADMISSION);
        }
    }

    @Override
    public void stop(long events, Throwable cause, Throwable failure, long executionNanos, long totalNanos) {
        String outcome = MetricVocabulary.outcome(events);
        if (outcome != null) {
            observation.lowCardinalityKeyValue(ObservationKeys.OUTCOME, outcome);
        }
        String fallback = MetricVocabulary.fallbackResult(events);
        if (fallback != null) {
            observation.lowCardinalityKeyValue(ObservationKeys.FALLBACK, fallback);
        }
        if (Events.contains(events, EventType.SLOW_CALL)) {
            observation.highCardinalityKeyValue(ObservationKeys.SLOW, "true");
        }
        if (Events.contains(events, EventType.INJECTED)) { // chaos: the failure, delay or value was injected
            observation.highCardinalityKeyValue(ObservationKeys.CHAOS_INJECTED, "true");
        }
        if (failure != null) { // the caller receives an exception: the span's status is an error
            observation.highCardinalityKeyValue(ObservationKeys.ERROR_TYPE, failure.getClass().getName());
            observation.error(failure);
        }
        // A fallback that answered leaves the span without error (the caller got a value); the outcome
        // and fallback keys say what happened. The Observation API has no exception event without an error.
        observation.stop();
    }
}
