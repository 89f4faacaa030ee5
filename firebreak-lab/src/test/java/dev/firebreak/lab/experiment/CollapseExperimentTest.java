package dev.firebreak.lab.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.lab.LabCommand;
import dev.firebreak.lab.experiment.collapse.CollapseVariant;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code collapse} end to end on real parts, tiny: 10 users, a 40 ms downstream, short windows, every
 * variant and loop. Checks the rows are all there and sane; asserts no timing.
 */
class CollapseExperimentTest {

    @Test
    void everyVariantAndLoopProducesASaneRowAndTheOutputsAreWritten(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        LabEnvironment env = new LabEnvironment(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false, dir.resolve("results"),
                Clock.fixed(Instant.parse("2025-01-02T03:04:05Z"), ZoneOffset.UTC), "test");
        Path csv = dir.resolve("copy.csv");
        int exit = LabCommand.run(List.of("collapse", "--quick", "--users", "10", "--latency", "40", "--rate", "100",
                "--warmup", "0.6", "--measure", "1.0", "--csv", csv.toString()), env);
        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();

        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.getFirst()).isEqualTo(
                "variant,loop,tps,mean_ms,p50_ms,p95_ms,p99_ms,max_ms,errors,downstream_calls_per_s,mean_batch_size");
        Map<String, String[]> rows = lines.stream().skip(1).map(line -> line.split(","))
                .collect(Collectors.toMap(cells -> cells[0] + "|" + cells[1], Function.identity()));
        List<String> loops = List.of("closed", "open-100rps", "sequential");
        assertThat(rows).hasSize(CollapseVariant.values().length * loops.size());
        for (CollapseVariant variant : CollapseVariant.values()) {
            for (String loop : loops) {
                String[] row = rows.get(variant.label() + "|" + loop);
                assertThat(row).as(variant.label() + " " + loop).isNotNull().hasSize(11);
                double tps = Double.parseDouble(row[2]);
                double mean = Double.parseDouble(row[3]);
                double max = Double.parseDouble(row[7]);
                long errors = Long.parseLong(row[8]);
                double calls = Double.parseDouble(row[9]);
                double batch = Double.parseDouble(row[10]);
                assertThat(tps).as("tps of " + variant.label() + " " + loop).isPositive();
                assertThat(errors).as("errors of " + variant.label() + " " + loop).isZero();
                assertThat(mean).as("mean of " + variant.label() + " " + loop).isGreaterThanOrEqualTo(40.0).isLessThanOrEqualTo(max);
                // (no lower bound on calls/s: in so short a window a cold library's first calls may land after it)
                assertThat(calls).as("calls/s of " + variant.label() + " " + loop).isGreaterThanOrEqualTo(0.0);
                if (!variant.batched()) {
                    assertThat(batch).as("batch of " + variant.label() + " " + loop).isEqualTo(1.0);
                } else if (loop.equals("closed")) {
                    // ten users against a 40 ms downstream: every collapser batches
                    assertThat(calls).as("calls/s of " + variant.label() + " " + loop).isLessThan(tps);
                    assertThat(batch).as("batch of " + variant.label() + " " + loop).isGreaterThan(1.0);
                }
            }
        }
        Path[] folders;
        try (Stream<Path> list = Files.list(dir.resolve("results"))) {
            folders = list.toArray(Path[]::new);
        }
        assertThat(folders).hasSize(1);
        assertThat(folders[0].getFileName().toString()).isEqualTo("20250102-030405-collapse");
        assertThat(Files.readString(folders[0].resolve("collapse.csv"))).isEqualTo(Files.readString(csv));
        assertThat(Files.readString(folders[0].resolve("report.md"))).contains("- command: `test`").contains("| variant |");
        assertThat(Files.readString(folders[0].resolve("chart.html"))).contains("<svg");
        String table = out.toString(StandardCharsets.UTF_8);
        assertThat(Arrays.stream(CollapseVariant.values())).allSatisfy(v -> assertThat(table).contains("| " + v.label() + " |"));
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("[100%] done");
    }

    @Test
    void anUnknownExperimentOrABadOptionExitsWithTwoAndSaysWhy() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        LabEnvironment env = new LabEnvironment(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8),
                false, Path.of("unused"), Clock.systemUTC(), "test");
        assertThat(LabCommand.run(List.of("teleport"), env)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown experiment 'teleport'").contains("collapse");
        assertThat(LabCommand.run(List.of("collapse", "--users", "-3"), env)).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("firebreak lab collapse: --users must be an integer between 1 and 10000, was '-3'")
                .contains("usage: firebreak lab collapse");
    }
}
