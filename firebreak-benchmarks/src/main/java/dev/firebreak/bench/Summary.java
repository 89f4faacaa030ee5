package dev.firebreak.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The arithmetic of the benchmark summary: added time over the direct call, Firebreak/peer ratios,
 * per-request collapsing cost, timeout lateness, and the goals with their verdicts. Every
 * figure is in nanoseconds (or bytes); a missing result gives NaN, never a guess.
 */
public final class Summary {

    /** The success-path subjects, in the order the tables list them. */
    public static final List<String> SUCCESS_SUBJECTS = List.of("direct", "firebreak-semaphore",
            "firebreak-semaphore-nopct", "firebreak-virtual",
            "firebreak-thread", "r4j-cb-bulkhead", "r4j-cb-bulkhead-coarse", "r4j-cb-bulkhead-timelimiter",
            "hystrix-semaphore", "hystrix-thread", "failsafe-cb-bulkhead", "sentinel");

    /** The failure-path subjects, in table order. */
    public static final List<String> FAILURE_SUBJECTS = List.of("firebreak", "r4j", "r4j-no-stack-trace", "hystrix",
            "failsafe", "sentinel");

    /** The timeout subjects, in table order. */
    public static final List<String> TIMEOUT_SUBJECTS = List.of("firebreak-thread", "firebreak-thread-no-interrupt",
            "firebreak-virtual", "hystrix-thread", "r4j-timelimiter");

    /** The bodies the goals are judged on (the realistic body has a table of its own). */
    public static final List<String> GOAL_BODIES = List.of("empty", "cpu100");

    /** The realistic body: about 10 µs of CPU work (see {@link Work}). */
    public static final String REALISTIC_BODY = "cpu5000";

    /** The collapsing batch sizes. */
    public static final List<Integer> BATCH_SIZES = List.of(1, 10, 100);

    /** Allocation below this many bytes per call counts as none (JMH's own bookkeeping shows as a fraction of a byte). */
    public static final double ZERO_BYTES = 1.0;

    static final String SUCCESS = "SuccessPathBenchmark.call";
    static final String FAILURE = "FailurePathBenchmark.call";
    static final String TIMEOUT = "TimeoutPrecisionBenchmark.call";
    static final String COLLAPSING = "CollapsingBenchmark.batchOf";
    static final String CLOCK = "ClockBenchmark.";

    private final List<JmhResult> results;

    /** A summary of {@code results}. */
    public Summary(List<JmhResult> results) {
        this.results = List.copyOf(results);
    }

    /** True if the run measured benchmark {@code name} ({@code Class.method}, or a prefix of it). */
    public boolean measured(String name) {
        return results.stream().anyMatch(r -> r.benchmark().startsWith(name));
    }

    /** The success-path result of {@code subject} around {@code body} at {@code threads} in {@code mode}. */
    public Optional<JmhResult> success(String subject, String body, int threads, String mode) {
        return find(SUCCESS, mode, threads, "subject", subject, "body", body);
    }

    /** Thread counts the success path ran with, ascending. */
    public List<Integer> successThreads() {
        TreeSet<Integer> threads = new TreeSet<>();
        for (JmhResult r : results) {
            if (r.benchmark().equals(SUCCESS)) {
                threads.add(r.threads());
            }
        }
        return List.copyOf(threads);
    }

    /** Average time per call of {@code subject} (ns), NaN if not measured. */
    public double nanos(String subject, String body, int threads) {
        return success(subject, body, threads, "avgt").map(JmhResult::nanos).orElse(Double.NaN);
    }

    /** Allocation per call of {@code subject} (bytes), NaN if not measured. */
    public double bytes(String subject, String body, int threads) {
        return success(subject, body, threads, "avgt").map(JmhResult::bytesPerOp).orElse(Double.NaN);
    }

    /** Each fork's average time per call of {@code subject} (ns), empty if not measured. */
    public List<Double> forkNanos(String subject, String body, int threads) {
        return success(subject, body, threads, "avgt").map(JmhResult::forkNanos).orElse(List.of());
    }

    /** Time {@code subject} adds to the direct call (ns, average time), NaN if either is missing. */
    public double addedNanos(String subject, String body, int threads) {
        return nanos(subject, body, threads) - nanos("direct", body, threads);
    }

    /**
     * {@code subject}'s added time over {@code peer}'s: below 1, {@code subject} costs less. NaN when
     * either is missing or the peer adds nothing measurable (a ratio to zero says nothing).
     */
    public double addedRatio(String subject, String peer, String body, int threads) {
        return ratio(addedNanos(subject, body, threads), addedNanos(peer, body, threads));
    }

    /** A failure path's result ({@code short-circuited} or {@code rejected}). */
    public Optional<JmhResult> failure(String subject, String path) {
        return find(FAILURE, "avgt", 1, "subject", subject, "path", path);
    }

    /** The collapsing cost per request of {@code subject} at batch size {@code batch}. */
    public Optional<JmhResult> collapsing(String subject, int batch) {
        return results.stream()
                .filter(r -> r.benchmark().equals(COLLAPSING + batch) && subject.equals(r.param("subject")))
                .findFirst();
    }

    /** One clock reading's cost ({@code precise} or {@code coarse}, ns), NaN if not measured. */
    public double clockNanos(String reading) {
        return results.stream().filter(r -> r.benchmark().equals(CLOCK + reading) && r.mode().equals("avgt"))
                .findFirst().map(JmhResult::nanos).orElse(Double.NaN);
    }

    /** How late {@code subject}'s caller regained control after the deadline, from the timeout samples. */
    public Optional<Lateness> lateness(String subject) {
        return results.stream()
                .filter(r -> r.benchmark().equals(TIMEOUT) && r.mode().equals("sample") && subject.equals(r.param("subject")))
                .findFirst()
                .map(r -> {
                    double deadline = Double.parseDouble(Objects.requireNonNull(r.param("timeoutMillis"), "timeoutMillis")) * 1e6;
                    return new Lateness(r.samples(), r.percentile("50.0") - deadline, r.percentile("90.0") - deadline,
                            r.percentile("99.0") - deadline, r.percentile("99.9") - deadline, r.percentile("100.0") - deadline);
                });
    }

    /**
     * Issue 17's goals, each with its figures and verdict, for every body (empty, cpu100) and thread
     * count measured: SEMAPHORE against Resilience4j CB+Bulkhead (defaults: at most 1.0x and 0 B/op;
     * latency percentiles off: at most 0.5x), the refusals with a fallback (0 B/op, at most 100 ns),
     * THREAD and VIRTUAL against Hystrix THREAD (0.5x) and Resilience4j with TimeLimiter (1.0x), the
     * timeout lateness (p99 at most 1 ms) and collapsing at batch 100 (at most 0.25x Hystrix's).
     */
    public List<Goal> goals() {
        List<Goal> goals = new ArrayList<>();
        List<Integer> threads = successThreads();
        for (String body : GOAL_BODIES) {
            for (int t : threads) {
                goals.add(addedGoal("SEMAPHORE, defaults: added time <= 1.0x Resilience4j CB+Bulkhead", "firebreak-semaphore",
                        "r4j-cb-bulkhead", body, t, 1.0));
                goals.add(bytesGoal("SEMAPHORE, defaults: 0 B/op", "firebreak-semaphore", body, t));
                goals.add(addedGoal("SEMAPHORE, percentiles off: added time <= 0.5x Resilience4j CB+Bulkhead",
                        "firebreak-semaphore-nopct", "r4j-cb-bulkhead", body, t, 0.5));
            }
            for (int t : threads) {
                for (String isolation : List.of("THREAD", "VIRTUAL")) {
                    String subject = "firebreak-" + isolation.toLowerCase(java.util.Locale.ROOT);
                    goals.add(addedGoal(isolation + ": added time <= 0.5x Hystrix THREAD", subject, "hystrix-thread",
                            body, t, 0.5));
                    goals.add(addedGoal(isolation + ": added time <= 1.0x Resilience4j CB+Bulkhead+TimeLimiter", subject,
                            "r4j-cb-bulkhead-timelimiter", body, t, 1.0));
                }
            }
        }
        if (measured(FAILURE)) {
            for (String path : List.of("short-circuited", "rejected")) {
                Optional<JmhResult> r = failure("firebreak", path);
                double bytes = r.map(JmhResult::bytesPerOp).orElse(Double.NaN);
                double nanos = r.map(JmhResult::nanos).orElse(Double.NaN);
                Interval spread = Interval.ofMean(r.map(JmhResult::forkNanos).orElse(List.of()));
                goals.add(new Goal(path + " with a fallback: 0 B/op", "", 1, bytes, Double.NaN, Double.NaN, ZERO_BYTES,
                        Kind.BYTES, bytesVerdict(bytes), Interval.NONE));
                goals.add(new Goal(path + " with a fallback: <= 100 ns", "", 1, nanos, Double.NaN, Double.NaN, 100.0,
                        Kind.NANOS, verdict(nanos, 100.0), spread));
            }
        }
        for (String subject : measured(TIMEOUT) ? List.of("firebreak-thread", "firebreak-virtual") : List.<String>of()) {
            double p99 = lateness(subject).map(Lateness::p99).orElse(Double.NaN);
            goals.add(new Goal(subject + ": timeout lateness p99 <= 1 ms", "", 1, p99, Double.NaN, Double.NaN, 1e6,
                    Kind.LATENESS, verdict(p99, 1e6), Interval.NONE));
        }
        if (measured(COLLAPSING)) {
            int batch = 100;
            double mine = collapsing("firebreak", batch).map(JmhResult::nanos).orElse(Double.NaN);
            double theirs = collapsing("hystrix", batch).map(JmhResult::nanos).orElse(Double.NaN);
            double ratio = ratio(mine, theirs);
            goals.add(new Goal("collapsing per request, batch 100: <= 0.25x Hystrix's collapser", "", 1, mine, theirs,
                    ratio, 0.25, Kind.RATIO, verdict(ratio, 0.25), Interval.NONE));
        }
        return goals;
    }

    /** Thread counts of the realistic row (body {@code cpu5000}), ascending. */
    public List<Integer> realisticThreads() {
        TreeSet<Integer> threads = new TreeSet<>();
        for (JmhResult r : results) {
            if (r.benchmark().equals(SUCCESS) && REALISTIC_BODY.equals(r.param("body"))) {
                threads.add(r.threads());
            }
        }
        return List.copyOf(threads);
    }

    /**
     * The time {@code subject} adds to the realistic body at {@code threads}, as a fraction of the body's
     * own time (the direct call's): 0.05 means the protection costs 5 % of the real work. NaN if missing.
     */
    public double addedFractionOfWork(String subject, int threads) {
        return ratio(addedNanos(subject, REALISTIC_BODY, threads), nanos("direct", REALISTIC_BODY, threads));
    }

    private Goal addedGoal(String what, String subject, String peer, String body, int threads, double target) {
        double mine = addedNanos(subject, body, threads);
        double theirs = addedNanos(peer, body, threads);
        double ratio = ratio(mine, theirs);
        Interval spread = Interval.ofAddedRatio(forkNanos(subject, body, threads), forkNanos(peer, body, threads),
                forkNanos("direct", body, threads));
        return new Goal(what, body, threads, mine, theirs, ratio, target, Kind.RATIO, verdict(ratio, target), spread);
    }

    private Goal bytesGoal(String what, String subject, String body, int threads) {
        double bytes = bytes(subject, body, threads);
        return new Goal(what, body, threads, bytes, Double.NaN, Double.NaN, ZERO_BYTES, Kind.BYTES, bytesVerdict(bytes),
                Interval.NONE);
    }

    private static Verdict bytesVerdict(double bytes) {
        return Double.isNaN(bytes) ? Verdict.NO_DATA : bytes < ZERO_BYTES ? Verdict.MET : Verdict.MISSED;
    }

    private static Verdict verdict(double value, double atMost) {
        if (Double.isNaN(value)) {
            return Verdict.NO_DATA;
        }
        return value <= atMost ? Verdict.MET : Verdict.MISSED;
    }

    static double ratio(double numerator, double denominator) {
        if (Double.isNaN(numerator) || Double.isNaN(denominator) || denominator <= 0) {
            return Double.NaN;
        }
        return numerator / denominator;
    }

    private Optional<JmhResult> find(String benchmark, String mode, int threads, String key1, String value1,
            String key2, String value2) {
        return results.stream()
                .filter(r -> r.benchmark().equals(benchmark) && r.mode().equals(mode) && r.threads() == threads
                        && value1.equals(r.param(key1)) && value2.equals(r.param(key2)))
                .findFirst();
    }

    /** Whether a goal was met. */
    public enum Verdict {
        /** Within the target. */
        MET,
        /** Outside the target. */
        MISSED,
        /** Not measured in this run (or not measurable: a peer adding nothing). */
        NO_DATA
    }

    /** What a goal's figure and target are. */
    public enum Kind {
        /** Firebreak's and the peer's figures in ns, the target bounds their ratio. */
        RATIO,
        /** Firebreak's figure in B/op, the target bounds it (strictly below). */
        BYTES,
        /** Firebreak's figure in ns, the target bounds it. */
        NANOS,
        /** Firebreak's figure is a lateness in ns, the target bounds it. */
        LATENESS
    }

    /**
     * One goal: for ratio goals, {@code firebreak} and {@code peer} are ns (added time, or per request)
     * and {@code ratio} their ratio; for an allocation goal {@code firebreak} is B/op; for a time goal ns;
     * for lateness, {@code firebreak} is the p99 in ns.
     *
     * @param what      the goal in words
     * @param body      the body ("" when it does not apply)
     * @param threads   benchmark threads
     * @param firebreak Firebreak's figure
     * @param peer      the peer's figure (NaN when none)
     * @param ratio     firebreak / peer (NaN when not a ratio goal)
     * @param target    the bound the figure (ratio, bytes or ns) must not exceed
     * @param kind      what the figures and the target are
     * @param verdict   met, missed or no data, from the figure (the mean over the forks where there are several)
     * @param interval  the figure's 95 % interval over the forks (the ratio's for ratio goals, the time's for
     *                  time goals), {@link Interval#NONE} when a side ran one fork
     */
    public record Goal(String what, String body, int threads, double firebreak, double peer, double ratio,
            double target, Kind kind, Verdict verdict, Interval interval) {

        /**
         * Whether the interval holds the target: the verdict is the figure's, but the forks' spread could turn
         * it (read it as at the line).
         */
        public boolean withinNoise() {
            return interval.known() && !interval.atMost(target) && !interval.above(target);
        }
    }

    /**
     * Lateness after the deadline, in ns, from the timeout benchmark's samples.
     *
     * @param samples calls measured
     * @param p50     median
     * @param p90     90th percentile
     * @param p99     99th percentile
     * @param p999    99.9th percentile
     * @param max     the latest
     */
    public record Lateness(long samples, double p50, double p90, double p99, double p999, double max) {
    }
}
