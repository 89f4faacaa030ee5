package dev.firebreak.metrics;

import dev.firebreak.event.EventType;
import java.util.EnumMap;
import java.util.Map;

/**
 * An immutable count per {@link EventType}, such as the calls of a rolling window or since creation.
 *
 * @param byOrdinal one count per event type, indexed by ordinal (copied)
 */
public record EventCounts(long[] byOrdinal) {

    /** Copies the array, which must have one count per event type. */
    public EventCounts {
        if (byOrdinal.length != EventType.count()) {
            throw new IllegalArgumentException("one count per event type expected, got " + byOrdinal.length);
        }
        byOrdinal = byOrdinal.clone();
    }

    /** The count of {@code type}. */
    public long get(EventType type) {
        return byOrdinal[type.ordinal()];
    }

    /** A copy of the counts, indexed by ordinal. */
    @Override
    public long[] byOrdinal() {
        return byOrdinal.clone();
    }

    /** The counts as a map (every type present, zeros included). */
    public Map<EventType, Long> asMap() {
        Map<EventType, Long> map = new EnumMap<>(EventType.class);
        for (EventType type : EventType.values()) {
            map.put(type, byOrdinal[type.ordinal()]);
        }
        return map;
    }

    /** The health figures these counts give (see {@link HealthCounts#of}). */
    public HealthCounts health() {
        return HealthCounts.of(this);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EventCounts counts && java.util.Arrays.equals(byOrdinal, counts.byOrdinal);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(byOrdinal);
    }

    @Override
    public String toString() {
        return "EventCounts" + asMap();
    }
}
