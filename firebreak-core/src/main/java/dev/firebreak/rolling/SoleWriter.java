package dev.firebreak.rolling;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The add of a cell that one thread alone writes (an owner's home cells in {@link RollingCounter} and
 * {@link StripedHistogram}): the count is read plainly and its successor stored with release semantics,
 * no locked instruction. Correct only while no other thread writes that cell: with two writers an add
 * is lost. Readers use volatile reads and see every add whose store happens-before them.
 */
final class SoleWriter {

    private SoleWriter() {
    }

    /** Adds one to cell {@code index} of {@code cells}, whose only writer is the calling thread. */
    static void increment(AtomicLongArray cells, int index) {
        cells.setRelease(index, cells.getPlain(index) + 1);
    }
}
