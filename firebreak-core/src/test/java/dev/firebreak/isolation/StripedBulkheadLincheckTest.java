package dev.firebreak.isolation;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Model check of a striped bulkhead ({@link Bulkhead#striped}) for linearizability: lincheck explores
 * interleavings of admissions from the threads' cells and from the word (plain and counting), releases
 * into the cells, refusals (each one detaching and draining the cells before it decides) and limit
 * changes (each one draining first), and checks each result against a sequential order of the same
 * operations, in which an admission succeeds exactly when fewer are held than the limit in force at
 * that instant.
 * The bulkhead starts with its cells in use, as after a first collision, so every run exercises them.
 */
@Param(name = "thread", gen = ThreadIdGen.class)
@Param(name = "limit", gen = IntGen.class, conf = "0:3")
public class StripedBulkheadLincheckTest {

    private final Bulkhead bulkhead = Bulkhead.stripedNow(2);
    private final int[] held = new int[16]; // permits per thread: touched by its own thread only

    /** Asks for a permit. */
    @Operation
    public boolean acquire(@Param(name = "thread") int thread) {
        boolean admitted = bulkhead.tryAcquire();
        if (admitted) {
            held[thread]++;
        }
        return admitted;
    }

    /** Asks for a permit as an adaptive limit's admission does (its count is a gauge with cells in use: not compared). */
    @Operation
    public boolean acquireCounting(@Param(name = "thread") int thread) {
        boolean admitted = bulkhead.tryAcquireCount() > 0;
        if (admitted) {
            held[thread]++;
        }
        return admitted;
    }

    /** Gives back one of this thread's permits, if it holds one. */
    @Operation
    public boolean release(@Param(name = "thread") int thread) {
        if (held[thread] == 0) {
            return false;
        }
        held[thread]--;
        bulkhead.release();
        return true;
    }

    /** Moves the limit, as an algorithm or a reconfiguration does. */
    @Operation
    public void setLimit(@Param(name = "limit") int limit) {
        bulkhead.setLimit(limit);
    }

    /** At rest, the count held is exactly the permits the threads hold (nothing lost in a cell or a drain). */
    @Validate
    public void countIsExactAtRest() {
        int total = 0;
        for (int permits : held) {
            total += permits;
        }
        if (bulkhead.inFlight() != total) {
            throw new IllegalStateException("in flight " + bulkhead.inFlight() + ", held " + total);
        }
    }

    @Test
    void modelCheck() {
        new ModelCheckingOptions().iterations(30).invocationsPerIteration(1_000).threads(3).actorsPerThread(4)
                .actorsBefore(2).actorsAfter(2).check(StripedBulkheadLincheckTest.class);
    }
}
