package dev.firebreak.isolation;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A striped {@link Bulkhead}'s cells: per-thread-group stores of free permits that the bulkhead has
 * already counted as taken, so that a thread returning a permit and taking one again touches only its
 * own cell's cache line, never the bulkhead's shared word.
 *
 * <p>A cell holds a count of free permits ({@code >= 0}) or {@link #CLOSED}. An open cell only gains a
 * permit from a release and loses one to an acquire; {@link #close} takes its whole count out in one
 * atomic step, after which every acquire and release on it fails and goes to the bulkhead's word. A
 * closed cell never opens again: the bulkhead installs a new {@code PermitStripes} instead.
 *
 * <p>Cells sit 128 bytes apart in one {@code int[]} (two cache lines, so neither the hardware's
 * adjacent-line prefetch nor the array's header shares a line with a cell). A thread's cell is chosen
 * by Fibonacci hashing of its id, which spreads consecutive ids over different cells.
 */
final class PermitStripes {

    /** A cell that takes no more permits. */
    static final int CLOSED = -1;

    private static final int STRIDE = 32; // ints per cell: 128 bytes
    private static final VarHandle CELL = MethodHandles.arrayElementVarHandle(int[].class);
    private static final int CELLS = cellsFor(Runtime.getRuntime().availableProcessors());
    /** Fibonacci hashing keeps the top log2(CELLS) bits of the product. */
    private static final int SHIFT = 64 - Integer.numberOfTrailingZeros(CELLS);

    private final int[] cells;

    PermitStripes() {
        this.cells = new int[(CELLS + 1) * STRIDE];
    }

    /** A power of two at least twice the processors, between 2 and 64. */
    static int cellsFor(int processors) {
        int wanted = Math.clamp(2L * processors, 2, 64);
        return Integer.highestOneBit(wanted - 1) << 1;
    }

    /** The number of cells. */
    int size() {
        return CELLS;
    }

    /** The index in {@link #cells} of the calling thread's cell. */
    int mine() {
        return indexOf((int) ((Thread.currentThread().threadId() * 0x9E37_79B9_7F4A_7C15L) >>> SHIFT));
    }

    /** The index in {@link #cells} of cell {@code cell} (0 to {@code size() - 1}). */
    static int indexOf(int cell) {
        return (cell + 1) * STRIDE;
    }

    /**
     * Takes a free permit from the cell at {@code index}: false if it has none or is closed. Retries
     * while the cell has one (a thread sharing the cell got there first): a cell that gave up on a
     * collision would send the caller to the word for a new permit and end up holding one more than its
     * threads need.
     */
    boolean take(int index) {
        while (true) {
            int free = (int) CELL.getVolatile(cells, index);
            // Invariant: free > 0 here means a permit counted as taken that no call holds; the CAS hands
            // it to this call only if the cell still holds that count (a close in between fails it).
            if (free <= 0) {
                return false;
            }
            if (CELL.compareAndSet(cells, index, free, free - 1)) {
                return true;
            }
        }
    }

    /** Leaves a permit in the cell at {@code index}: false if the cell is closed (the caller returns it elsewhere). */
    boolean give(int index) {
        while (true) {
            int free = (int) CELL.getVolatile(cells, index);
            if (free < 0) {
                return false;
            }
            if (CELL.compareAndSet(cells, index, free, free + 1)) {
                return true;
            }
        }
    }

    /** Closes the cell at {@code index} and returns the free permits it held (0 if it was closed already). */
    int close(int index) {
        return Math.max(0, (int) CELL.getAndSet(cells, index, CLOSED));
    }

    /** The free permits in the cell at {@code index} now (0 if closed). */
    int free(int index) {
        return Math.max(0, (int) CELL.getVolatile(cells, index));
    }
}
