package dev.firebreak.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * One benchmark class with the modes, thread counts, parameter values and timing it runs with. A class
 * may run as several suites (the success path: every subject in average time, the main subjects'
 * tails in sample mode, the realistic body at 2 threads), each a JMH run per thread count.
 *
 * @param label          what the summary calls this suite
 * @param benchmark      the benchmark class's simple name
 * @param modes          JMH modes, each its own fork
 * @param threads        thread counts, one JMH run each (one shared subject for all threads)
 * @param gcProfiler     whether to attach the GC profiler (B/op)
 * @param warmups        full run: warmup iterations
 * @param measurements   full run: measurement iterations
 * @param iterationMillis full run: length of each iteration
 * @param params         {@code @Param} values to run instead of the class's own (empty: all of them)
 * @param forks          full run: JVM forks per benchmark (quick mode: one)
 */
public record Suite(String label, String benchmark, List<Mode> modes, List<Integer> threads, boolean gcProfiler,
        int warmups, int measurements, int iterationMillis, Map<String, List<String>> params, int forks) {

    /**
     * The subjects of the goal rows judged at tens of nanoseconds (SEMAPHORE with and without percentiles, its
     * Resilience4j peer and the direct call both are measured against): run in {@link #GOAL_FORKS} forks, since a
     * single fork's figure moves by 10-20 % with the fork's own JIT decisions and neighbours.
     */
    static final List<String> GOAL_SUBJECTS = List.of("direct", "firebreak-semaphore", "firebreak-semaphore-nopct",
            "r4j-cb-bulkhead");

    /** The other success-path subjects (hand-offs, and peers no goal compares at the nanosecond): one fork each. */
    static final List<String> OTHER_SUBJECTS = List.of("firebreak-virtual", "firebreak-thread",
            "r4j-cb-bulkhead-coarse", "r4j-cb-bulkhead-timelimiter", "hystrix-semaphore", "hystrix-thread",
            "failsafe-cb-bulkhead", "sentinel");

    /** Forks of the goal rows' subjects (and of Firebreak's refusals): enough for a 95 % interval. */
    static final int GOAL_FORKS = 3;

    /** The failure-path peers: one fork each (Firebreak's refusals run {@link #GOAL_FORKS}). */
    static final List<String> FAILURE_PEERS = List.of("r4j", "r4j-no-stack-trace", "hystrix", "failsafe", "sentinel");

    /** The success-path subjects whose tails (sample mode) run; the others' were trimmed to keep the run short. */
    static final List<String> TAIL_SUBJECTS = List.of("direct", "firebreak-semaphore", "firebreak-semaphore-nopct",
            "firebreak-virtual", "firebreak-thread", "r4j-cb-bulkhead", "r4j-cb-bulkhead-timelimiter", "hystrix-thread");

    /** The subjects of the realistic row (about 10 µs of work at 2 threads): Firebreak's isolations and their peers. */
    static final List<String> REALISTIC_SUBJECTS = List.of("direct", "firebreak-semaphore", "firebreak-semaphore-nopct",
            "firebreak-virtual", "firebreak-thread", "r4j-cb-bulkhead", "r4j-cb-bulkhead-timelimiter", "hystrix-semaphore",
            "hystrix-thread");

    /** The realistic row's body. */
    static final String REALISTIC_BODY = "cpu5000";

    /** The realistic row's thread count. */
    static final int REALISTIC_THREADS = 2;

    /** A suite of every {@code @Param} value of its class. */
    public Suite(String benchmark, List<Mode> modes, List<Integer> threads, boolean gcProfiler, int warmups,
            int measurements, int iterationMillis) {
        this(benchmark, benchmark, modes, threads, gcProfiler, warmups, measurements, iterationMillis, Map.of(), 1);
    }

    /** A suite of one fork per benchmark. */
    public Suite(String label, String benchmark, List<Mode> modes, List<Integer> threads, boolean gcProfiler, int warmups,
            int measurements, int iterationMillis, Map<String, List<String>> params) {
        this(label, benchmark, modes, threads, gcProfiler, warmups, measurements, iterationMillis, params, 1);
    }

    /** Copies the parameter map (its order is kept for the summary). */
    public Suite {
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        if (forks < 1) {
            throw new IllegalArgumentException("forks must be at least 1: " + forks);
        }
    }

    /** Quick mode's iteration: a smoke test, not a figure. */
    static final int QUICK_ITERATION_MILLIS = 100;

    /**
     * Warmup iterations of the suites whose figures the goals compare at the nanosecond: long enough that
     * the first turnover of a one-second rolling bucket (about 1.5 s into a fork), which makes the JIT drop
     * code that speculated no bucket would turn over, and the recompilation after it, fall before the
     * measurement, for every subject alike.
     */
    static final int STEADY_WARMUPS = 4;

    /** Every suite of {@code ./firebreak bench}, in the order they run. */
    public static List<Suite> all() {
        List<String> bodies = List.of("empty", "cpu100");
        return List.of(
                new Suite("SuccessPathBenchmark (average time, the goal rows' subjects)", "SuccessPathBenchmark",
                        List.of(Mode.AverageTime), List.of(1, 2, 4), true, STEADY_WARMUPS, 3, 1000,
                        Map.of("subject", GOAL_SUBJECTS, "body", bodies), GOAL_FORKS),
                new Suite("SuccessPathBenchmark (average time, the other subjects)", "SuccessPathBenchmark",
                        List.of(Mode.AverageTime), List.of(1, 2, 4), true, STEADY_WARMUPS, 3, 1000,
                        Map.of("subject", OTHER_SUBJECTS, "body", bodies)),
                new Suite("SuccessPathBenchmark (tails, main subjects)", "SuccessPathBenchmark", List.of(Mode.SampleTime),
                        List.of(1, 2, 4), false, 2, 3, 1000, Map.of("subject", TAIL_SUBJECTS, "body", bodies)),
                new Suite("SuccessPathBenchmark (realistic body)", "SuccessPathBenchmark", List.of(Mode.AverageTime),
                        List.of(REALISTIC_THREADS), true, 2, 3, 1000,
                        Map.of("subject", REALISTIC_SUBJECTS, "body", List.of(REALISTIC_BODY))),
                new Suite("FailurePathBenchmark (Firebreak)", "FailurePathBenchmark", List.of(Mode.AverageTime), List.of(1),
                        true, STEADY_WARMUPS, 3, 1000, Map.of("subject", List.of("firebreak")), GOAL_FORKS),
                new Suite("FailurePathBenchmark (peers)", "FailurePathBenchmark", List.of(Mode.AverageTime), List.of(1), true,
                        STEADY_WARMUPS, 3, 1000, Map.of("subject", FAILURE_PEERS)),
                new Suite("CollapsingBenchmark", List.of(Mode.AverageTime), List.of(1), true, 2, 3, 1000),
                new Suite("TimeoutPrecisionBenchmark", List.of(Mode.SampleTime), List.of(1), false, 1, 6, 2000),
                new Suite("ClockBenchmark", List.of(Mode.AverageTime), List.of(1), false, 2, 3, 1000));
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
                .forks(quick ? 1 : forks)
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
        params.forEach((name, values) -> builder.param(name, values.toArray(String[]::new)));
        return builder.build();
    }

    /** A line describing the timing, for the summary. */
    String timing(boolean quick) {
        if (quick) {
            return "1 fork, no warmup, 1 x " + QUICK_ITERATION_MILLIS + " ms";
        }
        return (forks == 1 ? "1 fork, " : forks + " forks, ") + warmups + " x " + seconds(iterationMillis) + " warmup, "
                + measurements + " x "
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
