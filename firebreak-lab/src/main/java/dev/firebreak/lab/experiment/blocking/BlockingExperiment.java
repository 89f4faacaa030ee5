package dev.firebreak.lab.experiment.blocking;

import dev.firebreak.lab.downstream.DownstreamSimulator;
import dev.firebreak.lab.downstream.LatencyModel;
import dev.firebreak.lab.experiment.LabReport;
import dev.firebreak.lab.experiment.RunContext;
import dev.firebreak.lab.experiment.RunRecord;
import dev.firebreak.lab.experiment.TemplateExperiment;
import dev.firebreak.lab.load.HttpTarget;
import dev.firebreak.lab.load.LoadDriver;
import dev.firebreak.lab.load.LoadPlan;
import dev.firebreak.lab.load.LoadResult;
import dev.firebreak.lab.load.Loop;
import dev.firebreak.lab.load.ThinkTime;
import dev.firebreak.lab.report.LineChart;
import dev.firebreak.lab.report.Table;
import dev.firebreak.lab.time.LabTimer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Seed 002, "Spring Boot 2 WebFlux vs Spring Boot 1": a pass-through endpoint over a 300 ms downstream
 * under 300 to 10,000 closed-loop users, each sending 30 requests with a 1-2 s pause, on a blocking
 * thread-per-request stack (200 threads), on virtual threads, and non-blocking.
 */
public final class BlockingExperiment extends TemplateExperiment<BlockingSettings, BlockingRow> {

    private static final LoadDriver.WindowListener NO_LISTENER = new LoadDriver.WindowListener() {
        @Override
        public void windowOpened() {
        }

        @Override
        public void windowClosed() {
        }
    };

    /** The experiment, as {@code ./firebreak lab blocking} runs it. */
    public BlockingExperiment() {
        super("blocking", "pass-through over a 300 ms downstream, 300..10000 users: Tomcat 200 threads vs virtual threads vs Netty (seed 002)",
                "./firebreak lab blocking [options]   seed 002: a pass-through over a 300 ms downstream, 300..10000 users");
    }

    @Override
    protected BlockingSettings newOptions() {
        return new BlockingSettings();
    }

    @Override
    protected long plannedNanos(BlockingSettings settings) {
        return settings.stacks().size() * (3_000_000_000L + settings.users().size() * settings.expectedRunNanos());
    }

    @Override
    protected List<BlockingRow> runs(BlockingSettings settings, RunContext context) throws Exception {
        List<BlockingRow> rows = new ArrayList<>();
        try (LabTimer downstreamTimer = new LabTimer("lab-downstream-timer");
             DownstreamSimulator downstream = DownstreamSimulator.start(LatencyModel.parse("fixed:" + settings.delayMillis()), 0,
                     settings.seed(), downstreamTimer)) {
            for (BlockingStack stack : settings.stacks()) {
                context.progress().step(stack.label() + ": start the service and warm it up", 3_000_000_000L);
                try (ServiceHost service = ServiceHost.start(stack, downstream.baseUri(), settings.inChild())) {
                    warmUp(context.driver(), service, settings);
                    for (int users : settings.users()) {
                        context.progress().step(stack.label() + ", " + users + " users", settings.expectedRunNanos());
                        rows.add(measure(context.driver(), service, settings, stack, users));
                    }
                }
            }
        }
        return rows;
    }

    @Override
    protected LabReport report(BlockingSettings settings, List<BlockingRow> rows, RunRecord record) {
        Table table = csv(rows);
        List<String> goals = goals(rows, settings);
        return LabReport.withChart(table, table.toMarkdown() + "\n" + String.join("\n", goals), report(settings, record, table, goals, rows),
                chart(rows, settings));
    }

    /** An unrecorded run warming the JIT of the service and the driver: 200 users, 5 requests each, short pauses. */
    private static void warmUp(LoadDriver driver, ServiceHost service, BlockingSettings settings) throws InterruptedException {
        Loop loop = Loop.closed(Math.min(200, settings.users().getFirst()), Duration.ofMillis(200),
                new ThinkTime(Duration.ofMillis(50), Duration.ofMillis(150)), 5);
        try (HttpTarget target = new HttpTarget(service.uri(), Duration.ofSeconds(60))) {
            driver.run(new LoadPlan(loop, Duration.ZERO, Duration.ofSeconds(10), Duration.ofSeconds(30), settings.seed()), target,
                    NO_LISTENER);
        }
    }

    private static BlockingRow measure(LoadDriver driver, ServiceHost service, BlockingSettings settings, BlockingStack stack,
            int users) throws InterruptedException {
        Loop loop = Loop.closed(users, settings.ramp(), settings.think(), settings.repetitions());
        // every request of every user is recorded (no warm-up inside the run; the service was warmed up
        // before); the window closes when the last user is done
        LoadPlan plan = new LoadPlan(loop, Duration.ZERO, settings.runBound(), Duration.ofSeconds(90), settings.seed() + users);
        try (HttpTarget target = new HttpTarget(service.uri(), Duration.ofSeconds(60))) {
            LoadResult result = driver.run(plan, target, NO_LISTENER);
            return new BlockingRow(stack, users, settings.delayMillis(), result.latency(), result.drained());
        }
    }

    static Table csv(List<BlockingRow> rows) {
        Table table = new Table(BlockingRow.CSV_HEADER);
        rows.forEach(row -> table.add(row.cells()));
        return table;
    }

    /** The goal: at 5000 and 10000 users the non-blocking and virtual-thread stacks keep p95 within 1.04 x the delay, no error. */
    static List<String> goals(List<BlockingRow> rows, BlockingSettings settings) {
        List<String> lines = new ArrayList<>();
        for (BlockingRow row : rows) {
            if (row.users() < 5000 || row.stack() == BlockingStack.TOMCAT_200) {
                continue;
            }
            boolean met = row.p95OverDelay() <= 1.04 && row.latency().errors() == 0 && row.drained();
            lines.add("- " + row.stack().label() + ", " + row.users() + " users: p95 " + Table.number(row.latency().p95Ms(), 1)
                    + " ms = " + Table.number(row.p95OverDelay(), 3) + " x the " + settings.delayMillis() + " ms delay (goal <= 1.04), "
                    + row.latency().errors() + " errors (goal 0) -> " + (met ? "MET" : "NOT MET"));
        }
        return lines;
    }

    private static String report(BlockingSettings settings, RunRecord record, Table table, List<String> goals, List<BlockingRow> rows) {
        StringBuilder text = new StringBuilder("# Firebreak lab: blocking (seed 002)\n\n").append(record.toMarkdown()).append('\n');
        text.append("Downstream: fixed ").append(settings.delayMillis()).append(" ms (the downstream simulator, in the driver's JVM). ")
                .append("Users: ").append(settings.users()).append(", each sending ").append(settings.repetitions())
                .append(" requests with a ").append(settings.think().min().toMillis()).append('-').append(settings.think().max().toMillis())
                .append(" ms pause, starting evenly over ").append(settings.ramp().toMillis()).append(" ms. Service: ")
                .append(settings.inChild() ? "in a JVM of its own" : "in the driver's JVM").append(". Every request is recorded; ")
                .append("the driver's HTTP client waits at most 60 s for an answer (Gatling's default).\n\n");
        for (BlockingStack stack : settings.stacks()) {
            text.append("- `").append(stack.label()).append("`: ").append(stack.description()).append('\n');
        }
        text.append('\n').append(table.toMarkdown()).append("\n## Goal\n\n").append(String.join("\n", goals)).append("\n\n");
        List<String> samples = new ArrayList<>();
        for (BlockingRow row : rows) {
            row.latency().failureSamples().forEach(s -> samples.add("- " + row.stack().label() + ", " + row.users() + " users: " + s));
        }
        if (!samples.isEmpty()) {
            text.append("## Failure samples\n\n").append(String.join("\n", samples)).append('\n');
        }
        return text.toString();
    }

    private static String chart(List<BlockingRow> rows, BlockingSettings settings) {
        List<LineChart.Point> points = rows.stream().map(r -> new LineChart.Point(r.stack().label(), r.users(), r.latency().p95Ms())).toList();
        return LineChart.html("Firebreak lab: blocking", "95th percentile latency (y) against concurrent users (x, log scale), "
                + "one line per stack. The dashed line is the seed's 312 ms (1.04 x the downstream's delay).", "concurrent users",
                "p95 latency (ms)", true, settings.delayMillis() * 1.04, "1.04 x delay", points);
    }
}
