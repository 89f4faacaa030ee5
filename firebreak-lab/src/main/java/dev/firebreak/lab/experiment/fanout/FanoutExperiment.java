package dev.firebreak.lab.experiment.fanout;

import dev.firebreak.lab.cli.Args;
import dev.firebreak.lab.experiment.Experiment;
import dev.firebreak.lab.experiment.LabEnvironment;
import dev.firebreak.lab.experiment.RunFolder;
import dev.firebreak.lab.experiment.RunRecord;
import dev.firebreak.lab.report.LineChart;
import dev.firebreak.lab.report.ProgressBar;
import dev.firebreak.lab.report.Table;
import dev.firebreak.lab.time.LabTimer;
import dev.firebreak.time.Ticker;
import java.util.ArrayList;
import java.util.List;

/**
 * Seed 004, "non-blocking processing of streams": fetch 20 clients from a service taking 2 s per call,
 * sequentially, with a parallel stream, with CompletableFuture on a 100-thread pool, on virtual
 * threads, with Firebreak's non-blocking {@code submitAsync}, and as one collapsed batch call; total
 * time and the most platform threads blocked at once.
 */
public final class FanoutExperiment implements Experiment {

    @Override
    public String name() {
        return "fanout";
    }

    @Override
    public String summary() {
        return "fan-out of 20 x 2 s calls: sequential, parallel stream, pool, virtual threads, submitAsync, collapsed (seed 004)";
    }

    @Override
    public String usage() {
        return FanoutSettings.USAGE;
    }

    @Override
    public int run(List<String> argv, LabEnvironment env) throws Exception {
        FanoutSettings settings = FanoutSettings.from(Args.parse(argv, FanoutSettings.FLAGS, FanoutSettings.OPTIONS));
        RunRecord record = RunRecord.start(env);
        Ticker ticker = Ticker.system();
        long begin = ticker.read();
        List<FanoutRow> rows = new ArrayList<>();
        try (LabTimer timer = new LabTimer("lab-progress-timer");
             FanoutRunner runner = new FanoutRunner(settings, ticker);
             ProgressBar progress = new ProgressBar(env.err(), env.progressInPlace(), ticker, timer, plannedNanos(settings))) {
            progress.step("JVM warm-up: every variant at 5 ms per call", 500_000_000L);
            try (FanoutRunner warm = new FanoutRunner(settings.withDelayMillis(5), ticker)) {
                for (FanoutVariant variant : settings.variants()) {
                    warm.run(variant);
                }
            }
            for (int repeat = 0; repeat < settings.repeats(); repeat++) {
                for (FanoutVariant variant : settings.variants()) {
                    progress.step(variant.label() + (settings.repeats() > 1 ? " (" + (repeat + 1) + "/" + settings.repeats() + ")" : ""),
                            expectedNanos(settings, variant));
                    rows.add(runner.run(variant));
                }
            }
        }
        record.finish((ticker.read() - begin) / 1e9);
        Table table = csv(rows);
        String note = settings.quick() ? "--quick: the downstream takes " + settings.delayMillis() + " ms per call (the seed: 2000 ms)."
                : "The downstream takes " + settings.delayMillis() + " ms per call, as in the seed.";
        env.out().println(note);
        env.out().println(table.toMarkdown());
        List<String> goals = goals(rows);
        env.out().println(String.join("\n", goals));
        RunFolder folder = RunFolder.create(settings.out() != null ? settings.out() : env.resultsRoot(), env.wallClock(), name());
        table.writeCsv(folder.path().resolve("fanout.csv"));
        folder.write("report.md", report(settings, record, table, goals, note));
        folder.write("chart.html", chart(rows, settings));
        env.err().println("results: " + folder.path() + " (report.md, fanout.csv, chart.html)");
        if (settings.csv() != null) {
            table.writeCsv(settings.csv());
            env.err().println("csv: " + settings.csv());
        }
        return 0;
    }

    static Table csv(List<FanoutRow> rows) {
        Table table = new Table(FanoutRow.CSV_HEADER);
        rows.forEach(row -> table.add(row.cells()));
        return table;
    }

    /** The allowance over one call's delay: the seed's goal, 2.1 s for 2 s calls. */
    static final double ALLOWANCE_MS = 100;

    /** The goal: n x delay within delay + 100 ms (2.1 s of 2 s) holding no platform thread while waiting. */
    static List<String> goals(List<FanoutRow> rows) {
        List<String> lines = new ArrayList<>();
        for (FanoutRow row : rows) {
            if (!row.variant().nonBlockingByDesign() && row.variant() != FanoutVariant.VIRTUAL_THREADS) {
                continue;
            }
            boolean fast = row.totalMillis() <= row.delayMillis() + ALLOWANCE_MS;
            boolean noThread = row.peakBlockedCounted() == 0 && row.peakBlockedSampled() == 0;
            boolean complete = row.answered() == row.ids() && row.failure().isEmpty();
            lines.add("- " + row.variant().label() + ": " + row.ids() + " x " + row.delayMillis() + " ms in "
                    + Table.number(row.totalMillis(), 0) + " ms (" + Table.number(row.overIdeal(), 3) + " x one call; goal <= "
                    + Table.number(row.delayMillis() + ALLOWANCE_MS, 0) + " ms), "
                    + "platform threads blocked at most " + row.peakBlockedCounted() + " counted / " + row.peakBlockedSampled()
                    + " sampled (goal 0), " + row.downstreamCalls() + " downstream call(s) -> "
                    + (fast && noThread && complete ? "MET" : "NOT MET"));
        }
        return lines;
    }

    private static String report(FanoutSettings settings, RunRecord record, Table table, List<String> goals, String note) {
        StringBuilder text = new StringBuilder("# Firebreak lab: fanout (seed 004)\n\n").append(record.toMarkdown()).append('\n');
        text.append(note).append(' ').append(settings.ids()).append(" ids, CompletableFuture pool ").append(settings.poolThreads())
                .append(" threads, ").append(Runtime.getRuntime().availableProcessors()).append(" cores (common ForkJoinPool parallelism ")
                .append(java.util.concurrent.ForkJoinPool.getCommonPoolParallelism()).append("), ").append(settings.repeats())
                .append(" run(s) per variant.\n\n");
        for (FanoutVariant variant : settings.variants()) {
            text.append("- `").append(variant.label()).append("`: ").append(variant.description()).append('\n');
        }
        text.append("\n").append(table.toMarkdown()).append("\n## Goal\n\n").append(String.join("\n", goals)).append("\n\n");
        text.append("""
                ## How blocked threads are measured

                - **counted**: every blocking fetch enters a gauge before it sends and leaves it when the answer is in;
                  a platform thread raises the count, a virtual thread does not (it unmounts while it waits). The peak is
                  exact for the fetches' own waits.
                - **sampled**: a thread dump (ThreadMXBean, which lists platform threads only) every few milliseconds,
                  counting the threads whose stack is inside the blocking fetch: the JVM's own view, as a cross-check.
                - Non-blocking variants never enter the blocking fetch: their requests wait in the HTTP client's single
                  selector thread, which exists whatever the number of requests, and in futures.
                """);
        return text.toString();
    }

    private static String chart(List<FanoutRow> rows, FanoutSettings settings) {
        List<LineChart.Point> points = new ArrayList<>();
        for (FanoutRow row : rows) {
            points.add(new LineChart.Point(row.variant().label(), Math.max(1, row.peakBlockedCounted()), row.totalMillis()));
        }
        return LineChart.html("Firebreak lab: fanout", "Each point is one run: total time to fetch " + settings.ids()
                + " clients (y) against the most platform threads blocked at once (x, log scale; 0 is drawn at 1). "
                + "The dashed line is one call's delay: the ideal.", "platform threads blocked at once (0 drawn at 1)",
                "total ms", true, settings.delayMillis(), "one call: " + settings.delayMillis() + " ms", points);
    }

    private static long expectedNanos(FanoutSettings settings, FanoutVariant variant) {
        int rounds = switch (variant) {
            case SEQUENTIAL -> settings.ids();
            case PARALLEL_STREAM -> (int) Math.ceil(settings.ids() / (double) (java.util.concurrent.ForkJoinPool.getCommonPoolParallelism() + 1));
            case COMPLETABLE_FUTURE_POOL -> (int) Math.ceil(settings.ids() / (double) settings.poolThreads());
            default -> 1;
        };
        return rounds * settings.delayMillis() * 1_000_000L;
    }

    private static long plannedNanos(FanoutSettings settings) {
        long total = 0;
        for (FanoutVariant variant : settings.variants()) {
            total += expectedNanos(settings, variant);
        }
        return total * settings.repeats();
    }
}
