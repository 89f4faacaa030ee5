package dev.firebreak.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * {@code ./firebreak bench}: runs the suites ({@link Suite#all()}) with JMH, writes JMH's JSON of
 * the whole run, and the Markdown summary ({@link MarkdownReport}) into docs/results/bench/README.md (a full
 * run) or next to the JSON.
 */
public final class BenchMain {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private BenchMain() {
    }

    /** Entry point; see {@link BenchOptions#USAGE}. */
    public static void main(String[] args) throws Exception {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException bad) {
            System.err.println("firebreak bench: " + bad.getMessage());
            System.err.println(BenchOptions.USAGE);
            System.exit(2);
            return;
        }
        Path root = projectRoot();
        if (options.summarize() != null) {
            Path json = options.summarize();
            RunInfo run = JSON.readValue(runInfoFile(json).toFile(), RunInfo.class);
            Path markdown = options.markdown() != null ? options.markdown() : defaultMarkdown(root, json, !run.quick());
            writeSummary(json, run, markdown);
            return;
        }
        Path json = options.json() != null ? options.json()
                : root.resolve("firebreak-benchmarks/target/benchmarks" + (options.quick() ? "-quick" : "") + ".json");
        Path markdown = options.markdown() != null ? options.markdown() : defaultMarkdown(root, json, options.fullRun());
        String command = options.command() != null ? options.command() : "./firebreak bench " + String.join(" ", args);
        run(options, command, json, markdown);
    }

    private static void run(BenchOptions options, String command, Path json, Path markdown)
            throws IOException, RunnerException, InterruptedException {
        List<Suite> suites = selectedSuites(options.filter());
        if (suites.isEmpty()) {
            System.err.println("firebreak bench: no benchmark matches '" + options.filter() + "'");
            System.exit(2);
        }
        LoadAverage before = options.quick() ? LoadAverage.now()
                : QuietStart.system(System.out).await(MachineInfo.current().cores(), QuietStart.MAX_WAIT);
        Instant start = Instant.now();
        System.out.println("firebreak bench: " + suites.size() + " suite(s), load averages " + before
                + (options.quick() ? ", quick mode" : "") + "; JSON to " + json);
        List<RunResult> results = new ArrayList<>();
        Set<String> timings = new LinkedHashSet<>();
        for (Suite suite : suites) {
            timings.add(suite.label() + ": " + suite.timing(options.quick()) + ", threads " + suite.threads()
                    + ", modes " + suite.modes().stream().map(m -> m.shortLabel()).toList()
                    + (suite.params().isEmpty() ? "" : ", " + suite.params()));
            for (int threads : suite.threads()) {
                Collection<RunResult> run = new Runner(suite.options(options.filter(), threads, options.quick(),
                        Suite.forkedJvmArgs())).run();
                results.addAll(run);
            }
        }
        Duration took = Duration.between(start, Instant.now());
        RunInfo info = new RunInfo(command, options.quick(), String.join("; ", timings),
                start.truncatedTo(ChronoUnit.SECONDS).toString(), took.toSeconds(), MachineInfo.current(), before,
                LoadAverage.now());
        Files.createDirectories(json.toAbsolutePath().getParent());
        try (PrintStream out = new PrintStream(Files.newOutputStream(json), false, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(results);
        }
        JSON.writeValue(runInfoFile(json).toFile(), info);
        writeSummary(json, info, markdown);
        System.out.println("firebreak bench: done in " + took.toMinutesPart() + " min " + took.toSecondsPart() + " s");
    }

    private static void writeSummary(Path json, RunInfo info, Path markdown) throws IOException {
        Summary summary = new Summary(JmhResults.read(json));
        String generated = MarkdownReport.render(summary, info);
        String existing = Files.exists(markdown) ? Files.readString(markdown) : null;
        Path parent = markdown.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(markdown, MarkdownReport.splice(existing, generated));
        System.out.println("firebreak bench: summary in " + markdown + ", JMH JSON in " + json);
        for (Summary.Goal goal : summary.goals()) {
            if (goal.verdict() != Summary.Verdict.NO_DATA) {
                System.out.println("  " + goal.verdict() + "  " + goal.what() + (goal.body().isEmpty() ? "" : " [" + goal.body()
                        + ", " + goal.threads() + " thr]") + (Double.isNaN(goal.ratio()) ? "" : " ratio " + MarkdownReport.ratio(goal.ratio()))
                        + (goal.withinNoise() ? " (at the line: 95 % interval " + MarkdownReport.interval(goal) + ")" : ""));
            }
        }
    }

    /** Suites with at least one benchmark the filter selects. */
    private static List<Suite> selectedSuites(String filter) {
        Set<BenchmarkListEntry> all = BenchmarkList.defaultList().getAll(
                OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of());
        List<Suite> selected = new ArrayList<>();
        for (Suite suite : Suite.all()) {
            if (all.stream().anyMatch(entry -> suite.selects(entry.getUsername(), filter))) {
                selected.add(suite);
            }
        }
        return selected;
    }

    private static Path defaultMarkdown(Path root, Path json, boolean fullRun) {
        if (fullRun) {
            return root.resolve("docs/results/bench/README.md");
        }
        String name = json.getFileName().toString().replaceFirst("\\.json$", "");
        return json.resolveSibling(name + ".md");
    }

    private static Path runInfoFile(Path json) {
        return json.resolveSibling(json.getFileName() + ".run.json");
    }

    /** The project's root: {@code firebreak.root} (set by the launcher), else the working directory. */
    private static Path projectRoot() {
        String root = System.getProperty("firebreak.root");
        return Path.of(root == null ? "." : root);
    }
}
