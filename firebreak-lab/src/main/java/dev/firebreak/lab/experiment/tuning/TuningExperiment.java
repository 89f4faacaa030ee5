package dev.firebreak.lab.experiment.tuning;

import dev.firebreak.Guard;
import dev.firebreak.lab.experiment.LabReport;
import dev.firebreak.lab.experiment.RunContext;
import dev.firebreak.lab.experiment.RunRecord;
import dev.firebreak.lab.experiment.TemplateExperiment;
import dev.firebreak.lab.load.LoadDriver;
import dev.firebreak.lab.load.LoadPlan;
import dev.firebreak.lab.load.LoadResult;
import dev.firebreak.lab.load.Loop;
import dev.firebreak.lab.load.Reply;
import dev.firebreak.lab.load.Target;
import dev.firebreak.lab.load.ThinkTime;
import dev.firebreak.lab.report.LineChart;
import dev.firebreak.lab.report.Table;
import dev.firebreak.lab.time.LabTimer;
import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Seed 003's JMeter tuning experiment: one service (a model with 200 workers and a 230 ms service
 * time, which saturates near the seed's ~860 TPS) under 200, 300 and 400 users without pause, bare
 * and behind the seed's configurations on Firebreak's THREAD isolation, next to VIRTUAL isolation;
 * TPS, mean, max, error %. After each guarded run the advisor reads the guard's live metrics and
 * prints the pool the seed's rules recommend.
 */
public final class TuningExperiment extends TemplateExperiment<TuningSettings, TuningRow> {

    private static final LoadDriver.WindowListener NO_LISTENER = new LoadDriver.WindowListener() {
        @Override
        public void windowOpened() {
        }

        @Override
        public void windowClosed() {
        }
    };

    /** The experiment, as {@code ./firebreak lab tuning} runs it. */
    public TuningExperiment() {
        super("tuning", "one service under 200/300/400 users: Hystrix defaults, the seed's configs (THREAD) vs VIRTUAL, and a pool advisor (seed 003)",
                "./firebreak lab tuning [options]   seed 003: one service under 200/300/400 users, Hystrix configs vs VIRTUAL");
    }

    @Override
    protected TuningSettings newOptions() {
        return new TuningSettings();
    }

    @Override
    protected long plannedNanos(TuningSettings settings) {
        return settings.warmup().plus(settings.measure()).toNanos() * settings.users().size() * settings.configs().size();
    }

    @Override
    protected List<TuningRow> runs(TuningSettings settings, RunContext context) throws Exception {
        Ticker ticker = context.ticker();
        long perRun = settings.warmup().plus(settings.measure()).toNanos();
        List<TuningRow> rows = new ArrayList<>();
        try (LabTimer serviceTimer = new LabTimer("lab-service-timer");
             ExecutorService requestThreads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int users : settings.users()) {
                for (TuningConfig config : settings.configs()) {
                    context.progress().step(config.label() + ", " + users + " users", perRun);
                    CapacityDependency service = new CapacityDependency(settings.workers(), settings.serviceTime(),
                            settings.seed() + users, serviceTimer);
                    Guard guard = config.newGuard();
                    long guardBorn = ticker.read();
                    Target target = target(guard, service, requestThreads);
                    LoadPlan plan = new LoadPlan(Loop.closed(users, Duration.ofMillis(500), ThinkTime.NONE, 0),
                            settings.warmup(), settings.measure(), Duration.ofSeconds(10), settings.seed());
                    LoadResult result = context.driver().run(plan, target, NO_LISTENER);
                    PoolAdvice advice = guard == null ? null
                            : PoolAdvisor.advise(guard.controls().metrics().snapshot(), (ticker.read() - guardBorn) / 1e9);
                    rows.add(new TuningRow(config, users, result.latency(), advice));
                    if (guard != null && guard.controls().threadPool() != null) {
                        guard.controls().threadPool().shutdown();
                    }
                }
            }
        }
        return rows;
    }

    @Override
    protected LabReport report(TuningSettings settings, List<TuningRow> rows, RunRecord record) {
        Table table = csv(rows);
        String advice = adviceText(rows);
        return LabReport.withChart(table, table.toMarkdown() + "\n" + advice, report(settings, record, table, advice, rows), chart(rows));
    }

    /** A call of the service, through the guard (on its isolation) or bare on a virtual thread. */
    private static Target target(Guard guard, CapacityDependency service, ExecutorService requestThreads) {
        return () -> {
            CompletableFuture<Long> call;
            if (guard == null) {
                call = CompletableFuture.supplyAsync(() -> {
                    try {
                        return service.call();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    }
                }, requestThreads);
            } else {
                call = guard.submit(service::call);
            }
            return call.handle((nanos, failure) -> failure == null ? Reply.success(nanos) : Reply.failed(describe(failure)));
        };
    }

    private static String describe(Throwable failure) {
        Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null ? "" : ": " + (message.length() > 160 ? message.substring(0, 160) : message));
    }

    static Table csv(List<TuningRow> rows) {
        Table table = new Table(TuningRow.CSV_HEADER);
        rows.forEach(row -> table.add(row.cells()));
        return table;
    }

    /** The advisor's reading of the VIRTUAL guard at each user count, with its reasons. */
    static String adviceText(List<TuningRow> rows) {
        StringBuilder text = new StringBuilder("Pool advisor (seed 003's rules, from the virtual-firebreak guard's live metrics):\n");
        for (TuningRow row : rows) {
            if (row.config() != TuningConfig.FIREBREAK_VIRTUAL || row.advice() == null) {
                continue;
            }
            PoolAdvice a = row.advice();
            text.append("- ").append(row.users()).append(" users: coreSize ").append(a.coreSize()).append(", maximumSize ")
                    .append(a.maximumSize()).append(", maxQueueSize ").append(a.maxQueueSize()).append(", timeout ")
                    .append(a.timeoutMillis()).append(" ms\n");
            for (String reason : a.reasons()) {
                text.append("  - ").append(reason).append('\n');
            }
        }
        return text.toString();
    }

    private static String report(TuningSettings settings, RunRecord record, Table table, String advice, List<TuningRow> rows) {
        StringBuilder text = new StringBuilder("# Firebreak lab: tuning (seed 003)\n\n").append(record.toMarkdown()).append('\n');
        text.append("The service: ").append(settings.workers()).append(" workers, service time ").append(settings.serviceTime().describe())
                .append(" (saturates near ").append(Table.number(settings.workers() / settings.serviceTime().meanMillis() * 1000, 0))
                .append("/s). Users: ").append(settings.users()).append(", closed loop without pause (JMeter threads), ")
                .append(settings.warmup().toMillis()).append(" ms warm-up then ").append(settings.measure().toMillis())
                .append(" ms measured per run, a fresh guard and service per run. No fallback: a rejection, timeout or short circuit ")
                .append("is an error.\n\n");
        for (TuningConfig config : settings.configs()) {
            text.append("- `").append(config.label()).append("`: ").append(config.description()).append('\n');
        }
        text.append('\n').append(table.toMarkdown()).append('\n').append(advice).append('\n');
        List<String> samples = new ArrayList<>();
        for (TuningRow row : rows) {
            row.latency().failureSamples().forEach(s -> samples.add("- " + row.config().label() + ", " + row.users() + " users: " + s));
        }
        if (!samples.isEmpty()) {
            text.append("## Failure samples\n\n").append(String.join("\n", samples)).append('\n');
        }
        return text.toString();
    }

    private static String chart(List<TuningRow> rows) {
        List<LineChart.Point> points = rows.stream().map(r -> new LineChart.Point(r.config().label(), r.users(), r.latency().tps())).toList();
        return LineChart.html("Firebreak lab: tuning", "Successful requests per second (y) against concurrent users (x), one line per "
                + "configuration. Errors are in the table.", "concurrent users", "TPS (successful)", false, Double.NaN, "", points);
    }
}
