package dev.firebreak.spring.boot.tracing;

import dev.firebreak.GuardException;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.context.PolicyObservation;
import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import dev.firebreak.metrics.MetricVocabulary;
import io.micrometer.observation.Observation;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One call of a retry, a hedge, a collapsed request or a batch as a Micrometer {@link Observation}: its
 * attempts' guard observations are its children; its decisions are events.
 */
final class PolicyCallObservation implements PolicyObservation {

    /** The Observation API's events carry a name only; one instance per name is enough. */
    private static final ConcurrentHashMap<String, Observation.Event> EVENTS = new ConcurrentHashMap<>();

    private final Observation observation;
    private final CallerContext caller;
    private final AtomicInteger served = new AtomicInteger();

    PolicyCallObservation(Observation observation, CallerContext caller) {
        this.observation = observation;
        this.caller = caller;
    }

    Observation observation() {
        return observation;
    }

    @Override
    public ContextCarrier.Scope attempt(int number) {
        Observation.Scope scope = observation.openScope();
        ContextCarrier.Scope marked = Attempts.mark(observation, number);
        return () -> {
            try {
                marked.close();
            } finally {
                scope.close();
            }
        };
    }

    /**
     * Makes the policy's caller's observation current (where the policy completes its caller's future).
     * Part of {@link PolicyObservation} from the core that gains it; harmless before.
     */
    public ContextCarrier.Scope restoreCaller() {
        return caller.restore();
    }

    @Override
    public void event(String name, long nanos) {
        // Durations (a retry's backoff, a hedge's delay) have no place on an Observation event: name only.
        observation.event(EVENTS.computeIfAbsent(name, n -> Observation.Event.of(ObservationKeys.event(n))));
    }

    @Override
    public void link(PolicyObservation other) {
        // The Observation API has no span links: the batch counts the requests it served.
        if (other instanceof PolicyCallObservation batch) {
            batch.served.incrementAndGet();
        }
    }

    @Override
    public void stop(long events, int attempts, Throwable failure) {
        observation.highCardinalityKeyValue(ObservationKeys.ATTEMPTS, Integer.toString(attempts));
        int linked = served.get();
        if (linked > 0) {
            observation.highCardinalityKeyValue(ObservationKeys.BATCH_SIZE, Integer.toString(linked));
        }
        String fallback = MetricVocabulary.fallbackResult(events);
        if (fallback != null) {
            observation.lowCardinalityKeyValue(ObservationKeys.FALLBACK, fallback);
        }
        String outcome;
        if (failure == null) {
            outcome = Events.contains(events, EventType.CANCELLED) ? "cancelled" : "success";
        } else if (failure instanceof GuardException guarded) {
            String word = MetricVocabulary.outcome(guarded.event().bit());
            outcome = word == null ? "failure" : word;
        } else {
            outcome = Events.contains(events, EventType.BAD_REQUEST) ? "bad_request" : "failure";
        }
        observation.lowCardinalityKeyValue(ObservationKeys.OUTCOME, outcome);
        if (failure != null) {
            observation.highCardinalityKeyValue(ObservationKeys.ERROR_TYPE, failure.getClass().getName());
            observation.error(failure);
        }
        observation.stop();
    }
}
