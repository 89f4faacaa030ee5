package dev.firebreak.lab.experiment.retry;

import dev.firebreak.lab.experiment.LabReport;
import dev.firebreak.lab.experiment.RunContext;
import dev.firebreak.lab.experiment.RunRecord;
import dev.firebreak.lab.experiment.TemplateExperiment;
import dev.firebreak.lab.report.LineChart;
import dev.firebreak.lab.report.Table;
import dev.firebreak.lab.time.LabTimer;
import dev.firebreak.time.Ticker;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The brownout (issue 14): under a constant open-loop load the downstream fails 0 %, then 10 % of
 * calls (transient), then every call (outage), then recovers. Side by side: no retry, Resilience4j
 * Retry, Failsafe RetryPolicy, Firebreak retry without and with its budget. Per phase: success rate,
 * downstream calls per request, p50 and p99.
 */
public final class RetryExperiment extends TemplateExperiment<RetrySettings, RetryExperiment.Row> {

    /** The CSV header, exactly as the issue asks. */
    public static final List<String> CSV_HEADER = List.of("variant", "phase", "offered_rps", "success_rate",
            "downstream_calls_per_request", "p50_ms", "p99_ms");

    /** One phase: its name, its failure rate, its length in the full and the quick run. */
    record Phase(String name, double failureRate, Duration full, Duration quick) {
    }

    static final List<Phase> PHASES = List.of(
            new Phase("ok", 0.0, Duration.ofSeconds(6), Duration.ofMillis(1_500)),
            new Phase("transient", 0.10, Duration.ofSeconds(8), Duration.ofSeconds(2)),
            new Phase("outage", 1.0, Duration.ofSeconds(10), Duration.ofMillis(2_500)),
            new Phase("recovery", 0.0, Duration.ofSeconds(6), Duration.ofMillis(1_500)));

    /** One row of the CSV. */
    record Row(RetryVariant variant, String phase, double offeredRps, double successRate, double callsPerRequest,
            double p50Ms, double p99Ms) {
        List<String> cells() {
            return List.of(variant.label(), phase, Table.number(offeredRps, 0), Table.number(successRate, 4),
                    Table.number(callsPerRequest, 3), Table.number(p50Ms, 1), Table.number(p99Ms, 1));
        }
    }

    /** The experiment, as {@code ./firebreak lab retry} runs it. */
    public RetryExperiment() {
        super("retry", "brownout: retries without and with a budget against Resilience4j and Failsafe (issue 14)",
                "usage: ./firebreak lab retry [--quick] [--rate RPS] [--csv FILE] [--out DIR]");
    }

    @Override
    protected RetrySettings newOptions() {
        return new RetrySettings();
    }

    private static long variantNanos(RetrySettings settings) {
        long total = settings.quick() ? 300_000_000L : 1_000_000_000L;
        for (Phase phase : PHASES) {
            total += settings.length(phase).toNanos();
        }
        return total;
    }

    @Override
    protected long plannedNanos(RetrySettings settings) {
        int variants = RetryVariant.values().length;
        return variants * ((settings.quick() ? 500_000_000L : 2_000_000_000L) + variantNanos(settings));
    }

    @Override
    protected List<Row> runs(RetrySettings settings, RunContext context) throws Exception {
        boolean quick = settings.quick();
        double rate = settings.rate();
        Ticker ticker = context.ticker();
        List<Row> rows = new ArrayList<>();
        try (LabTimer timer = new LabTimer("lab-retry-timer");
             HttpClient client = HttpClient.newBuilder().executor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor())
                     .connectTimeout(Duration.ofSeconds(2)).build()) {
            OpenLoad load = new OpenLoad(ticker);
            context.progress().step("JVM warm-up, every variant", RetryVariant.values().length * (quick ? 500_000_000L : 2_000_000_000L));
            for (RetryVariant variant : RetryVariant.values()) {
                try (FaultyDownstream downstream = FaultyDownstream.start(timer, 5, 0.2, 0, 1, 7);
                     RetryVariant.Caller caller = variant.caller(client, downstream.callUri())) {
                    downstream.failureRate(0.10);
                    load.run(rate, Duration.ofMillis(quick ? 500 : 2_000), Duration.ofSeconds(3), caller.request());
                }
            }
            for (RetryVariant variant : RetryVariant.values()) {
                context.progress().step(variant.label(), variantNanos(settings));
                try (FaultyDownstream downstream = FaultyDownstream.start(timer, 5, 0.2, 0, 1, 42);
                     RetryVariant.Caller caller = variant.caller(client, downstream.callUri())) {
                    downstream.failureRate(0);
                    load.run(rate, Duration.ofMillis(quick ? 300 : 1_000), Duration.ofSeconds(3), caller.request()); // warm-up
                    for (Phase phase : PHASES) {
                        downstream.failureRate(phase.failureRate());
                        long callsBefore = downstream.calls();
                        OpenLoad.Figures f = load.run(rate, quick ? phase.quick() : phase.full(), Duration.ofSeconds(5),
                                caller.request());
                        double perRequest = (downstream.calls() - callsBefore) / (double) Math.max(1, f.issued());
                        rows.add(new Row(variant, phase.name(), rate, f.successRate(), perRequest, f.p50Ms(), f.p99Ms()));
                    }
                }
            }
        }
        return rows;
    }

    @Override
    protected LabReport report(RetrySettings settings, List<Row> rows, RunRecord record) {
        Table table = new Table(CSV_HEADER);
        rows.forEach(row -> table.add(row.cells()));
        List<String> goals = goals(rows);
        return LabReport.withChart(table, table.toMarkdown() + "\n" + String.join("\n", goals),
                report(record, table, goals, settings.rate(), settings.quick()), chart(rows));
    }

    /** The goals, as measured: a missed goal says NOT MET. */
    static List<String> goals(List<Row> rows) {
        List<String> lines = new ArrayList<>();
        Row budgetOutage = find(rows, RetryVariant.FIREBREAK_BUDGET, "outage");
        Row freeOutage = find(rows, RetryVariant.FIREBREAK, "outage");
        Row r4jOutage = find(rows, RetryVariant.RESILIENCE4J, "outage");
        Row failsafeOutage = find(rows, RetryVariant.FAILSAFE, "outage");
        lines.add("- outage: firebreak-retry-budget makes " + Table.number(budgetOutage.callsPerRequest(), 3)
                + " downstream calls per request (goal <= 1.1; unbudgeted: firebreak " + Table.number(freeOutage.callsPerRequest(), 2)
                + ", resilience4j " + Table.number(r4jOutage.callsPerRequest(), 2) + ", failsafe "
                + Table.number(failsafeOutage.callsPerRequest(), 2) + ") -> "
                + (budgetOutage.callsPerRequest() <= 1.1 ? "MET" : "NOT MET"));
        Row budgetTransient = find(rows, RetryVariant.FIREBREAK_BUDGET, "transient");
        Row freeTransient = find(rows, RetryVariant.FIREBREAK, "transient");
        lines.add("- transient: firebreak-retry-budget success rate " + Table.number(budgetTransient.successRate(), 4)
                + " against the unbudgeted retry's " + Table.number(freeTransient.successRate(), 4)
                + " (goal: the same, within 0.5 point) -> "
                + (budgetTransient.successRate() >= freeTransient.successRate() - 0.005 ? "MET" : "NOT MET"));
        return lines;
    }

    private static Row find(List<Row> rows, RetryVariant variant, String phase) {
        return rows.stream().filter(r -> r.variant() == variant && r.phase().equals(phase)).findFirst().orElseThrow();
    }

    private static String report(RunRecord record, Table table, List<String> goals, double rate, boolean quick) {
        StringBuilder text = new StringBuilder("# Firebreak lab: retry (brownout)\n\n").append(record.toMarkdown()).append('\n');
        text.append("Open loop at ").append(Table.number(rate, 0)).append(" requests per second; phases ");
        for (Phase phase : PHASES) {
            text.append('`').append(phase.name()).append("` ").append(Math.round(phase.failureRate() * 100)).append(" % failures for ")
                    .append((quick ? phase.quick() : phase.full()).toMillis()).append(" ms; ");
        }
        text.append("each variant on a fresh downstream over loopback HTTP (lognormal delay, median 5 ms), after a JVM warm-up of every variant and a short warm-up of its own. ")
                .append("Between phases the load pauses until the phase's answers are in, so each phase's downstream calls are its own.\n\n");
        for (RetryVariant variant : RetryVariant.values()) {
            text.append("- `").append(variant.label()).append("`: ").append(variant.description()).append('\n');
        }
        text.append('\n').append(table.toMarkdown()).append("\n## Goals\n\n").append(String.join("\n", goals)).append('\n');
        text.append("\nThe budget's bound is 1 + max(percent/100, minPerSecond/rate) downstream calls per request in an outage "
                + "(20 %, 5/s by default: 1.2 at 200 requests per second); the throttle stops retries after about 10 failed attempts "
                + "of an outage, so it, not the budget, is what holds an outage near 1.0.\n");
        return text.toString();
    }

    private static String chart(List<Row> rows) {
        List<LineChart.Point> points = new ArrayList<>();
        for (Row row : rows) {
            int index = 1;
            for (Phase phase : PHASES) {
                if (phase.name().equals(row.phase())) {
                    points.add(new LineChart.Point(row.variant().label(), index, row.callsPerRequest()));
                }
                index++;
            }
        }
        return LineChart.html("Firebreak lab: retry (brownout)", "Downstream calls per request (y) in each phase (x: 1 ok, "
                + "2 transient 10 %, 3 outage 100 %, 4 recovery), one line per variant. The dashed line is the goal in the "
                + "outage for the budgeted retry: 1.1.", "phase (1 ok, 2 transient, 3 outage, 4 recovery)",
                "downstream calls per request", false, 1.1, "goal: 1.1", points);
    }
}
