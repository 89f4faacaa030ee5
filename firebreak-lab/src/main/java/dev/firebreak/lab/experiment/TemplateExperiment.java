package dev.firebreak.lab.experiment;

import dev.firebreak.lab.cli.ExperimentOptions;
import dev.firebreak.lab.cli.OptionParser;
import dev.firebreak.lab.load.LoadDriver;
import dev.firebreak.lab.report.ProgressBar;
import dev.firebreak.lab.time.LabTimer;
import dev.firebreak.time.Ticker;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The lab's one run template. Every experiment runs the same skeleton: parse the options (declared
 * once, with picocli), record the machine and its load, open the timer, the load driver and the
 * progress bar, run, record the load again, print the console text, and write the results folder
 * ({@code report.md}, {@code <name>.csv}, the charts) and the {@code --csv} copy. An experiment
 * supplies only its options, its plan (how long it expects to take), its runs and its report.
 *
 * @param <O> the experiment's options
 * @param <R> one row of its results
 */
public abstract class TemplateExperiment<O extends ExperimentOptions, R> implements Experiment {

    private final String name;
    private final String summary;
    private final String synopsis;

    /**
     * @param name the name on the command line
     * @param summary one line saying what it reproduces
     * @param synopsis the first line of its usage text
     */
    protected TemplateExperiment(String name, String summary, String synopsis) {
        this.name = name;
        this.summary = summary;
        this.synopsis = synopsis;
    }

    /** Fresh options, holding the declared defaults. */
    protected abstract O newOptions();

    /** How long the runs are expected to take, in nanoseconds (the progress bar's total). */
    protected abstract long plannedNanos(O options);

    /** Runs the experiment; one {@code context.progress().step(...)} per run. */
    protected abstract List<R> runs(O options, RunContext context) throws Exception;

    /** Turns the rows into the console text, the CSV, the report and the charts. */
    protected abstract LabReport report(O options, List<R> rows, RunRecord record);

    /** Parses {@code argv} as this experiment's options (a {@link dev.firebreak.lab.cli.UsageException} if wrong). */
    public final O options(List<String> argv) throws dev.firebreak.lab.cli.UsageException {
        return OptionParser.parse(newOptions(), argv);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String summary() {
        return summary;
    }

    @Override
    public final String usage() {
        return OptionParser.usage(synopsis, newOptions());
    }

    @Override
    public final int run(List<String> argv, LabEnvironment env) throws Exception {
        O options = options(argv);
        RunRecord record = RunRecord.start(env);
        Ticker ticker = Ticker.system();
        long begin = ticker.read();
        List<R> rows;
        try (LabTimer timer = new LabTimer("lab-driver-timer");
             LoadDriver driver = new LoadDriver(ticker, timer);
             ProgressBar progress = new ProgressBar(env.err(), env.progressInPlace(), ticker, timer, plannedNanos(options))) {
            rows = runs(options, new RunContext(ticker, timer, driver, progress));
        }
        record.finish((ticker.read() - begin) / 1e9);
        LabReport report = report(options, rows, record);
        env.out().println(report.console());
        Path root = options.out() != null ? options.out() : env.resultsRoot();
        RunFolder folder = RunFolder.create(root, env.wallClock(), name);
        String csvName = name + ".csv";
        report.table().writeCsv(folder.path().resolve(csvName));
        folder.write("report.md", report.markdown());
        List<String> written = new ArrayList<>(List.of("report.md", csvName));
        for (Map.Entry<String, String> file : report.files().entrySet()) {
            folder.write(file.getKey(), file.getValue());
            written.add(file.getKey());
        }
        env.err().println("results: " + folder.path() + " (" + String.join(", ", written) + ")");
        if (options.csv() != null) {
            report.table().writeCsv(options.csv());
            env.err().println("csv: " + options.csv());
        }
        return 0;
    }
}
