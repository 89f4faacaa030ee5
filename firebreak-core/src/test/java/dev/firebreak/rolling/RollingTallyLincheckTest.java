package dev.firebreak.rolling;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.jetbrains.lincheck.datastructures.BooleanGen;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Model check of {@link RollingTally}'s constant-time read (lincheck's model checker explores the
 * interleavings, inside the bucket installs, the base made once per epoch and the late-record
 * counter): records race at three epochs of a three-bucket window, so records late for a base
 * already summed happen. Each record checks its own answer against what had certainly happened:
 * the calls of its window that completed before it started, plus itself, must all be counted (a
 * base that missed a late record and was still used would fail this). After every explored
 * execution the window's sums must be exact.
 */
@Param(name = "epoch", gen = IntGen.class, conf = "0:2")
@Param(name = "error", gen = BooleanGen.class)
public class RollingTallyLincheckTest {

    private static final long BUCKET = 10;
    private static final long ORIGIN = Long.MAX_VALUE - 15; // epoch 2 lies past the wrap

    private final RollingTally tally = new RollingTally(3 * BUCKET, 3, ORIGIN);
    private final AtomicIntegerArray completed = new AtomicIntegerArray(3);
    private final AtomicIntegerArray completedErrors = new AtomicIntegerArray(3);

    /**
     * Records one call at {@code epoch}; the answer says whether the figures handed over held the calls
     * that certainly happened.
     */
    @Operation
    public String record(@Param(name = "epoch") int epoch, @Param(name = "error") boolean error) {
        int certain = 1;
        for (int e = 0; e <= epoch; e++) {
            certain += completed.get(e);
        }
        boolean counted = tally.recordAndTest(error, false, ORIGIN + epoch * BUCKET + epoch, new AtLeast(certain));
        completed.incrementAndGet(epoch);
        if (error) {
            completedErrors.incrementAndGet(epoch);
        }
        return counted ? "ok" : "missed a completed call";
    }

    /** The window of the latest epoch holds exactly what was recorded. */
    @Validate
    public void windowIsExact() {
        long now = ORIGIN + 3 * BUCKET - 1;
        long calls = completed.get(0) + completed.get(1) + completed.get(2);
        long errors = completedErrors.get(0) + completedErrors.get(1) + completedErrors.get(2);
        if (tally.calls(now) != calls || tally.errors(now) != errors) {
            throw new IllegalStateException("window holds " + tally.calls(now) + " calls / " + tally.errors(now)
                    + " errors, recorded " + calls + " / " + errors);
        }
    }

    @Test
    void modelCheck() {
        new ModelCheckingOptions().iterations(20).invocationsPerIteration(500).threads(3).actorsPerThread(3)
                .actorsBefore(1).actorsAfter(1).check(RollingTallyLincheckTest.class);
    }
}
