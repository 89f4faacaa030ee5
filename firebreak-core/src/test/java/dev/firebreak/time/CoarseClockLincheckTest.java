package dev.firebreak.time;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Model check of {@link CoarseClock}'s state machine (lincheck's model checker explores the
 * interleavings of readers, their restarts, and the ticking thread's steps, which it runs as one
 * non-parallel operation). The source is a counter that moves on every reading, starting just before
 * the wrap so that one reading equals the STOPPED sentinel; a lap is two ticks, so stops happen. Each
 * reader reads twice and checks its readings: monotonic, and never ahead of the source. After every
 * explored execution, the clock was restarted exactly once per stop, and woken once per restart.
 */
public class CoarseClockLincheckTest {

    private final AtomicLong source = new AtomicLong(Long.MAX_VALUE - 3);
    private final AtomicInteger wakes = new AtomicInteger();
    private final CoarseClock clock = new CoarseClock(source::incrementAndGet, 2, wakes::incrementAndGet);

    /** Two readings: each at or after the one before, and at or before the source's latest. */
    @Operation
    public String twoReads() {
        long first = clock.read();
        if (source.get() - first < 0) {
            return "ahead of the source";
        }
        long second = clock.read();
        if (source.get() - second < 0) {
            return "ahead of the source";
        }
        return second - first < 0 ? "went back" : "ok";
    }

    /** One step of the ticking thread (there is one such thread). */
    @Operation(nonParallelGroup = "ticker")
    public void tick() {
        clock.tick();
    }

    /** Restarted once per stop (the stop in force, if any, excepted), and woken once per restart. */
    @Validate
    public void oneRestartPerStop() {
        long expected = clock.isStopped() ? clock.stops() - 1 : clock.stops();
        if (clock.restarts() != expected || wakes.get() != clock.restarts()) {
            throw new IllegalStateException("stops " + clock.stops() + " (stopped now: " + clock.isStopped()
                    + "), restarts " + clock.restarts() + ", wakes " + wakes.get());
        }
    }

    @Test
    void modelCheck() {
        new ModelCheckingOptions().iterations(20).invocationsPerIteration(500).threads(3).actorsPerThread(3)
                .actorsBefore(1).actorsAfter(1).check(CoarseClockLincheckTest.class);
    }
}
