package dev.firebreak.lab.experiment.shed;

import dev.firebreak.context.Criticality;
import dev.firebreak.lab.experiment.LabReport;
import dev.firebreak.lab.experiment.RunRecord;
import dev.firebreak.lab.report.LineChart;
import dev.firebreak.lab.report.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleBiFunction;

/** Turns a shed run into its CSV, console text, report, charts and goal checks. */
final class ShedReport {

    private ShedReport() {
    }

    static LabReport of(ShedSettings settings, List<ShedRun> runs, RunRecord record) {
        Table csv = csv(runs);
        double latencyMs = settings.latency().toNanos() / 1e6;
        List<String> goals = ShedGoals.lines(runs, latencyMs);
        String console = csv.toMarkdown() + "\n" + String.join("\n", goals);
        List<LineChart.Point> critical = new ArrayList<>(stepPoints(runs, ShedGoals::criticalGoodput));
        if (!runs.isEmpty()) { // every variant is offered the same levels: the first run's critical offer is the ideal
            ShedRun first = runs.getFirst();
            critical.addAll(stepPoints(List.of(first), (run, phase) -> run.at(phase, Criticality.CRITICAL_PLUS).offeredRps()
                    + run.at(phase, Criticality.CRITICAL).offeredRps()).stream()
                    .map(p -> new LineChart.Point("critical offered", p.x(), p.y())).toList());
        }
        String goodput = LineChart.svg("Critical goodput against offered load", "offered requests per second (log scale)",
                "CRITICAL_PLUS + CRITICAL goodput (per second)", true, Double.NaN, "", critical);
        String p99 = LineChart.svg("Critical p99 against offered load", "offered requests per second (log scale)",
                "worse critical level's p99 (ms)", true, 2 * latencyMs, "2 x base latency", stepPoints(runs, ShedGoals::criticalP99));
        String total = LineChart.svg("Total goodput against offered load", "offered requests per second (log scale)", "goodput (per second)",
                true, settings.capacityRps(), "capacity " + Table.number(settings.capacityRps(), 0) + "/s",
                stepPoints(runs, (run, phase) -> run.total(phase).goodputRps()));
        Map<String, String> files = new LinkedHashMap<>();
        files.put("chart.html", "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Firebreak lab: shed</title></head>\n"
                + "<body>\n<h1>Firebreak lab: shed</h1>\n<p>For the load steps 0.5x to 10x the downstream's capacity (the offered load on "
                + "a log scale), one line per variant: the goodput of the critical levels (CRITICAL_PLUS and CRITICAL, successful answers "
                + "within 2 x the base latency; the line 'critical offered' is what they offer), the worse of their p99 latencies, and the total goodput.</p>\n" + goodput + p99 + total
                + "</body></html>\n");
        files.put("critical-goodput.svg", goodput);
        files.put("critical-p99.svg", p99);
        files.put("goodput.svg", total);
        return new LabReport(csv, console, markdown(settings, runs, record, csv, goals), files);
    }

    static Table csv(List<ShedRun> runs) {
        Table table = new Table(ShedRow.CSV_HEADER);
        runs.forEach(run -> run.rows().forEach(row -> table.add(row.cells())));
        return table;
    }

    private static List<LineChart.Point> stepPoints(List<ShedRun> runs, ToDoubleBiFunction<ShedRun, String> y) {
        List<LineChart.Point> points = new ArrayList<>();
        for (ShedRun run : runs) {
            for (ShedRow row : run.rows()) {
                if (row.phase().startsWith("x") && row.criticality().equals(ShedRow.ALL)) {
                    points.add(new LineChart.Point(run.variant().label(), row.figures().offeredRps(), y.applyAsDouble(run, row.phase())));
                }
            }
        }
        return points;
    }

    private static String markdown(ShedSettings settings, List<ShedRun> runs, RunRecord record, Table csv, List<String> goals) {
        StringBuilder text = new StringBuilder("# Firebreak lab: shed (issue 38)").append(settings.quick() ? " (--quick)" : "")
                .append("\n\n").append(record.toMarkdown()).append('\n');
        List<String> mix = new ArrayList<>();
        ShedMix.ISSUE_SHARES.forEach((level, share) -> mix.add(Table.number(share * 100, 0) + " % " + level));
        text.append("The overload experiment's downstream serves at most ").append(settings.capacity()).append(" requests at once, each for ")
                .append(settings.latency().toMillis()).append(" ms; the rest wait in a FIFO queue. Its capacity is ")
                .append(Table.number(settings.capacityRps(), 0)).append("/s. Open-loop load (latency from each request's intended start), ")
                .append("each request's criticality drawn from a random seeded ").append(settings.seed()).append(" (the same levels for every variant): ")
                .append(String.join(", ", mix)).append("; the level travels as the `").append(Criticality.HEADER)
                .append("` header and is the call's `Criticality` scope on the calling side. The steps x0.5, x1, x2, x5 and x10, each ")
                .append(secs(settings.steps().getFirst().leadNanos())).append(" s unreported then ").append(secs(settings.steps().getFirst().measureNanos()))
                .append(" s reported; then, on fresh parts, ").append(Table.number(settings.change().getFirst().loadFactor(), 1))
                .append("x the full capacity for ").append(secs(settings.change().getFirst().measureNanos())).append(" s (unreported), the capacity halved (`drop`: ")
                .append("the row's window opens ").append(secs(settings.dropGrace().toNanos())).append(" s after the drop and lasts ")
                .append(secs(settings.change().get(1).measureNanos())).append(" s), and restored for ").append(secs(settings.change().get(2).measureNanos()))
                .append(" s (`recover`). Every variant has the same ").append(settings.timeout().toMillis())
                .append(" ms timeout; no breaker, no fallback, no retry.\n\n");
        text.append("Seed 003's sizes (").append(runs.isEmpty() ? "no run" : runs.getFirst().sizing().describe()).append("). Adaptive limits start ")
                .append("at seed 003's size, bounded by ").append(settings.minLimit()).append("..").append(settings.maxLimit())
                .append("; Firebreak AIMD's latency threshold is ").append(settings.aimdLatencyThreshold().isZero() ? "off"
                        : settings.aimdLatencyThreshold().toMillis() + " ms").append("; firebreak-priority's wait for a permit of a full limit "
                        + "(its critical calls only) is ").append(settings.criticalWait().isZero() ? "off" : settings.criticalWait().toMillis() + " ms")
                .append(".\n\n");
        for (ShedRun run : runs) {
            text.append("- `").append(run.variant().label()).append("`: ").append(run.variant().description()).append('\n');
        }
        text.append("\n").append(csv.toMarkdown()).append("\n");
        text.append("Per phase, a row per level (`criticality`) then the totals (`ALL`). `capacity_rps`: the downstream's capacity (the same "
                + "on every row of a phase); `goodput_rps`: successful answers within 2 x the base latency (").append(2 * settings.latency().toMillis())
                .append(" ms) per second; `p50_ms`, `p99_ms`: latency of successful (admitted) answers; `rejected_rps`: the protection's refusals "
                        + "(the rest of what was offered and is neither goodput nor refused timed out, failed or answered late).\n\n");
        text.append("## Goals\n\n").append(String.join("\n", goals)).append("\n");
        List<String> unfinished = new ArrayList<>();
        for (ShedRun run : runs) {
            run.rows().stream().filter(r -> r.criticality().equals(ShedRow.ALL) && r.figures().unfinished() > 0).map(ShedRow::figures)
                    .forEach(f -> unfinished.add("- " + run.variant().label() + " " + f.phase() + ": " + f.unfinished() + " of " + f.issued()
                            + " requests unanswered when the run stopped waiting"));
        }
        if (!unfinished.isEmpty()) {
            text.append("\n## Unanswered requests\n\n").append(String.join("\n", unfinished)).append('\n');
        }
        return text.toString();
    }

    private static String secs(long nanos) {
        return Table.number(nanos / 1e9, 1);
    }
}
