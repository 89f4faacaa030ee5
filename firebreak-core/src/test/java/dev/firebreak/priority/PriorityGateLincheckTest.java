package dev.firebreak.priority;

import dev.firebreak.context.Criticality;
import dev.firebreak.event.EventType;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.junit.jupiter.api.Test;

/**
 * Model check of the priority gate with partitions (limit 3; CRITICAL guaranteed 2 places, SHEDDABLE's
 * ceiling 2): lincheck explores interleavings of admissions at two levels and exits, and checks each
 * result against a sequential order of the same operations. No calibration runs (the clock stands
 * still), so the outcome of each admission depends only on the counts: linearizable admissions mean
 * no interleaving admits above the limit or into an active level's unused share.
 */
@Param(name = "thread", gen = ThreadIdGen.class)
@Param(name = "level", gen = IntGen.class, conf = "1:3")
public class PriorityGateLincheckTest {

    private final PriorityGate gate = new PriorityGate(PriorityConfig.builder().enabled(true)
            .targetUtilizationPercent(66).share(Criticality.CRITICAL, 67).build(), () -> 3, () -> 0, 0L);
    private final Object[][] held = new Object[16][16]; // permits per thread: touched by its own thread only
    private final int[] count = new int[16];

    /** Asks for a place at CRITICAL (1) or SHEDDABLE (3); returns whether admitted. */
    @Operation
    public boolean enter(@Param(name = "thread") int thread, @Param(name = "level") int level) {
        Criticality before = Criticality.swap(Criticality.values()[level == 2 ? 3 : level]);
        try {
            Object permit = gate.enter(0L);
            if (permit != null) {
                held[thread][count[thread]++] = permit;
            }
            return permit != null;
        } finally {
            Criticality.swap(before);
        }
    }

    /** Gives back one of this thread's places, if it holds one. */
    @Operation
    public boolean exit(@Param(name = "thread") int thread) {
        if (count[thread] == 0) {
            return false;
        }
        gate.exit(held[thread][--count[thread]], EventType.SUCCESS, 1L, 0L);
        return true;
    }

    /** The gate's calls in flight now. */
    @Operation
    public int inFlight() {
        return gate.inFlight();
    }

    @Test
    void modelCheck() {
        new ModelCheckingOptions().iterations(8).invocationsPerIteration(200).threads(3).actorsPerThread(3)
                .actorsBefore(1).actorsAfter(1).check(PriorityGateLincheckTest.class);
    }
}
