package dev.firebreak.rolling;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Model check of the counts since creation folded from the buckets as they leave the ring
 * ({@link RollingCounter#total}, {@link SealableCounts}, a joint cell for both kinds at once):
 * increments race at four epochs sharing two
 * slots (so every epoch after the first two retires a bucket, and a recorder may add to a bucket its
 * hint still names after it left), across the clock's wrap, while totals are read concurrently.
 *
 * <p>A total is checked for linearizability against the sequential counter (the number of increments
 * of its kind before it): a read that summed a bucket twice (in the ring and in the retired totals), or
 * missed one (gone from the ring, not yet folded), or an increment lost to a seal, fails it. (Only a
 * single kind's total is linearizable: {@link RollingCounter#totals} reads kind after kind, documented.)
 * After every explored execution, the totals are the increments made and the window of the latest
 * epoch holds exactly its epochs. The first thread to record owns the counter's home cells (counted
 * without a locked instruction, never folded); the others count on the sealable cells.
 */
@Param(name = "kind", gen = IntGen.class, conf = "0:1")
@Param(name = "mask", gen = IntGen.class, conf = "1:3")
@Param(name = "epoch", gen = IntGen.class, conf = "0:3")
public class RollingCounterTotalsLincheckTest {

    private static final long BUCKET = 10;
    private static final long ORIGIN = Long.MAX_VALUE - 15; // epochs 2 and 3 lie past the wrap

    private final RollingCounter counter = new RollingCounter(2, new long[] {0b11}, 2 * BUCKET, 2, ORIGIN);
    private final AtomicIntegerArray recorded = new AtomicIntegerArray(2 * 4);

    /** Counts one event of each kind in {@code mask} (3: both, in the joint cell) at a time in {@code epoch}. */
    @Operation
    public void increment(@Param(name = "mask") int mask, @Param(name = "epoch") int epoch) {
        for (int kind = 0; kind < 2; kind++) {
            if ((mask & (1 << kind)) != 0) {
                recorded.incrementAndGet(kind * 4 + epoch);
            }
        }
        counter.incrementAll(mask, ORIGIN + epoch * BUCKET + epoch); // somewhere inside the bucket
    }

    /** The count of {@code kind} since creation, read while others record. */
    @Operation
    public long total(@Param(name = "kind") int kind) {
        return counter.total(kind);
    }

    /** The invariant, after each explored execution. */
    @Validate
    public void totalsAndTheLatestWindowAreExact() {
        long now = ORIGIN + 3 * BUCKET + BUCKET - 1; // last nanosecond of epoch 3: the window is epochs 2 and 3
        for (int kind = 0; kind < 2; kind++) {
            long all = 0;
            for (int epoch = 0; epoch < 4; epoch++) {
                all += recorded.get(kind * 4 + epoch);
            }
            if (counter.total(kind) != all || counter.totals()[kind] != all) {
                throw new IllegalStateException("kind " + kind + ": total " + counter.total(kind) + ", recorded " + all);
            }
            long inWindow = recorded.get(kind * 4 + 2) + recorded.get(kind * 4 + 3);
            if (counter.sum(kind, now) != inWindow) {
                throw new IllegalStateException("kind " + kind + ": window " + counter.sum(kind, now) + ", recorded "
                        + inWindow);
            }
        }
    }

    @Test
    void modelCheck() {
        new ModelCheckingOptions().iterations(30).invocationsPerIteration(500).threads(3).actorsPerThread(3)
                .actorsBefore(1).actorsAfter(1).check(RollingCounterTotalsLincheckTest.class);
    }

    /**
     * No increment before the threads start, so the first to record claims the owner's cells during the
     * explored executions: the race to own, and one thread counting on home while the others count on
     * the sealable cells of the same buckets.
     */
    @Test
    void modelCheckTheRaceToOwn() {
        new ModelCheckingOptions().iterations(30).invocationsPerIteration(500).threads(3).actorsPerThread(3)
                .actorsBefore(0).actorsAfter(1).check(RollingCounterTotalsLincheckTest.class);
    }
}
