package dev.firebreak.rolling;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Model check (lincheck's model checker explores thread interleavings, including inside the ring's
 * compare-and-set and the adders) of the rolling counter: increments and maximum updates race at four
 * epochs that share two slots, across the clock's wrap at {@link Long#MAX_VALUE}. After every
 * explored execution, the window of the latest epoch must hold exactly the counts and the maximum
 * recorded at its epochs: nothing lost to a bucket install race, nothing from an expired epoch.
 *
 * <p>Sums are checked once the threads have finished, not concurrently: a sum reads bucket after
 * bucket and is not an atomic snapshot (documented), so it is not linearizable by design.
 */
@Param(name = "kind", gen = IntGen.class, conf = "0:1")
@Param(name = "epoch", gen = IntGen.class, conf = "0:3")
@Param(name = "value", gen = IntGen.class, conf = "1:9")
public class RollingCounterLincheckTest {

    private static final long BUCKET = 10;
    private static final long ORIGIN = Long.MAX_VALUE - 15; // epochs 2 and 3 lie past the wrap

    private final RollingCounter counter = new RollingCounter(2, 2 * BUCKET, 2, ORIGIN);
    private final AtomicIntegerArray recorded = new AtomicIntegerArray(2 * 4);
    private final AtomicIntegerArray highest = new AtomicIntegerArray(4);

    /** Records one event of {@code kind} at a time in {@code epoch}. */
    @Operation
    public void increment(@Param(name = "kind") int kind, @Param(name = "epoch") int epoch) {
        recorded.incrementAndGet(kind * 4 + epoch);
        counter.increment(kind, ORIGIN + epoch * BUCKET + epoch); // somewhere inside the bucket
    }

    /** Raises the gauge at a time in {@code epoch}. */
    @Operation
    public void updateMax(@Param(name = "value") int value, @Param(name = "epoch") int epoch) {
        highest.accumulateAndGet(epoch, value, Math::max);
        counter.updateMax(value, ORIGIN + epoch * BUCKET);
    }

    /** The invariant, after each explored execution. */
    @Validate
    public void latestWindowHoldsExactlyItsEpochs() {
        long now = ORIGIN + 3 * BUCKET + BUCKET - 1; // last nanosecond of epoch 3: the window is epochs 2 and 3
        for (int kind = 0; kind < 2; kind++) {
            long expected = recorded.get(kind * 4 + 2) + recorded.get(kind * 4 + 3);
            long actual = counter.sum(kind, now);
            if (actual != expected) {
                throw new IllegalStateException("kind " + kind + ": window holds " + actual + ", recorded " + expected);
            }
        }
        long expectedMax = Math.max(highest.get(2), highest.get(3));
        if (counter.max(now) != expectedMax) {
            throw new IllegalStateException("max " + counter.max(now) + ", recorded " + expectedMax);
        }
    }

    @Test
    void modelCheck() {
        new ModelCheckingOptions().iterations(10).invocationsPerIteration(500).threads(3).actorsPerThread(3)
                .actorsBefore(1).actorsAfter(0).check(RollingCounterLincheckTest.class);
    }
}
