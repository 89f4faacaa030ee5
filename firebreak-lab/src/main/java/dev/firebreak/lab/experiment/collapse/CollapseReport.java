package dev.firebreak.lab.experiment.collapse;

import dev.firebreak.lab.report.FrontierChart;
import dev.firebreak.lab.experiment.RunRecord;
import dev.firebreak.lab.report.Table;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Turns the rows of a {@code collapse} run into its Markdown table, CSV, chart, goal check and report. */
final class CollapseReport {

    private CollapseReport() {
    }

    /** The CSV: exactly {@link CollapseRow#CSV_HEADER}, one row per variant and loop. */
    static Table csv(List<CollapseRow> rows) {
        Table table = new Table(CollapseRow.CSV_HEADER);
        rows.forEach(row -> table.add(row.csvCells()));
        return table;
    }

    /** The console table: the CSV's figures plus added latency, with the spread when repeated. */
    static Table console(List<CollapseRow> rows) {
        Table table = new Table(List.of("variant", "loop", "tps", "mean ms", "p50", "p95", "p99", "max", "added ms",
                "errors", "calls/s", "batch"));
        for (CollapseRow row : rows) {
            table.add(List.of(row.variant().label(), row.loop(),
                    CollapseRow.withSpread(row.tps(), row.tpsRange(), 1, row.repeats()),
                    CollapseRow.withSpread(row.meanMs(), row.meanRange(), 1, row.repeats()),
                    Table.number(row.p50Ms(), 1), Table.number(row.p95Ms(), 1), Table.number(row.p99Ms(), 1),
                    Table.number(row.maxMs(), 1), Table.number(row.addedMeanMs(), 1), Long.toString(row.errors()),
                    CollapseRow.withSpread(row.downstreamCallsPerSecond(), row.callsRange(), 1, row.repeats()),
                    Table.number(row.meanBatchSize(), 2)));
        }
        return table;
    }

    /** The chart page: downstream calls/s against mean latency, one panel per loop, one line per library. */
    static String chart(List<CollapseRow> rows, CollapseSettings settings) {
        List<FrontierChart.Point> points = rows.stream().map(row -> new FrontierChart.Point(row.loop(),
                row.variant().library(), row.variant().label(), row.downstreamCallsPerSecond(), row.meanMs())).toList();
        String note = "Each point is one variant: how many calls per second it sent downstream (log scale) and the mean "
                + "latency its clients saw. Lower-left is better; each library's line is its trade-off frontier. "
                + settings.users() + " closed-loop users, downstream " + Table.number(settings.latency().meanMillis(), 0)
                + " ms (jitter " + settings.jitter() + "), open loop " + Table.number(settings.rate(), 0) + "/s.";
        return FrontierChart.html("Firebreak lab: collapse", note, "downstream calls per second", "mean latency (ms)", points);
    }

    /** Lines measuring the rows against the goals, or an empty list when the rows needed are missing. */
    static List<String> goals(List<CollapseRow> rows) {
        List<String> lines = new ArrayList<>();
        for (CollapseRow la : loadAwareRows(rows, "sequential")) {
            double base = baseline(rows, "sequential", "firebreak-guard").map(CollapseRow::addedMeanMs).orElse(Double.NaN);
            double gain = la.addedMeanMs() - base;
            lines.add("- Lone sequential caller, " + la.variant().label() + ": " + signed(gain, 2)
                    + " ms over the unbatched guard (goal: at most 1 ms) -> " + verdict(gain <= 1.0));
        }
        for (String window : List.of("10ms", "100ms")) {
            find(rows, "hystrix-timer-" + window, "sequential").ifPresent(h -> lines.add("- Lone sequential caller, Hystrix "
                    + window + " window: " + signed(h.addedMeanMs() - baseline(rows, "sequential", "hystrix-command")
                    .map(CollapseRow::addedMeanMs).orElse(Double.NaN), 1) + " ms over the unbatched command"));
        }
        for (String loop : loopsOf(rows)) {
            if (loop.equals("sequential")) {
                continue;
            }
            for (String window : List.of("10ms", "100ms")) {
                Optional<CollapseRow> hystrix = find(rows, "hystrix-timer-" + window, loop);
                if (hystrix.isEmpty()) {
                    continue;
                }
                CollapseRow h = hystrix.get();
                double hystrixAdded = h.meanMs() - baseline(rows, loop, "hystrix-command").map(CollapseRow::meanMs).orElse(Double.NaN);
                double guardMean = baseline(rows, loop, "firebreak-guard").map(CollapseRow::meanMs).orElse(Double.NaN);
                Optional<CollapseRow> best = loadAwareRows(rows, loop).stream()
                        .filter(r -> r.downstreamCallsPerSecond() <= h.downstreamCallsPerSecond() * 1.0001)
                        .min(Comparator.comparingDouble(CollapseRow::meanMs));
                String hystrixText = "- " + loop + ", Hystrix " + window + " window: " + signed(hystrixAdded, 1)
                        + " ms mean over its unbatched command at " + Table.number(h.downstreamCallsPerSecond(), 1) + " calls/s";
                if (best.isEmpty()) {
                    lines.add(hystrixText + "; no LOAD_AWARE row at or below that call rate -> "
                            + (!loadAwareRows(rows, loop).isEmpty()
                            ? "NOT MET" : "not measured"));
                } else {
                    double fbAdded = best.get().meanMs() - guardMean;
                    boolean met = fbAdded <= Math.max(0, hystrixAdded) / 2;
                    lines.add(hystrixText + "; best LOAD_AWARE at or below it: " + best.get().variant().label() + " "
                            + signed(fbAdded, 1) + " ms at " + Table.number(best.get().downstreamCallsPerSecond(), 1)
                            + " calls/s (goal: at most half) -> " + verdict(met));
                }
            }
            for (CollapseRow la : loadAwareRows(rows, loop)) {
                frontierCheck(rows, loop, la).ifPresent(lines::add);
            }
        }
        return lines;
    }

    private static List<CollapseRow> loadAwareRows(List<CollapseRow> rows, String loop) {
        return rows.stream().filter(r -> r.loop().equals(loop) && r.variant().label().startsWith("firebreak-load-aware")).toList();
    }

    /** A LOAD_AWARE row against the TIMER frontier (guard, 10 ms, 100 ms) interpolated at its call rate. */
    private static Optional<String> frontierCheck(List<CollapseRow> rows, String loop, CollapseRow loadAware) {
        Optional<CollapseRow> la = Optional.of(loadAware);
        List<CollapseRow> frontier = rows.stream()
                .filter(r -> r.loop().equals(loop))
                .filter(r -> r.variant().label().startsWith("firebreak-timer-") || r.variant().label().equals("firebreak-guard"))
                .filter(r -> r.downstreamCallsPerSecond() > 0)
                .sorted(Comparator.comparingDouble(CollapseRow::downstreamCallsPerSecond)).toList();
        if (la.isEmpty() || frontier.size() < 2) {
            return Optional.empty();
        }
        double x = Math.log(la.get().downstreamCallsPerSecond());
        double expected = Double.NaN;
        for (int i = 0; i + 1 < frontier.size(); i++) {
            double x0 = Math.log(frontier.get(i).downstreamCallsPerSecond());
            double x1 = Math.log(frontier.get(i + 1).downstreamCallsPerSecond());
            if (x >= x0 && x <= x1 && x1 > x0) {
                double t = (x - x0) / (x1 - x0);
                expected = frontier.get(i).meanMs() + t * (frontier.get(i + 1).meanMs() - frontier.get(i).meanMs());
            }
        }
        if (Double.isNaN(expected)) {
            CollapseRow nearest = x < Math.log(frontier.getFirst().downstreamCallsPerSecond()) ? frontier.getFirst() : frontier.getLast();
            expected = nearest.meanMs();
        }
        double excess = (la.get().meanMs() - expected) / expected;
        return Optional.of("- " + loop + ", " + la.get().variant().label() + " vs the TIMER frontier at " + Table.number(la.get().downstreamCallsPerSecond(), 1)
                + " calls/s: " + Table.number(la.get().meanMs(), 1) + " ms vs " + Table.number(expected, 1) + " ms ("
                + signed(excess * 100, 1) + " %; goal: within 10 %) -> " + verdict(excess <= 0.10));
    }

    private static List<String> loopsOf(List<CollapseRow> rows) {
        return rows.stream().map(CollapseRow::loop).distinct().toList();
    }

    private static Optional<CollapseRow> baseline(List<CollapseRow> rows, String loop, String preferred) {
        return find(rows, preferred, loop).or(() -> find(rows, "none", loop));
    }

    private static Optional<CollapseRow> find(List<CollapseRow> rows, String variant, String loop) {
        return rows.stream().filter(r -> r.variant().label().equals(variant) && r.loop().equals(loop)).findFirst();
    }

    private static String signed(double value, int decimals) {
        return (value >= 0 ? "+" : "") + Table.number(value, decimals);
    }

    private static String verdict(boolean met) {
        return met ? "met" : "NOT MET";
    }

    /** The whole Markdown report of the run. */
    static String markdown(List<CollapseRow> rows, CollapseSettings settings, RunRecord record) {
        StringBuilder text = new StringBuilder();
        text.append("# Firebreak lab: collapse").append(settings.quick() ? " (--quick)" : "").append("\n\n");
        text.append(record.toMarkdown());
        text.append("- settings: ").append(settings.users()).append(" closed-loop users, downstream ")
                .append(settings.latency().describe()).append(", error rate ").append(settings.errorRate())
                .append(", open loop ").append(Table.number(settings.rate(), 1)).append("/s ").append(settings.arrivals())
                .append(", think ").append(settings.think().min().toMillis()).append('-').append(settings.think().max().toMillis())
                .append(" ms, ramp ").append(settings.ramp().toMillis()).append(" ms, warm-up/measure closed ")
                .append(secs(settings.closedWarmup())).append('/').append(secs(settings.closedMeasure())).append(" s, open ")
                .append(secs(settings.openWarmup())).append('/').append(secs(settings.openMeasure())).append(" s, sequential ")
                .append(secs(settings.sequentialWarmup())).append('/').append(secs(settings.sequentialMeasure()))
                .append(" s, LOAD_AWARE K:LINGER_US:GAP_US vs100ms ").append(settings.vs100ms()).append(", vs10ms ")
                .append(settings.vs10ms()).append(" (firebreak-load-aware: the library's defaults), repeats ").append(settings.repeats()).append(", seed ").append(settings.seed()).append("\n\n");
        text.append(console(rows).toMarkdown()).append('\n');
        text.append("`added ms`: mean latency minus the downstream's own delay for the call that served the request "
                + "(the library's window or queue plus two loopback HTTP hops). Latencies are of successful requests; "
                + "open-loop latencies run from each request's intended start.");
        if (settings.repeats() > 1) {
            text.append(" With repeats, figures are means and (min-max) the spread; errors are totals.");
        }
        text.append("\n\n");
        List<String> goals = goals(rows);
        if (!goals.isEmpty()) {
            text.append("## Goals\n\n").append(String.join("\n", goals)).append("\n\n");
        }
        List<String> failures = rows.stream().filter(r -> !r.failureSamples().isEmpty())
                .map(r -> "- " + r.variant().label() + " " + r.loop() + ": " + String.join(" | ", r.failureSamples())).toList();
        if (!failures.isEmpty()) {
            text.append("## Failure samples\n\n").append(String.join("\n", failures)).append("\n");
        }
        return text.toString();
    }

    private static String secs(java.time.Duration d) {
        return Table.number(d.toNanos() / 1e9, 1);
    }
}
