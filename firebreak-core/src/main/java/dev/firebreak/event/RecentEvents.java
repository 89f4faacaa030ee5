package dev.firebreak.event;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The most recent events of one source, at most {@code capacity} of them: a ring that overwrites its
 * oldest entry. Adding takes no lock and never waits, from any number of threads; a reader gets the
 * entries in the order they were added. Its memory is bounded by its capacity however many events
 * arrive: each {@link #add} allocates one small entry, which the next lap of the ring lets go.
 *
 * @param <E> the kind of event kept
 */
public final class RecentEvents<E> {

    /*
     * Invariants: next counts the events ever added; event number n (from 0) is written to slot
     * n % capacity, tagged with n, so a slot holds the newest event written to it. A writer takes its
     * number with one getAndIncrement, then stores its entry with one set: concurrent writers of the
     * same slot (a whole lap apart) may store out of order, so a reader keeps only the entries whose
     * number lies in the last lap it saw ([end - capacity, end)), which is at most capacity entries,
     * and orders them by number. A writer that has its number but has not stored yet leaves a gap,
     * never a wrong entry.
     */

    private final AtomicReferenceArray<Entry<E>> slots;
    private final AtomicLong next = new AtomicLong();
    private final int capacity;

    /** An empty ring of {@code capacity} entries, at least 1. */
    public RecentEvents(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("the capacity of recent events is " + capacity
                    + ": it must be at least 1");
        }
        this.capacity = capacity;
        this.slots = new AtomicReferenceArray<>(capacity);
    }

    /** Keeps {@code event}, overwriting the oldest one once the ring is full. */
    public void add(E event) {
        long number = next.getAndIncrement();
        slots.set((int) (number % capacity), new Entry<>(number, event));
    }

    /** The events kept now, oldest first: at most {@link #capacity()} of them. */
    public List<E> snapshot() {
        long end = next.get();
        long start = end - capacity;
        List<Entry<E>> kept = new ArrayList<>(capacity);
        for (int i = 0; i < capacity; i++) {
            Entry<E> entry = slots.get(i);
            if (entry != null && entry.number >= start && entry.number < end) {
                kept.add(entry);
            }
        }
        kept.sort(Comparator.comparingLong(Entry::number));
        List<E> events = new ArrayList<>(kept.size());
        for (Entry<E> entry : kept) {
            events.add(entry.event);
        }
        return events;
    }

    /** The most events kept at once. */
    public int capacity() {
        return capacity;
    }

    /** Events ever added, those overwritten included. */
    public long added() {
        return next.get();
    }

    private record Entry<E>(long number, E event) {
    }
}
