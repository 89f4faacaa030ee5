package dev.firebreak.bench;

import dev.firebreak.time.Ticker;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one clock reading costs on this machine: the system ticker's precise reading
 * (the JVM's {@code nanoTime()}) and its coarse one (one volatile load of a value a daemon thread keeps).
 * A guard that times its calls precisely reads the precise clock twice a call (start and end), and so
 * does Resilience4j's CircuitBreaker; its price depends on the machine's clock source (the run's
 * machine line names it), so the summary gives it next to the goal rows it weighs on. Back-to-back
 * readings on one thread: a reading inside a guarded call may cost more, since it waits for the atomic
 * updates before it to complete.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ClockBenchmark {

    private final Ticker ticker = Ticker.system();

    /** One precise reading. */
    @Benchmark
    public long precise() {
        return ticker.read();
    }

    /** One coarse reading. */
    @Benchmark
    public long coarse() {
        return ticker.readCoarse();
    }
}
