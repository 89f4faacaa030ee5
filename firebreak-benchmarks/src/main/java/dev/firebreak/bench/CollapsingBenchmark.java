package dev.firebreak.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The collapsing machinery's cost per request at batch sizes 1, 10 and 100, the window excluded:
 * each batch leaves as soon as it is full (see {@link FirebreakBatchSubject} and
 * {@link HystrixBatchSubject}). Scores are per request ({@code @OperationsPerInvocation}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class CollapsingBenchmark {

    /** Whose collapser. */
    @Param({"firebreak", "hystrix"})
    public String subject;

    private BatchSubject ofOne;
    private BatchSubject ofTen;
    private BatchSubject ofHundred;

    /** Builds and verifies one collapser per batch size. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        ofOne = create(1);
        ofTen = create(10);
        ofHundred = create(100);
    }

    /** Releases the collapsers. */
    @TearDown(Level.Trial)
    public void tearDown() {
        ofOne.close();
        ofTen.close();
        ofHundred.close();
    }

    /** Batches of 1: every request is its own batch call. */
    @Benchmark
    @OperationsPerInvocation(1)
    public long batchOf1() throws Exception {
        return ofOne.submitBatch();
    }

    /** Batches of 10. */
    @Benchmark
    @OperationsPerInvocation(10)
    public long batchOf10() throws Exception {
        return ofTen.submitBatch();
    }

    /** Batches of 100. */
    @Benchmark
    @OperationsPerInvocation(100)
    public long batchOf100() throws Exception {
        return ofHundred.submitBatch();
    }

    private BatchSubject create(int n) throws Exception {
        return switch (subject) {
            case "firebreak" -> FirebreakBatchSubject.create(n);
            case "hystrix" -> HystrixBatchSubject.create(n);
            default -> throw new IllegalArgumentException("unknown subject '" + subject + "'");
        };
    }
}
