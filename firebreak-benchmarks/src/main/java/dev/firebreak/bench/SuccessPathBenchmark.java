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
 * The success path: one call through each subject around an empty body, {@code Blackhole.consumeCPU(100)}
 * or the realistic {@code Blackhole.consumeCPU(5000)} (about 10 µs; see {@link Work}). One subject
 * instance is shared by all benchmark threads (the runner runs 1, 2 and 4; {@link Suite#all()} says which
 * subjects, bodies, modes and thread counts run together). The direct call is the baseline every added
 * cost is measured against.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class SuccessPathBenchmark {

    /** Who protects the call. */
    @Param({"direct", "firebreak-semaphore", "firebreak-semaphore-nopct", "firebreak-virtual", "firebreak-thread",
            "r4j-cb-bulkhead", "r4j-cb-bulkhead-coarse", "r4j-cb-bulkhead-timelimiter", "hystrix-semaphore", "hystrix-thread",
            "failsafe-cb-bulkhead", "sentinel"})
    public String subject;

    /** The protected body: {@code empty}, {@code cpu100} or {@code cpu5000}. */
    @Param({"empty", "cpu100", "cpu5000"})
    public String body;

    private Subject protectedCall;

    /** Builds the subject and checks one call returns the body's value. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        protectedCall = Subjects.success(subject, Work.named(body));
    }

    /** Releases the subject's threads. */
    @TearDown(Level.Trial)
    public void tearDown() {
        protectedCall.close();
    }

    /** One protected call. */
    @Benchmark
    public long call() throws Exception {
        return protectedCall.call();
    }
}
