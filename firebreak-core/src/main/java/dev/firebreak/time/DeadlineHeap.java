package dev.firebreak.time;

import java.util.Arrays;

/**
 * The system timer's pending tasks, a binary min-heap by deadline whose entries know their index, so a
 * cancelled timeout leaves at once (O(log n)) and holds nothing of its call until it would have fired.
 * Not thread-safe: {@link SystemScheduler} guards it with its lock.
 *
 * <p>Invariants: {@code heap[0..size)} is a min-heap by {@code deadline} compared by subtraction
 * (readings may wrap); each entry's {@code index} is its position while queued and -1 once it left
 * (run or cancelled), so it leaves at most once.
 */
final class DeadlineHeap {

    /** One scheduled task. Its fields are read and written under the scheduler's lock only. */
    static class Entry {
        final long deadline;
        final Runnable task;
        int index = -1;

        Entry(long deadline, Runnable task) {
            this.deadline = deadline;
            this.task = task;
        }
    }

    private Entry[] heap = new Entry[16];
    private int size;

    /** Queues {@code entry}; true if it is now the earliest. */
    boolean add(Entry entry) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        siftUp(size++, entry);
        return entry.index == 0;
    }

    /** The earliest entry, or null if none is queued. */
    Entry peek() {
        return size == 0 ? null : heap[0];
    }

    /** Takes {@code entry} out if it is still queued; true if it was. */
    boolean remove(Entry entry) {
        int i = entry.index;
        if (i < 0) {
            return false;
        }
        entry.index = -1;
        Entry last = heap[--size];
        heap[size] = null;
        if (last != entry) {
            siftDown(i, last);
            if (heap[i] == last) {
                siftUp(i, last);
            }
        }
        return true;
    }

    /** How many entries are queued. */
    int size() {
        return size;
    }

    private void siftUp(int i, Entry entry) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Entry above = heap[parent];
            if (entry.deadline - above.deadline >= 0) {
                break;
            }
            place(i, above);
            i = parent;
        }
        place(i, entry);
    }

    private void siftDown(int i, Entry entry) {
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && heap[right].deadline - heap[child].deadline < 0) {
                child = right;
            }
            if (heap[child].deadline - entry.deadline >= 0) {
                break;
            }
            place(i, heap[child]);
            i = child;
        }
        place(i, entry);
    }

    private void place(int i, Entry entry) {
        heap[i] = entry;
        entry.index = i;
    }
}
