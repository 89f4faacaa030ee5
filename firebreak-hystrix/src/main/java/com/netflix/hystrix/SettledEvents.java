package com.netflix.hystrix;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/*
 * The events of settled commands, shared by every command that settled with the same set: the list a
 * command reports (getExecutionEvents) and the counts of its ExecutionResult when each event occurred
 * once. Both are immutable, and nearly every command of a service settles with one of a handful of
 * sets (SUCCESS; FAILURE and FALLBACK_SUCCESS; ...), so a settlement need not build them each time.
 *
 * A small open table keyed by the set's bits (HystrixEventType has fewer than 64 values): a slot holds
 * one set at a time; a clash or a race only costs building the entry again (two threads may store
 * equal entries, and either is right).
 */
final class SettledEvents {

    private static final HystrixEventType[] TYPES = HystrixEventType.values();
    private static final int SLOTS = 64;
    private static final AtomicReferenceArray<SettledEvents> TABLE = new AtomicReferenceArray<>(SLOTS);

    static {
        if (TYPES.length > Long.SIZE) {
            throw new AssertionError("HystrixEventType has more than 64 values: SettledEvents keys sets by a long");
        }
    }

    final long bits;
    /** The events in declaration order, unmodifiable. */
    final List<HystrixEventType> list;
    /** The counts when each event occurred once. */
    final ExecutionResult.EventCounts onceEach;

    private SettledEvents(long bits) {
        this.bits = bits;
        EnumSet<HystrixEventType> set = EnumSet.noneOf(HystrixEventType.class);
        long[] counts = new long[TYPES.length];
        for (HystrixEventType type : TYPES) {
            if ((bits & bit(type)) != 0) {
                set.add(type);
                counts[type.ordinal()] = 1;
            }
        }
        this.list = Collections.unmodifiableList(List.copyOf(set));
        this.onceEach = new ExecutionResult.EventCounts(counts);
    }

    static long bit(HystrixEventType type) {
        return 1L << type.ordinal();
    }

    /** The shared events of the set {@code bits} (a bit per {@link #bit event}). */
    static SettledEvents of(long bits) {
        int slot = (int) ((bits * 0x9E3779B97F4A7C15L) >>> 58); // the top 6 bits of a Fibonacci hash: 0..63
        SettledEvents found = TABLE.get(slot);
        if (found != null && found.bits == bits) {
            return found;
        }
        SettledEvents made = new SettledEvents(bits);
        TABLE.set(slot, made);
        return made;
    }
}
