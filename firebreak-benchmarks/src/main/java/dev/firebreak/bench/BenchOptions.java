package dev.firebreak.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The command line of {@code ./firebreak bench}:
 * {@code [regex] [--quick] [--json FILE] [--md FILE] [--summarize JSON] [--command TEXT]}.
 *
 * @param filter    a regex a benchmark's name ({@code Class.method}) must contain (null: every benchmark)
 * @param quick     one short iteration each, a smoke test for CI
 * @param json      where JMH's JSON goes (null: the default under firebreak-benchmarks/target)
 * @param markdown  where the summary goes (null: docs/results/bench/README.md for a full run, else next to the JSON)
 * @param summarize a JSON file to summarize again instead of running (null: run)
 * @param command   how the run was started, for the summary
 */
public record BenchOptions(String filter, boolean quick, Path json, Path markdown, Path summarize, String command) {

    /** The usage text. */
    public static final String USAGE = """
            usage: ./firebreak bench [regex] [--quick] [--json FILE] [--md FILE] [--summarize JSON]
              regex            run only benchmarks whose name (Class.method) contains a match
                               (e.g. 'SuccessPath', 'FailurePath|Collapsing', 'Timeout')
              --quick          one 100 ms iteration per benchmark, no warmup: a smoke test, not figures
              --json FILE      write JMH's JSON results to FILE
              --md FILE        write the Markdown summary to FILE (default: docs/results/bench/README.md for a
                               full unfiltered run, else next to the JSON)
              --summarize JSON write the summary of an earlier run's JSON without running anything""";

    /** Parses {@code args}; throws IllegalArgumentException with a message on a bad command line. */
    public static BenchOptions parse(String... args) {
        String filter = null;
        boolean quick = false;
        Path json = null;
        Path markdown = null;
        Path summarize = null;
        String command = null;
        List<String> rest = new ArrayList<>(List.of(args));
        for (int i = 0; i < rest.size(); i++) {
            String arg = rest.get(i);
            switch (arg) {
                case "--quick" -> quick = true;
                case "--json" -> json = Path.of(value(rest, ++i, arg));
                case "--md" -> markdown = Path.of(value(rest, ++i, arg));
                case "--summarize" -> summarize = Path.of(value(rest, ++i, arg));
                case "--command" -> command = value(rest, ++i, arg);
                default -> {
                    if (arg.startsWith("--")) {
                        throw new IllegalArgumentException("unknown option " + arg);
                    }
                    if (filter != null) {
                        throw new IllegalArgumentException("give one regex (combine with |), got '" + filter + "' and '" + arg + "'");
                    }
                    filter = checkedRegex(arg);
                }
            }
        }
        return new BenchOptions(filter, quick, json, markdown, summarize, command);
    }

    /** True when every benchmark runs with full timing: the run docs/results/bench/README.md should hold. */
    public boolean fullRun() {
        return filter == null && !quick;
    }

    private static String value(List<String> args, int index, String option) {
        if (index >= args.size()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args.get(index);
    }

    private static String checkedRegex(String regex) {
        try {
            Pattern.compile(regex);
            return regex;
        } catch (PatternSyntaxException bad) {
            throw new IllegalArgumentException("not a valid regex: " + regex + " (" + bad.getDescription() + ")");
        }
    }
}
