package dev.firebreak.lab.experiment.collapse;

import dev.firebreak.lab.cli.Args;
import dev.firebreak.lab.experiment.Experiment;
import dev.firebreak.lab.experiment.LabEnvironment;
import dev.firebreak.lab.experiment.RunFolder;
import dev.firebreak.lab.load.LoadDriver;
import dev.firebreak.lab.report.MachineInfo;
import dev.firebreak.lab.report.ProgressBar;
import dev.firebreak.lab.report.Table;
import dev.firebreak.lab.time.LabTimer;
import dev.firebreak.time.Ticker;
import java.lang.management.ManagementFactory;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seeds 000/001, "Benchmarking impact of batching in Hystrix", on real parts: a downstream that takes
 * 500 ms, a demo service calling it through each variant, 100 closed-loop users, an open loop and a
 * lone sequential caller. Prints a Markdown table and writes a results folder.
 */
public final class CollapseExperiment implements Experiment {

    @Override
    public String name() {
        return "collapse";
    }

    @Override
    public String summary() {
        return "request collapsing: Hystrix timer windows vs Firebreak TIMER / LOAD_AWARE vs unbatched (seeds 000/001)";
    }

    @Override
    public String usage() {
        return CollapseSettings.USAGE;
    }

    @Override
    public int run(List<String> argv, LabEnvironment env) throws Exception {
        CollapseSettings settings = CollapseSettings.from(Args.parse(argv, CollapseSettings.FLAGS, CollapseSettings.OPTIONS));
        MachineInfo machine = MachineInfo.current(env.command());
        String started = LocalDateTime.now(env.wallClock()).withNano(0).toString();
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        Ticker ticker = Ticker.system();
        long begin = ticker.read();
        List<CollapseRow> rows;
        try (LabTimer timer = new LabTimer("lab-driver-timer");
             LoadDriver driver = new LoadDriver(ticker, timer);
             ProgressBar progress = new ProgressBar(env.err(), env.progressInPlace(), ticker, timer, plannedNanos(settings))) {
            rows = run(settings, new CollapseRunner(settings, driver), progress);
        }
        double wallSeconds = (ticker.read() - begin) / 1e9;

        env.out().println(CollapseReport.console(rows).toMarkdown());
        List<String> goals = CollapseReport.goals(rows);
        if (!goals.isEmpty()) {
            env.out().println(String.join("\n", goals));
            env.out().println();
        }
        Table csv = CollapseReport.csv(rows);
        RunFolder folder = RunFolder.create(settings.out() != null ? settings.out() : env.resultsRoot(), env.wallClock(), name());
        csv.writeCsv(folder.path().resolve("collapse.csv"));
        folder.write("report.md", CollapseReport.markdown(rows, settings, machine, started, wallSeconds,
                loadBefore, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
        folder.write("chart.html", CollapseReport.chart(rows, settings));
        env.err().println("results: " + folder.path() + " (report.md, collapse.csv, chart.html)");
        if (settings.csv() != null) {
            csv.writeCsv(settings.csv());
            env.err().println("csv: " + settings.csv());
        }
        return 0;
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

    private static long plannedNanos(CollapseSettings settings) {
        long perRepeat = 0;
        for (String kind : settings.loops()) {
            perRepeat += runNanos(settings, kind) * (kind.equals("sequential") ? 1 : settings.variants().size());
        }
        return settings.jvmWarmup().toNanos() + perRepeat * settings.repeats();
    }
}
