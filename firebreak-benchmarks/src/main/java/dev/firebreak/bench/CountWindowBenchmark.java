package dev.firebreak.bench;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.GuardedCall;
import dev.firebreak.Isolation;
import dev.firebreak.breaker.SlidingWindowType;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The success path of a SEMAPHORE(10) guard with the defaults, its breaker judging a TIME window (the
 * default) or a COUNT window of 100 calls ({@code circuitBreaker.slidingWindowType}): what the count
 * window costs a call, beside the time window, and beside Resilience4j's circuit breaker and bulkhead
 * with their defaults ({@code r4j-COUNT}: a COUNT_BASED window of 100, Resilience4j's default). One guard is shared by all benchmark threads; run it
 * at 1, 2 and 4 threads with the GC profiler to see that neither window allocates. Not part of
 * {@link Suite#all()}: run it on its own with JMH's runner ({@code org.openjdk.jmh.Main CountWindowBenchmark}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class CountWindowBenchmark {

    /** Firebreak's breaker window, {@code TIME} or {@code COUNT}, or the peer, {@code r4j-COUNT}. */
    @Param({"TIME", "COUNT", "r4j-COUNT"})
    public String window;

    /** The protected body: {@code empty} or {@code cpu100}. */
    @Param({"empty", "cpu100"})
    public String body;

    private Subject protectedCall;

    /** Builds the guard and checks one call returns the body's value. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        Work work = Work.named(body);
        if (window.equals("r4j-COUNT")) {
            protectedCall = Subjects.success("r4j-cb-bulkhead", work); // CircuitBreaker.ofDefaults: COUNT_BASED, 100
            return;
        }
        SlidingWindowType type = SlidingWindowType.valueOf(window);
        Guard guard = GuardRegistry.builder().build().guard("bench").isolation(Isolation.semaphore(10))
                .configure(c -> c.breaker(cb -> cb.slidingWindowType(type).slidingWindowSize(100)))
                .build();
        GuardedCall<Long> call = work::run; // made once: a method reference per call would allocate
        protectedCall = Subject.verified(() -> guard.execute(call, null), Work.VALUE, "firebreak-semaphore " + window);
    }

    /** One protected call. */
    @Benchmark
    public long call() throws Exception {
        return protectedCall.call();
    }
}
