package dev.firebreak.rolling;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.lincheck.datastructures.BooleanGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Model check of {@link CountWindowTally} (lincheck's model checker explores the interleavings of the
 * lock-free success path, the locked path and calls that have already left the window) on a window
 * of two calls under an error-rate test (at least 2 calls, errors at least half of them). Each record
 * checks that the figures it was handed are those of a window that could exist: no more calls than
 * the window holds or than had begun, no more errors than calls or than had begun. After every explored
 * execution: the figures are the exact sums of the positions, the positions hold the last calls by
 * number, and if that final window crosses the test, some record answered true (the crossing call
 * opens the circuit before it returns).
 */
@Param(name = "error", gen = BooleanGen.class)
public class CountWindowTallyLincheckTest {

    private static final int SIZE = 2;
    private static final int MIN_VOLUME = 2;
    private static final int ERROR_PERCENT = 50;

    private final CountWindowTally tally = new CountWindowTally(SIZE);
    private final AtomicInteger begun = new AtomicInteger();
    private final AtomicInteger begunErrors = new AtomicInteger();
    private final AtomicBoolean answeredTrue = new AtomicBoolean();

    private static boolean rule(long calls, long errors) {
        return calls >= MIN_VOLUME && errors * 100 >= ERROR_PERCENT * calls;
    }

    /** The rule, writing down the figures it was handed. */
    private static final class Rule implements WindowTest {
        long calls = -1;
        long errors = -1;
        long slow = -1;

        @Override
        public boolean test(long c, long e, long s) {
            calls = c;
            errors = e;
            slow = s;
            return rule(c, e);
        }

        @Override
        public boolean settled(long c, long e, long s) {
            return c >= MIN_VOLUME && !rule(c, e);
        }
    }

    /** Records one call and checks the figures it was handed. */
    @Operation
    public String record(@Param(name = "error") boolean error) {
        begun.incrementAndGet();
        if (error) {
            begunErrors.incrementAndGet();
        }
        Rule rule = new Rule();
        boolean open = tally.recordAndTest(error, false, rule);
        int mostCalls = Math.min(SIZE, begun.get());
        int mostErrors = begunErrors.get();
        if (open) {
            answeredTrue.set(true);
        }
        if (rule.calls < 1 || rule.calls > mostCalls || rule.errors > Math.min(rule.calls, mostErrors) || rule.slow != 0) {
            return "handed " + rule.calls + " calls, " + rule.errors + " errors, " + rule.slow + " slow with "
                    + begun.get() + " calls and " + mostErrors + " errors begun";
        }
        return open == rule(rule.calls, rule.errors) ? "ok" : "answered " + open + " against its figures";
    }

    /** Once quiet: exact figures, the last calls in place, and a crossing window was answered true. */
    @Validate
    public void quietWindowIsExactAndACrossingWasSeen() {
        long total = tally.numbered();
        long[] recount = tally.recount();
        if (tally.calls() != recount[0] || tally.errors() != recount[1] || tally.slow() != recount[2]) {
            throw new IllegalStateException("figures " + tally.calls() + "/" + tally.errors() + "/" + tally.slow()
                    + " but the positions sum to " + recount[0] + "/" + recount[1] + "/" + recount[2]);
        }
        if (tally.calls() != Math.min(total, SIZE)) {
            throw new IllegalStateException(tally.calls() + " calls in the window after " + total + " calls");
        }
        for (int i = 0; i < Math.min(total, SIZE); i++) {
            long stamp = tally.stampAt(i);
            if (stamp < total - SIZE || stamp >= total || stamp % SIZE != i) {
                throw new IllegalStateException("position " + i + " holds call " + stamp + " of " + total);
            }
        }
        if (rule(tally.calls(), tally.errors()) && !answeredTrue.get()) {
            throw new IllegalStateException("the window crosses the rule but no call answered true");
        }
    }

    @Test
    void modelCheck() {
        new ModelCheckingOptions().iterations(30).invocationsPerIteration(1_000).threads(3).actorsPerThread(3)
                .actorsBefore(2).actorsAfter(1).check(CountWindowTallyLincheckTest.class);
    }
}
