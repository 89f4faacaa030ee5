package dev.firebreak.bench;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Timeout precision: a call that sleeps {@code sleepMillis} under a timeout of {@code timeoutMillis};
 * each sample is the time until the caller has the fallback's value back. The lateness is the sample
 * minus the timeout (the summary subtracts it): how long after the deadline the caller regains
 * control. A measurement, not a test: nothing here asserts a bound.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 6, time = 2)
public class TimeoutPrecisionBenchmark {

    /**
     * Whose timeout. {@code firebreak-thread-no-interrupt} is THREAD with {@code interruptOnTimeout =
     * false}: the timed-out call sleeps on, holding its pool thread; it shows what the interrupt costs.
     */
    @Param({"firebreak-thread", "firebreak-thread-no-interrupt", "firebreak-virtual", "hystrix-thread", "r4j-timelimiter"})
    public String subject;

    /** The deadline. */
    @Param({"10"})
    public int timeoutMillis;

    /** How long the call would take (interruptible). */
    @Param({"50"})
    public int sleepMillis;

    private Subject lateCall;

    /** Builds the subject and checks one call times out to the fallback. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        lateCall = Subjects.timingOut(subject, Duration.ofMillis(timeoutMillis), Duration.ofMillis(sleepMillis));
    }

    /** Releases the subject's threads. */
    @TearDown(Level.Trial)
    public void tearDown() {
        lateCall.close();
    }

    /** One call that outlives its deadline. */
    @Benchmark
    public long call() throws Exception {
        return lateCall.call();
    }
}
