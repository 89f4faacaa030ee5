package dev.firebreak.context;

import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import java.util.Set;

/**
 * One call in a {@link RequestLog}: which guard or collapser, what happened, how long it took.
 *
 * @param name the guard's or collapser's name
 * @param events the call's events as a mask (see {@link Events})
 * @param latencyNanos from entering the guard (or collapser) to the caller's outcome
 * @param attempts the guarded attempts the entry stands for: 1 for a guard's call, more for a retried
 *     or hedged call (whose events are then the union of its attempts' and the policy's markers)
 */
public record RequestLogEntry(String name, long events, long latencyNanos, int attempts) {

    /** An entry of one attempt. */
    public RequestLogEntry(String name, long events, long latencyNanos) {
        this(name, events, latencyNanos, 1);
    }

    /** The events as a set. */
    public Set<EventType> eventSet() {
        return Events.toSet(events);
    }

    /** The latency in whole milliseconds. */
    public long latencyMillis() {
        return latencyNanos / 1_000_000L;
    }
}
