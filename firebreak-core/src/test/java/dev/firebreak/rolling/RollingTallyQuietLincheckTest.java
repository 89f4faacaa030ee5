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
 * Model check of {@link RollingTally}'s answers under an error-rate test (at least 2 calls, errors at
 * least half of them), where successes settled for it are counted quietly, apart from the
 * bucket's word: lincheck explores interleavings of quiet and word records, the base made once per
 * epoch and late records, at three epochs of a three-bucket window. Each record checks that its answer
 * is the rule applied to some view of the window that holds every call completed before the record
 * began, itself, and nothing that had not begun by its end: the successes and errors of that view each
 * lie between those two counts, and some combination in between must give the record's answer. After
 * every explored execution the window's sums must be exact.
 */
@Param(name = "epoch", gen = IntGen.class, conf = "0:2")
@Param(name = "error", gen = BooleanGen.class)
public class RollingTallyQuietLincheckTest {

    private static final long BUCKET = 10;
    private static final long ORIGIN = Long.MAX_VALUE - 15; // epoch 2 lies past the wrap
    private static final int MIN_VOLUME = 2;
    private static final int ERROR_PERCENT = 50;

    private final RollingTally tally = new RollingTally(3 * BUCKET, 3, ORIGIN);
    private final AtomicIntegerArray begunSuccesses = new AtomicIntegerArray(3);
    private final AtomicIntegerArray begunErrors = new AtomicIntegerArray(3);
    private final AtomicIntegerArray doneSuccesses = new AtomicIntegerArray(3);
    private final AtomicIntegerArray doneErrors = new AtomicIntegerArray(3);

    /** Records one call at {@code epoch} and checks the answer against the views it may have seen. */
    @Operation
    public String record(@Param(name = "epoch") int epoch, @Param(name = "error") boolean error) {
        int leastSuccesses = sum(doneSuccesses, epoch) + (error ? 0 : 1);
        int leastErrors = sum(doneErrors, epoch) + (error ? 1 : 0);
        (error ? begunErrors : begunSuccesses).incrementAndGet(epoch);
        boolean open = tally.recordAndTest(error, false, ORIGIN + epoch * BUCKET + epoch, RULE);
        (error ? doneErrors : doneSuccesses).incrementAndGet(epoch);
        int mostSuccesses = sum(begunSuccesses, epoch);
        int mostErrors = sum(begunErrors, epoch);
        for (int successes = leastSuccesses; successes <= mostSuccesses; successes++) {
            for (int errors = leastErrors; errors <= mostErrors; errors++) {
                if (rule(successes + errors, errors) == open) {
                    return "ok";
                }
            }
        }
        return "answered " + open + " on no view between " + leastSuccesses + "+" + leastErrors + " and "
                + mostSuccesses + "+" + mostErrors;
    }

    private static boolean rule(long calls, long errors) {
        return calls >= MIN_VOLUME && errors * 100 >= ERROR_PERCENT * calls;
    }

    /** The error-rate rule as the tally's owner gives it: settled once the volume is there and errors are under the line. */
    private static final WindowTest RULE = new WindowTest() {
        @Override
        public boolean test(long calls, long errors, long slow) {
            return rule(calls, errors);
        }

        @Override
        public boolean settled(long calls, long errors, long slow) {
            return calls >= MIN_VOLUME && !rule(calls, errors);
        }
    };

    private static int sum(AtomicIntegerArray counts, int throughEpoch) {
        int total = 0;
        for (int e = 0; e <= throughEpoch; e++) {
            total += counts.get(e);
        }
        return total;
    }

    /** The window of the latest epoch holds exactly what was recorded. */
    @Validate
    public void windowIsExact() {
        long now = ORIGIN + 3 * BUCKET - 1;
        long errors = sum(doneErrors, 2);
        long calls = sum(doneSuccesses, 2) + errors;
        if (tally.calls(now) != calls || tally.errors(now) != errors) {
            throw new IllegalStateException("window holds " + tally.calls(now) + " calls / " + tally.errors(now)
                    + " errors, recorded " + calls + " / " + errors);
        }
    }

    @Test
    void modelCheck() {
        new ModelCheckingOptions().iterations(30).invocationsPerIteration(1_000).threads(3).actorsPerThread(3)
                .actorsBefore(2).actorsAfter(1).check(RollingTallyQuietLincheckTest.class);
    }
}
