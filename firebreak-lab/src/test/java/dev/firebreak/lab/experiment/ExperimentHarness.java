package dev.firebreak.lab.experiment;

import dev.firebreak.lab.LabCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;

/** Runs one experiment in-process as {@code ./firebreak lab} would, capturing stdout, stderr and the results folder. */
public final class ExperimentHarness {

    /**
     * What a run left behind.
     *
     * @param exit the exit code
     * @param out stdout
     * @param err stderr
     * @param folder the single results folder (null if none)
     */
    public record Outcome(int exit, String out, String err, Path folder) {
        /** The CSV lines of {@code file} in the results folder, split into cells (no quoting in these files). */
        public List<String[]> csv(String file) throws IOException {
            return Files.readAllLines(folder.resolve(file)).stream().map(line -> line.split(",", -1)).toList();
        }
    }

    private ExperimentHarness() {
    }

    /** Runs {@code lab <args>} with results under {@code dir/results}. */
    public static Outcome run(Path dir, List<String> args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        LabEnvironment env = new LabEnvironment(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false, dir.resolve("results"),
                Clock.fixed(Instant.parse("2025-01-02T03:04:05Z"), ZoneOffset.UTC), "test");
        int exit = LabCommand.run(args, env);
        Path folder = null;
        if (Files.isDirectory(dir.resolve("results"))) {
            try (Stream<Path> list = Files.list(dir.resolve("results"))) {
                folder = list.findFirst().orElse(null);
            }
        }
        return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), folder);
    }
}
