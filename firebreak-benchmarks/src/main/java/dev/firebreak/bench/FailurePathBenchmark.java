package dev.firebreak.bench;

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
 * The failure paths a protected service takes under overload or outage: a short-circuited call (the
 * breaker open) and a rejected call (no isolation permit), each ending in a fallback value. The body
 * never runs; what is measured is the refusal and the fallback.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class FailurePathBenchmark {

    /** Whose refusal. */
    @Param({"firebreak", "r4j", "r4j-no-stack-trace", "hystrix", "failsafe", "sentinel"})
    public String subject;

    /** {@code short-circuited} or {@code rejected}. */
    @Param({"short-circuited", "rejected"})
    public String path;

    private Subject refusedCall;

    /** Builds the subject and checks one call returns the fallback's value. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        refusedCall = Subjects.failure(subject, path);
    }

    /** Releases the subject's threads. */
    @TearDown(Level.Trial)
    public void tearDown() {
        refusedCall.close();
    }

    /** One refused call and its fallback. */
    @Benchmark
    public long call() throws Exception {
        return refusedCall.call();
    }
}
