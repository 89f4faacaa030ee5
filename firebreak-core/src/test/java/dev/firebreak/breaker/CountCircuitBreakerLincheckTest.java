package dev.firebreak.breaker;

import dev.firebreak.event.EventType;
import java.time.Duration;
import org.jetbrains.lincheck.datastructures.BooleanGen;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.junit.jupiter.api.Test;

/**
 * Model check of the breaker's state machine on a COUNT window of two calls, for linearizability,
 * with an operator racing the calls: acquisitions and outcomes (each thread reports the permit it
 * holds, as the guard does), forcing open and back to automatic, and reset, checked against some
 * sequential order of the same operations.
 */
@Param(name = "thread", gen = ThreadIdGen.class)
@Param(name = "time", gen = IntGen.class, conf = "0:2")
@Param(name = "ok", gen = BooleanGen.class)
public class CountCircuitBreakerLincheckTest {

    private static final long ORIGIN = Long.MAX_VALUE - 5;
    private static final long SLEEP = 10;

    private final RollingCircuitBreaker breaker = new RollingCircuitBreaker(BreakerConfig.builder()
            .slidingWindowType(SlidingWindowType.COUNT).slidingWindowSize(2).requestVolumeThreshold(2)
            .sleepWindow(Duration.ofNanos(SLEEP)).halfOpenTrialCalls(2).build(), 1_000, 10, ORIGIN);
    private final BreakerPermit[] held = new BreakerPermit[16]; // one slot per thread: touched by its own thread only

    private static long at(int time) {
        return ORIGIN + time * SLEEP;
    }

    /** Asks for a permit, unless this thread still holds one; returns what it got. */
    @Operation
    public String acquire(@Param(name = "thread") int thread, @Param(name = "time") int time) {
        if (held[thread] != null) {
            return "holding";
        }
        BreakerPermit permit = breaker.tryAcquire(at(time));
        if (permit != BreakerPermit.DENIED) {
            held[thread] = permit;
        }
        return permit.kind().name();
    }

    /** Reports this thread's held permit as a success or a failure. */
    @Operation
    public String complete(@Param(name = "thread") int thread, @Param(name = "ok") boolean ok,
            @Param(name = "time") int time) {
        BreakerPermit permit = held[thread];
        if (permit == null) {
            return "none";
        }
        held[thread] = null;
        breaker.onOutcome(permit, ok ? EventType.SUCCESS : EventType.FAILURE, 0, at(time));
        return "reported";
    }

    /** An operator forces the circuit open ({@code true}) or hands it back to the rule. */
    @Operation
    public BreakerMode operate(@Param(name = "ok") boolean forceOpen) {
        return breaker.override(forceOpen ? BreakerMode.FORCED_OPEN : null);
    }

    /** An operator resets the circuit. */
    @Operation
    public BreakerMode reset(@Param(name = "time") int time) {
        return breaker.reset(at(time));
    }

    /** The state now. */
    @Operation
    public CircuitState state() {
        return breaker.state(ORIGIN);
    }

    @Test
    void modelCheck() {
        new ModelCheckingOptions().iterations(10).invocationsPerIteration(500).threads(3).actorsPerThread(4)
                .actorsBefore(3).actorsAfter(2).check(CountCircuitBreakerLincheckTest.class);
    }
}
