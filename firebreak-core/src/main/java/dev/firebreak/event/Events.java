package dev.firebreak.event;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Operations on an event mask: a {@code long} with one bit per {@link EventType}, which is how one
 * call's events travel to listeners and metrics without allocating.
 */
public final class Events {

    private Events() {
    }

    /** Whether the mask holds {@code type}. */
    public static boolean contains(long mask, EventType type) {
        return (mask & type.bit()) != 0;
    }

    /** The mask of these types. */
    public static long maskOf(EventType... types) {
        long mask = 0;
        for (EventType type : types) {
            mask |= type.bit();
        }
        return mask;
    }

    /** The execution event of a call's mask (exactly one in a well-formed mask), or null if none. */
    public static EventType executionEvent(long mask) {
        for (EventType type : EventType.values()) {
            if (type.kind() == EventType.Kind.EXECUTION && contains(mask, type)) {
                return type;
            }
        }
        return null;
    }

    /** The types in the mask as a set. */
    public static Set<EventType> toSet(long mask) {
        EnumSet<EventType> set = EnumSet.noneOf(EventType.class);
        for (EventType type : EventType.values()) {
            if (contains(mask, type)) {
                set.add(type);
            }
        }
        return set;
    }

    /** The types in the mask, in declaration order, joined by {@code ", "}: {@code "FAILURE, FALLBACK_SUCCESS"}. */
    public static String format(long mask) {
        List<String> names = new ArrayList<>();
        for (EventType type : toSet(mask)) {
            names.add(type.name());
        }
        return String.join(", ", names);
    }
}
