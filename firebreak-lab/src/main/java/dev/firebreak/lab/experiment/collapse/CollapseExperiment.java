package dev.firebreak.lab.experiment.collapse;

import dev.firebreak.lab.experiment.LabReport;
import dev.firebreak.lab.experiment.RunContext;
import dev.firebreak.lab.experiment.RunRecord;
import dev.firebreak.lab.experiment.TemplateExperiment;
import dev.firebreak.lab.report.ProgressBar;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seeds 000/001, "Benchmarking impact of batching in Hystrix", on real parts: a downstream that takes
 * 500 ms, a demo service calling it through each variant, 100 closed-loop users, an open loop and a
 * lone sequential caller. Prints a Markdown table and writes a results folder.
 */
public final class CollapseExperiment extends TemplateExperiment<CollapseSettings, CollapseRow> {

    /** The experiment, as {@code ./firebreak lab collapse} runs it. */
    public CollapseExperiment() {
        super("collapse", "request collapsing: Hystrix timer windows vs Firebreak TIMER / LOAD_AWARE vs unbatched (seeds 000/001)",
                "usage: firebreak lab collapse [--quick] [--csv FILE] [--out DIR] [options]");
    }

    @Override
    protected CollapseSettings newOptions() {
        return new CollapseSettings();
    }

    @Override
    protected List<CollapseRow> runs(CollapseSettings settings, RunContext context) throws Exception {
        return run(settings, new CollapseRunner(settings, context.driver()), context.progress());
    }

    @Override
    protected LabReport report(CollapseSettings settings, List<CollapseRow> rows, RunRecord record) {
        StringBuilder console = new StringBuilder(CollapseReport.console(rows).toMarkdown());
        List<String> goals = CollapseReport.goals(rows);
        if (!goals.isEmpty()) {
            console.append('\n').append(String.join("\n", goals)).append('\n');
        }
        return LabReport.withChart(CollapseReport.csv(rows), console.toString(), CollapseReport.markdown(rows, settings, record),
                CollapseReport.chart(rows, settings));
    }

    /** Runs every repeat of every loop and variant; returns one averaged row per variant and loop. */
    static List<CollapseRow> run(CollapseSettings settings, CollapseRunner runner, ProgressBar progress) throws Exception {
        progress.step("JVM warm-up", settings.jvmWarmup().toNanos());
        runner.warmUpJvm();
        Map<String, List<RunMeasurement>> byRow = new LinkedHashMap<>();
        for (int repeat = 0; repeat < settings.repeats(); repeat++) {
            long seed = settings.seed() + repeat;
            String round = settings.repeats() > 1 ? " (repeat " + (repeat + 1) + "/" + settings.repeats() + ")" : "";
            for (String kind : settings.loops()) {
                List<RunMeasurement> measured = new ArrayList<>();
                if (kind.equals("sequential")) {
                    progress.step("sequential, every variant at once" + round, runNanos(settings, kind));
                    measured.addAll(runner.runAtOnce(settings.variants(), kind, seed));
                } else {
                    for (CollapseVariant variant : settings.variants()) {
                        progress.step(settings.loop(kind).label() + "  " + variant.label() + round, runNanos(settings, kind));
                        measured.add(runner.runOne(variant, kind, seed));
                    }
                }
                for (RunMeasurement m : measured) {
                    byRow.computeIfAbsent(m.variant().label() + "|" + m.loop(), k -> new ArrayList<>()).add(m);
                }
            }
        }
        return byRow.values().stream().map(CollapseRow::of).toList();
    }

    private static long runNanos(CollapseSettings settings, String kind) {
        return settings.warmup(kind).plus(settings.measure(kind)).toNanos() + CollapseRunner.SETTLE.toNanos();
    }

    @Override
    protected long plannedNanos(CollapseSettings settings) {
        long perRepeat = 0;
        for (String kind : settings.loops()) {
            perRepeat += runNanos(settings, kind) * (kind.equals("sequential") ? 1 : settings.variants().size());
        }
        return settings.jvmWarmup().toNanos() + perRepeat * settings.repeats();
    }
}
