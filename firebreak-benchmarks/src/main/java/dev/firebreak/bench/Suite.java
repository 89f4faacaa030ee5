package dev.firebreak.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * One benchmark class with the modes, thread counts and timing it runs with.
 *
 * @param benchmark      the benchmark class's simple name
 * @param modes          JMH modes, each its own fork
 * @param threads        thread counts, one JMH run each (one shared subject for all threads)
 * @param gcProfiler     whether to attach the GC profiler (B/op)
 * @param warmups        full run: warmup iterations
 * @param measurements   full run: measurement iterations
 * @param iterationMillis full run: length of each iteration
 */
public record Suite(String benchmark, List<Mode> modes, List<Integer> threads, boolean gcProfiler,
        int warmups, int measurements, int iterationMillis) {

    /** Quick mode's iteration: a smoke test, not a figure. */
    static final int QUICK_ITERATION_MILLIS = 100;

    /** Every suite of {@code ./firebreak bench}, in the order they run. */
    public static List<Suite> all() {
        return List.of(
                new Suite("SuccessPathBenchmark", List.of(Mode.AverageTime, Mode.SampleTime), List.of(1, 2, 4), true, 2, 3, 1000),
                new Suite("FailurePathBenchmark", List.of(Mode.AverageTime), List.of(1), true, 2, 3, 1000),
                new Suite("CollapsingBenchmark", List.of(Mode.AverageTime), List.of(1), true, 2, 3, 1000),
                new Suite("TimeoutPrecisionBenchmark", List.of(Mode.SampleTime), List.of(1), false, 1, 3, 2000));
    }

    /** The JMH include pattern: this suite's benchmarks whose {@code Class.method} name also matches {@code filter}. */
    String include(String filter) {
        String own = "\\." + Pattern.quote(benchmark) + "\\.";
        return filter == null ? own : "^(?=.*" + own + ")(?=.*(?:" + filter + ")).*";
    }

    /** True if a benchmark named {@code name} ({@code package.Class.method}) belongs to this run. */
    boolean selects(String name, String filter) {
        return Pattern.compile(include(filter)).matcher(name).find();
    }

    /** The JMH options for one thread count. */
    Options options(String filter, int threadCount, boolean quick, List<String> jvmArgs) {
        ChainedOptionsBuilder builder = new OptionsBuilder()
                .include(include(filter))
                .threads(threadCount)
                .forks(1)
                .warmupIterations(quick ? 0 : warmups)
                .warmupTime(TimeValue.milliseconds(iterationMillis))
                .measurementIterations(quick ? 1 : measurements)
                .measurementTime(TimeValue.milliseconds(quick ? QUICK_ITERATION_MILLIS : iterationMillis))
                .jvmArgsAppend(jvmArgs.toArray(String[]::new))
                .shouldFailOnError(true);
        for (Mode mode : modes) {
            builder.mode(mode);
        }
        if (gcProfiler) {
            builder.addProfiler(GCProfiler.class);
        }
        return builder.build();
    }

    /** A line describing the timing, for the summary. */
    String timing(boolean quick) {
        if (quick) {
            return "1 fork, no warmup, 1 x " + QUICK_ITERATION_MILLIS + " ms";
        }
        return "1 fork, " + warmups + " x " + seconds(iterationMillis) + " warmup, " + measurements + " x "
                + seconds(iterationMillis) + " measurement";
    }

    /** The forked JVMs' extra arguments: Unsafe access allowed on JDK 23+ (JMH uses it), a fixed heap. */
    static List<String> forkedJvmArgs() {
        List<String> args = new ArrayList<>(List.of("-Xms1g", "-Xmx1g"));
        if (Runtime.version().feature() >= 23) {
            args.add("--sun-misc-unsafe-memory-access=allow");
        }
        return args;
    }

    private static String seconds(int millis) {
        return millis % 1000 == 0 ? (millis / 1000) + " s" : millis + " ms";
    }
}
