package dev.firebreak.lab.experiment.overload;

import dev.firebreak.lab.experiment.LabReport;
import dev.firebreak.lab.experiment.RunRecord;
import dev.firebreak.lab.report.LineChart;
import dev.firebreak.lab.report.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns an overload run into its CSV, console text, report, charts and goal checks. */
final class OverloadReport {

    private OverloadReport() {
    }

    static LabReport of(OverloadSettings settings, List<VariantRun> runs, RunRecord record) {
        Table csv = csv(runs);
        double latencyMs = settings.latency().toNanos() / 1e6;
        List<String> goals = OverloadGoals.lines(runs, latencyMs);
        String settling = settling(runs).toMarkdown();
        String console = csv.toMarkdown() + "\nSettling of the adaptive limits (see report.md for the definition):\n\n" + settling
                + "\n" + String.join("\n", goals);
        Map<String, String> files = new LinkedHashMap<>();
        String goodput = goodputChart(runs, settings);
        String p99 = p99Chart(runs, latencyMs);
        files.put("chart.html", "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Firebreak lab: overload</title></head>\n"
                + "<body>\n<h1>Firebreak lab: overload</h1>\n<p>Goodput (successful answers within 2 x the base latency, per second) and "
                + "the p99 latency of successful answers against the offered load (log scale), one line per variant, for the load steps "
                + "0.5x to 10x the downstream's capacity.</p>\n" + goodput + p99 + "</body></html>\n");
        files.put("goodput.svg", goodput);
        files.put("p99.svg", p99);
        return new LabReport(csv, console, markdown(settings, runs, record, csv, settling, goals), files);
    }

    static Table csv(List<VariantRun> runs) {
        Table table = new Table(PhaseFigures.CSV_HEADER);
        runs.forEach(run -> run.rows().forEach(row -> table.add(row.cells())));
        return table;
    }

    /** One row per adaptive variant: settle time and overshoot after the drop and after the recovery. */
    static Table settling(List<VariantRun> runs) {
        Table table = new Table(List.of("variant", "limit before drop", "drop: settled s", "drop: final limit", "drop: overshoot %",
                "recover: settled s", "recover: final limit", "recover: overshoot %"));
        for (VariantRun run : runs) {
            if (!run.variant().adaptive()) {
                continue;
            }
            LimitSeries.Settling d = run.drop();
            LimitSeries.Settling r = run.recover();
            table.add(List.of(run.variant().label(), Table.number(d.before(), 1), settled(d), Table.number(d.finalValue(), 1),
                    Table.number(d.overshoot() * 100, 1), settled(r), Table.number(r.finalValue(), 1), Table.number(r.overshoot() * 100, 1)));
        }
        return table;
    }

    private static String settled(LimitSeries.Settling s) {
        return s.settled() ? Table.number(s.settleSeconds(), 2) : "not settled";
    }

    private static String goodputChart(List<VariantRun> runs, OverloadSettings settings) {
        return LineChart.svg("Goodput against offered load", "offered requests per second (log scale)", "goodput (per second)", true,
                settings.capacityRps(), "capacity " + Table.number(settings.capacityRps(), 0) + "/s", stepPoints(runs, PhaseFigures::goodputRps));
    }

    private static String p99Chart(List<VariantRun> runs, double latencyMs) {
        return LineChart.svg("p99 of successful answers against offered load", "offered requests per second (log scale)", "p99 (ms)", true,
                2 * latencyMs, "SLO: 2 x base latency", stepPoints(runs, PhaseFigures::p99Ms));
    }

    private static List<LineChart.Point> stepPoints(List<VariantRun> runs, java.util.function.ToDoubleFunction<PhaseFigures> y) {
        List<LineChart.Point> points = new ArrayList<>();
        for (VariantRun run : runs) {
            for (PhaseFigures row : run.rows()) {
                if (row.phase().startsWith("x")) {
                    points.add(new LineChart.Point(run.variant().label(), row.offeredRps(), y.applyAsDouble(row)));
                }
            }
        }
        return points;
    }

    private static String markdown(OverloadSettings settings, List<VariantRun> runs, RunRecord record, Table csv, String settling,
            List<String> goals) {
        StringBuilder text = new StringBuilder("# Firebreak lab: overload (issue 13)").append(settings.quick() ? " (--quick)" : "")
                .append("\n\n").append(record.toMarkdown()).append('\n');
        OverloadPlan plan = settings.plan();
        Segment step = plan.steps().getFirst();
        text.append("The downstream serves at most ").append(settings.capacity()).append(" requests at once, each for ")
                .append(settings.latency().toMillis()).append(" ms; the rest wait in a FIFO queue (a real server's busy workers). Its capacity is ")
                .append(Table.number(settings.capacityRps(), 0)).append("/s. Open-loop load (latency from each request's intended start): ")
                .append("the steps x0.5, x1, x2, x5 and x10 one after the other, each ").append(secs(step.leadNanos()))
                .append(" s unreported then ").append(secs(step.measureNanos())).append(" s reported; then, on fresh parts, ")
                .append(Table.number(plan.change().getFirst().loadFactor(), 1)).append("x the full capacity for ")
                .append(secs(plan.change().get(0).measureNanos())).append(" s (unreported), the capacity halved for ")
                .append(secs(plan.change().get(1).measureNanos())).append(" s (`drop`), and restored for ")
                .append(secs(plan.change().get(2).measureNanos())).append(" s (`recover`). Every variant has the same ")
                .append(settings.timeout().toMillis()).append(" ms HTTP client timeout; no breaker, no fallback, no retry.\n\n");
        text.append("Seed 003's sizes (").append(runs.isEmpty() ? "no run" : runs.getFirst().sizing().describe()).append("). ")
                .append("Adaptive limits start at ").append(runs.isEmpty() ? settings.initialLimit() : settings.initialLimit(runs.getFirst().sizing()))
                .append(settings.initialLimit() == 0 ? " (seed 003's size, as the static limits)" : "").append(", bounded by ").append(settings.minLimit())
                .append("..").append(settings.maxLimit()).append("; Firebreak AIMD's latency threshold (`limit.aimd.latencyThresholdInMilliseconds`) ")
                .append(settings.aimdLatencyThreshold().isZero() ? "is off" : "is " + settings.aimdLatencyThreshold().toMillis() + " ms")
                .append(".\n\n");
        for (VariantRun run : runs) {
            text.append("- `").append(run.variant().label()).append("`: ").append(run.variant().description()).append('\n');
        }
        text.append("\n").append(csv.toMarkdown()).append("\n");
        text.append("`goodput_rps`: successful answers within the SLO of 2 x the base latency (").append(2 * settings.latency().toMillis())
                .append(" ms) per second; `p50_ms`, `p99_ms`: latency of successful (admitted) answers; `rejected_rps`: the protection's "
                        + "refusals; `errors_rps`: timeouts and other failures; `limit_mean`: the limit sampled every 50 ms, averaged over "
                        + "the window (Hystrix: maximumSize + queue; empty: no limit).\n\n");
        text.append("## Settling after the capacity changes\n\n").append(settling).append('\n')
                .append("**Settled**: the final value F is the mean of the limit over the phase's last ").append(secs(settings.hold().toNanos()))
                .append(" s; the limit has settled at the first moment after the change from which it stays within 10 % of F to the end of ")
                .append("the phase, for at least ").append(secs(settings.hold().toNanos())).append(" s. **Overshoot**: how far the limit went ")
                .append("past F in the direction it moved (below F after the drop, above it after the recovery), as a share of F.\n\n");
        text.append("## Goals\n\n").append(String.join("\n", goals)).append("\n");
        List<String> unfinished = new ArrayList<>();
        for (VariantRun run : runs) {
            run.rows().stream().filter(r -> r.unfinished() > 0).forEach(r -> unfinished.add("- " + run.variant().label() + " " + r.phase()
                    + ": " + r.unfinished() + " of " + r.issued() + " requests unanswered when the run stopped waiting (counted as errors)"));
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
