package dev.firebreak.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The summarizer's arithmetic on a small JMH JSON fixture whose expected figures are worked out by hand. */
class SummaryTest {

    private static final double EPS = 1e-9;

    private List<JmhResult> results;
    private Summary summary;

    @BeforeEach
    void readFixture() throws IOException {
        try (InputStream in = SummaryTest.class.getResourceAsStream("results.json")) {
            results = JmhResults.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        summary = new Summary(results);
    }

    @Test
    void readsEveryResultWithTimesInNanosecondsWhateverTheUnit() {
        assertThat(results).hasSize(22);
        assertThat(summary.nanos("hystrix-semaphore", "empty", 1)).isCloseTo(4002.0, within(EPS)); // 4.002 us/op
        assertThat(summary.nanos("hystrix-thread", "empty", 1)).isCloseTo(20002.0, within(1e-6)); // 0.020002 ms/op
        JmhResult direct = summary.success("direct", "empty", 1, "avgt").orElseThrow();
        assertThat(direct.benchmark()).isEqualTo("SuccessPathBenchmark.call");
        assertThat(direct.params()).isEqualTo(Map.of("body", "empty", "subject", "direct"));
        assertThat(direct.errorNanos()).isCloseTo(0.1, within(EPS));
        assertThat(direct.bytesPerOp()).isCloseTo(0.01, within(EPS));
        assertThat(summary.success("r4j-cb-bulkhead", "empty", 1, "avgt").orElseThrow().errorNanos()).isNaN();
    }

    @Test
    void sampleModeKeepsPercentilesAndCountsTheSamplesOfEveryIteration() {
        JmhResult sample = summary.success("firebreak-semaphore", "empty", 1, "sample").orElseThrow();
        assertThat(sample.samples()).isEqualTo(700 + 290 + 9 + 1);
        assertThat(sample.percentile("99.0")).isCloseTo(60.0, within(EPS));
        assertThat(sample.percentile("99.9")).isCloseTo(900.0, within(EPS));
        assertThat(sample.percentile("12.5")).isNaN();
    }

    @Test
    void eachForksScoreIsTheMeanOfItsIterationsAndAOneForkRunGivesNoInterval() {
        assertThat(summary.forkNanos("direct", "empty", 1)).containsExactly(2.0);
        assertThat(summary.forkNanos("firebreak-semaphore", "cpu100", 1)).isEmpty(); // not measured
        assertThat(goal(summary.goals(), "SEMAPHORE, defaults: added time", "empty", 1).interval().known()).isFalse();
        assertThat(goal(summary.goals(), "SEMAPHORE, defaults: added time", "empty", 1).withinNoise()).isFalse();
    }

    @Test
    void goalRowsOfSeveralForksCarryTheIntervalAndSayWhenItHoldsTheTarget() throws IOException {
        List<JmhResult> forked = JmhResults.parse("["
                + avgt("direct", "[[1.0, 3.0], [2.0, 2.0], [2.0, 2.0]]") + ","
                + avgt("firebreak-semaphore", "[[100.0, 104.0], [90.0, 90.0], [110.0, 110.0]]") + ","
                + avgt("firebreak-semaphore-nopct", "[[40.0, 40.0], [41.0, 41.0], [42.0, 42.0]]") + ","
                + avgt("r4j-cb-bulkhead", "[[100.0, 100.0], [102.0, 102.0], [104.0, 104.0]]") + "]");
        assertThat(forked.get(0).forkNanos()).containsExactly(2.0, 2.0, 2.0); // each fork's mean
        Summary multi = new Summary(forked);
        Summary.Goal defaults = goal(multi.goals(), "SEMAPHORE, defaults: added time", "empty", 1);
        // forks 102, 90, 110: (100.67 - 2) / (102 - 2), the mean of the forks; the interval from their spread
        assertThat(defaults.ratio()).isCloseTo(98.667 / 100.0, within(1e-3));
        assertThat(defaults.verdict()).isEqualTo(Summary.Verdict.MET);
        assertThat(defaults.interval().low()).isLessThan(0.9);
        assertThat(defaults.interval().high()).isGreaterThan(1.1);
        assertThat(defaults.withinNoise()).isTrue();
        Summary.Goal nopct = goal(multi.goals(), "SEMAPHORE, percentiles off", "empty", 1);
        assertThat(nopct.ratio()).isCloseTo(39.0 / 100.0, within(1e-9));
        assertThat(nopct.interval().atMost(0.5)).isTrue(); // the whole interval below the target
        assertThat(nopct.withinNoise()).isFalse();
        assertThat(MarkdownReport.interval(nopct)).matches("0\\.3\\d to 0\\.4\\d");
        assertThat(MarkdownReport.tally(multi.goals())).startsWith("**2 goal rows met, 0 missed**")
                .endsWith("1 of the met, 0 of the missed.");
    }

    private static String avgt(String subject, String rawData) {
        return "{\"benchmark\": \"dev.firebreak.bench.SuccessPathBenchmark.call\", \"mode\": \"avgt\", \"threads\": 1,"
                + " \"params\": {\"subject\": \"" + subject + "\", \"body\": \"empty\"},"
                + " \"primaryMetric\": {\"score\": " + mean(rawData) + ", \"scoreError\": 1.0, \"scoreUnit\": \"ns/op\","
                + " \"rawData\": " + rawData + "}}";
    }

    /** JMH's score over every iteration of every fork (equal iteration counts: the mean of the forks' means). */
    private static double mean(String rawData) {
        String[] values = rawData.replaceAll("[\\[\\] ]", "").split(",");
        double sum = 0;
        for (String value : values) {
            sum += Double.parseDouble(value);
        }
        return sum / values.length;
    }

    @Test
    void theClockSectionGivesEachReadingsCostAndTheShareOfTheDefaultsPathTwoPreciseReadingsMake() throws IOException {
        List<JmhResult> clocked = JmhResults.parse("["
                + avgt("direct", "[[2.0, 2.0]]") + "," + avgt("firebreak-semaphore", "[[82.0, 82.0]]") + ","
                + clock("precise", 20.0) + "," + clock("coarse", 0.5) + "]");
        Summary withClock = new Summary(clocked);
        assertThat(withClock.clockNanos("precise")).isCloseTo(20.0, within(EPS));
        assertThat(withClock.clockNanos("coarse")).isCloseTo(0.5, within(EPS));
        assertThat(summary.clockNanos("precise")).isNaN(); // the fixture's run measured no clock
        RunInfo run = new RunInfo("./firebreak bench", false, "1 fork", "2025-01-01T00:00:00Z", 60,
                new MachineInfo(2, 8L << 30, "Some CPU", "Linux", "OpenJDK 25", "kvm-clock"), new LoadAverage(0.1, 0.1, 0.1),
                new LoadAverage(1, 1, 1));
        // two readings of 20 ns against 80 ns added (82 - 2): 50 %
        assertThat(MarkdownReport.render(withClock, run))
                .contains("; clock source kvm-clock\n")
                .contains("| precise (the JVM's `nanoTime()`) | 20.0 |")
                .contains("| coarse (Firebreak's ticking reading) | 0.5 |")
                .contains("Two back-to-back readings here: 40.0 ns, 50 % of what the defaults guard adds at 1 thread"
                        + " (empty body, 80.0 ns)");
        assertThat(MarkdownReport.render(summary, run)).doesNotContain("## The clock");
    }

    private static String clock(String reading, double nanos) {
        return "{\"benchmark\": \"dev.firebreak.bench.ClockBenchmark." + reading + "\", \"mode\": \"avgt\", \"threads\": 1,"
                + " \"params\": {}, \"primaryMetric\": {\"score\": " + nanos + ", \"scoreError\": 0.1,"
                + " \"scoreUnit\": \"ns/op\", \"rawData\": [[" + nanos + ", " + nanos + "]]}}";
    }

    @Test
    void addedTimeIsTheSubjectsTimeMinusTheDirectCallsAtTheSameThreadsAndBody() {
        assertThat(summary.addedNanos("firebreak-semaphore", "empty", 1)).isCloseTo(28.0, within(EPS));
        assertThat(summary.addedNanos("r4j-cb-bulkhead", "empty", 1)).isCloseTo(100.0, within(EPS));
        assertThat(summary.addedNanos("r4j-cb-bulkhead", "empty", 2)).isCloseTo(150.0, within(EPS));
        assertThat(summary.addedNanos("firebreak-semaphore", "empty", 2)).isCloseTo(-0.5, within(EPS));
        assertThat(summary.addedNanos("firebreak-semaphore", "cpu100", 1)).isNaN();
    }

    @Test
    void ratiosDivideAddedTimesAndRefuseToDivideByNothing() {
        assertThat(summary.addedRatio("firebreak-semaphore", "r4j-cb-bulkhead", "empty", 1)).isCloseTo(0.28, within(EPS));
        assertThat(summary.addedRatio("firebreak-semaphore", "hystrix-semaphore", "empty", 1)).isCloseTo(28.0 / 4000.0, within(EPS));
        assertThat(summary.addedRatio("firebreak-semaphore", "r4j-cb-bulkhead", "empty", 2)).isCloseTo(-0.5 / 150.0, within(EPS));
        assertThat(summary.addedRatio("r4j-cb-bulkhead", "firebreak-semaphore", "empty", 2)).isNaN(); // peer added < 0
        assertThat(summary.addedRatio("firebreak-virtual", "hystrix-thread", "empty", 1)).isNaN(); // not measured
        assertThat(Summary.ratio(1.0, 0.0)).isNaN();
    }

    @Test
    void goalsCarryFiguresAndVerdicts() {
        List<Summary.Goal> goals = summary.goals();
        assertThat(goal(goals, "SEMAPHORE, defaults: added time <= 1.0x Resilience4j", "empty", 1))
                .satisfies(g -> {
                    assertThat(g.firebreak()).isCloseTo(28.0, within(EPS));
                    assertThat(g.peer()).isCloseTo(100.0, within(EPS));
                    assertThat(g.ratio()).isCloseTo(0.28, within(EPS));
                    assertThat(g.target()).isEqualTo(1.0);
                    assertThat(g.kind()).isEqualTo(Summary.Kind.RATIO);
                    assertThat(g.verdict()).isEqualTo(Summary.Verdict.MET);
                });
        assertThat(goal(goals, "SEMAPHORE, defaults: added time", "empty", 2).verdict()).isEqualTo(Summary.Verdict.MET);
        assertThat(goal(goals, "SEMAPHORE, defaults: 0 B/op", "empty", 1).verdict()).isEqualTo(Summary.Verdict.MET);
        assertThat(goal(goals, "SEMAPHORE, percentiles off: added time <= 0.5x", "empty", 1)).satisfies(g -> {
            assertThat(g.ratio()).isCloseTo(0.43, within(EPS)); // (45-2)/(102-2)
            assertThat(g.verdict()).isEqualTo(Summary.Verdict.MET);
        });
        assertThat(goal(goals, "SEMAPHORE, percentiles off", "empty", 2).verdict()).isEqualTo(Summary.Verdict.NO_DATA);
        assertThat(goal(goals, "THREAD: added time <= 0.5x Hystrix THREAD", "empty", 1)).satisfies(g -> {
            assertThat(g.ratio()).isCloseTo(0.5, within(1e-9)); // (10002-2)/(20002-2): exactly on the bound counts as met
            assertThat(g.verdict()).isEqualTo(Summary.Verdict.MET);
        });
        assertThat(goal(goals, "THREAD: added time <= 1.0x Resilience4j CB+Bulkhead+TimeLimiter", "empty", 1).verdict())
                .isEqualTo(Summary.Verdict.NO_DATA);
        assertThat(goal(goals, "VIRTUAL: added time <= 0.5x", "empty", 1).verdict()).isEqualTo(Summary.Verdict.NO_DATA);
        assertThat(goal(goals, "SEMAPHORE, defaults: added time", "cpu100", 1).verdict()).isEqualTo(Summary.Verdict.NO_DATA);
        assertThat(goals).noneMatch(g -> g.body().equals("cpu5000")); // the realistic body has its own table
        assertThat(goal(goals, "short-circuited with a fallback: 0 B/op", "", 1).verdict()).isEqualTo(Summary.Verdict.MET);
        assertThat(goal(goals, "short-circuited with a fallback: <= 100 ns", "", 1)).satisfies(g -> {
            assertThat(g.firebreak()).isCloseTo(20.0, within(EPS));
            assertThat(g.kind()).isEqualTo(Summary.Kind.NANOS);
            assertThat(g.verdict()).isEqualTo(Summary.Verdict.MET);
        });
        assertThat(goal(goals, "rejected with a fallback: 0 B/op", "", 1)).satisfies(g -> {
            assertThat(g.firebreak()).isCloseTo(144.0, within(EPS));
            assertThat(g.verdict()).isEqualTo(Summary.Verdict.MISSED);
        });
        assertThat(goal(goals, "rejected with a fallback: <= 100 ns", "", 1).verdict()).isEqualTo(Summary.Verdict.MISSED);
        assertThat(goal(goals, "firebreak-thread: timeout", "", 1).verdict()).isEqualTo(Summary.Verdict.MET);
        assertThat(goal(goals, "firebreak-virtual: timeout", "", 1).verdict()).isEqualTo(Summary.Verdict.MISSED);
        assertThat(goal(goals, "collapsing per request, batch 100", "", 1)).satisfies(g -> {
            assertThat(g.firebreak()).isCloseTo(300.0, within(EPS));
            assertThat(g.peer()).isCloseTo(1000.0, within(EPS));
            assertThat(g.ratio()).isCloseTo(0.3, within(EPS));
            assertThat(g.verdict()).isEqualTo(Summary.Verdict.MISSED);
        });
    }

    @Test
    void theRealisticRowShowsTheAddedTimeAsAShareOfTheWork() {
        assertThat(summary.realisticThreads()).containsExactly(2);
        assertThat(summary.addedFractionOfWork("firebreak-semaphore", 2)).isCloseTo(0.025, within(EPS)); // 250 / 10,000
        assertThat(summary.addedFractionOfWork("firebreak-thread", 2)).isNaN();
    }

    @Test
    void latenessIsTheSampleMinusTheDeadline() {
        Summary.Lateness late = summary.lateness("firebreak-thread").orElseThrow();
        assertThat(late.samples()).isEqualTo(200);
        assertThat(late.p50()).isCloseTo(20_000.0, within(1e-6)); // 10,020 us - 10 ms = 20 us
        assertThat(late.p99()).isCloseTo(900_000.0, within(1e-6));
        assertThat(late.max()).isCloseTo(1_000_000.0, within(1e-6));
        assertThat(summary.lateness("hystrix-thread")).isEmpty();
    }

    @Test
    void failureAndCollapsingResultsAreFoundByTheirParameters() {
        assertThat(summary.failure("r4j", "short-circuited").orElseThrow().bytesPerOp()).isCloseTo(1000.0, within(EPS));
        assertThat(summary.failure("r4j", "rejected")).isEmpty();
        assertThat(summary.collapsing("firebreak", 10).orElseThrow().nanos()).isCloseTo(500.0, within(EPS));
        assertThat(summary.collapsing("hystrix", 1)).isEmpty();
    }

    @Test
    void theReportShowsTheFiguresAndKeepsTheHandWrittenReading() {
        RunInfo run = new RunInfo("./firebreak bench", false, "1 fork", "2025-01-01T00:00:00Z", 754,
                new MachineInfo(2, 8L << 30, "Some CPU", "Linux", "OpenJDK 25", "tsc"), new LoadAverage(3.5, 2, 1),
                new LoadAverage(1, 1, 1));
        String generated = MarkdownReport.render(summary, run);
        assertThat(generated)
                .contains("| firebreak-semaphore | 30.0 | 28.0 | 0.0 |")
                .contains("| firebreak-semaphore | r4j-cb-bulkhead | empty | 0.28 | -0.003 |")
                .contains("| 10 | 500 | 300 | 2,000 | 4,000 | 0.25 |")
                .contains("| firebreak-thread | 200 | 20.0 | 100.0 | 900.0 | 1,000.0 | 1,000.0 |")
                .contains("| r4j | 200 | 1,000 | 10.00 |")
                .contains("took 12 min 34 s")
                .contains("8.0 GiB")
                .contains("; clock source tsc\n")
                .contains("figures are noisy")
                .contains("| firebreak-semaphore | 2 | 10,250 | 250 | 2.5 % |")
                .contains("| collapsing per request, batch 100: <= 0.25x Hystrix's collapser |  | 1 | 300 ns | 1,000 ns | 0.30 |  | <= 0.25 | **missed** |")
                .contains("| rejected with a fallback: <= 100 ns |  | 1 | 150 ns |  |  |  | <= 100 ns | **missed** |")
                .contains("goal rows met, ")
                .doesNotContain("(os)");
        RunInfo oneCore = new RunInfo("./firebreak bench", false, "1 fork", "2025-01-01T00:00:00Z", 754,
                new MachineInfo(1, 8L << 30, "Some CPU", "Linux", "OpenJDK 25", null), new LoadAverage(0.1, 0.1, 0.1),
                new LoadAverage(1, 1, 1));
        assertThat(MarkdownReport.render(summary, oneCore))
                .contains("| SEMAPHORE, defaults: 0 B/op | empty | 2 (os) |")
                .doesNotContain("clock source")
                .contains("(os) oversubscribed: more benchmark threads than the machine has cores (2 threads on 1 vCPU,");
        String existing = "# Benchmarks\n\nintro\n\n" + MarkdownReport.START + "\nold figures\n" + MarkdownReport.END
                + "\n\n## Reading\n\nhand-written\n";
        String spliced = MarkdownReport.splice(existing, generated);
        assertThat(spliced).startsWith("# Benchmarks\n\nintro\n\n").contains(generated).endsWith("## Reading\n\nhand-written\n")
                .doesNotContain("old figures");
        assertThat(MarkdownReport.splice(null, generated)).contains(MarkdownReport.START).contains(generated);
    }

    private static Summary.Goal goal(List<Summary.Goal> goals, String what, String body, int threads) {
        return goals.stream().filter(g -> g.what().startsWith(what) && g.body().equals(body) && g.threads() == threads)
                .findFirst().orElseThrow(() -> new AssertionError("no goal " + what + " " + body + " " + threads));
    }
}
