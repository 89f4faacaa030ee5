package dev.firebreak.isolation;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.junit.jupiter.api.Test;

/**
 * Model check of the bulkhead for linearizability while its limit changes (as an adaptive limit
 * changes it): lincheck explores interleavings of admissions, releases and limit changes and checks each
 * result against a sequential order of the same operations, in which an admission succeeds exactly when
 * fewer are in flight than the limit in force at that instant.
 */
@Param(name = "thread", gen = ThreadIdGen.class)
@Param(name = "limit", gen = IntGen.class, conf = "0:3")
public class BulkheadLincheckTest {

    private final Bulkhead bulkhead = new Bulkhead(1);
    private final int[] held = new int[16]; // permits per thread: touched by its own thread only

    /** Asks for a permit; returns the in-flight count with it, 0 if refused. */
    @Operation
    public int acquire(@Param(name = "thread") int thread) {
        int inFlight = bulkhead.tryAcquireCount();
        if (inFlight > 0) {
            held[thread]++;
        }
        return inFlight;
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

    /** The in-flight count now. */
    @Operation
    public int inFlight() {
        return bulkhead.inFlight();
    }

    @Test
    void modelCheck() {
        new ModelCheckingOptions().iterations(10).invocationsPerIteration(500).threads(3).actorsPerThread(4)
                .actorsBefore(2).actorsAfter(2).check(BulkheadLincheckTest.class);
    }
}
