package dev.firebreak;

import dev.firebreak.event.EventType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/** Counts of calls per execution and fallback event type, as one witness (caller, listener, log) saw them. */
final class SoakTally {

    private final AtomicLongArray counts = new AtomicLongArray(EventType.count());

    /** Counts the execution and fallback events of one call. */
    void add(EventType execution, EventType fallback) {
        counts.incrementAndGet(execution.ordinal());
        if (fallback != null) {
            counts.incrementAndGet(fallback.ordinal());
        }
    }

    /** Counts the execution and fallback events in one event mask. */
    void addMask(long mask) {
        for (EventType type : EventType.values()) {
            if (type.kind() != EventType.Kind.MARKER && (mask & type.bit()) != 0) {
                counts.incrementAndGet(type.ordinal());
            }
        }
    }

    /** Adds {@code n} calls with {@code type}. */
    void add(EventType type, long n) {
        counts.addAndGet(type.ordinal(), n);
    }

    long count(EventType type) {
        return counts.get(type.ordinal());
    }

    /** Calls counted: one execution event each. */
    long calls() {
        long calls = 0;
        for (EventType type : EventType.values()) {
            if (type.kind() == EventType.Kind.EXECUTION) {
                calls += count(type);
            }
        }
        return calls;
    }

    /** The event types whose counts differ between this tally and {@code other}, with both counts. */
    List<String> differences(String mine, SoakTally other, String theirs) {
        List<String> out = new ArrayList<>();
        for (EventType type : EventType.values()) {
            if (type.kind() != EventType.Kind.MARKER && count(type) != other.count(type)) {
                out.add(type + ": " + mine + " " + count(type) + ", " + theirs + " " + other.count(type));
            }
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (EventType type : EventType.values()) {
            if (count(type) > 0) {
                out.append(out.isEmpty() ? "" : ", ").append(type).append('=').append(count(type));
            }
        }
        return out.toString();
    }
}
