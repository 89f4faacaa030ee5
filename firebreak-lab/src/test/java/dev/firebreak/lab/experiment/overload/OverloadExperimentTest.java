package dev.firebreak.lab.experiment.overload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.lab.experiment.ExperimentHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code overload} end to end on real parts, tiny: a downstream of 4 at 50 ms, every variant and phase,
 * very short windows. Checks every row is there, consistent and written; asserts no timing.
 */
class OverloadExperimentTest {

    @Test
    void everyVariantAndPhaseHasARowAndTheOutputsAreWritten(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("copy.csv");
        ExperimentHarness.Outcome outcome = ExperimentHarness.run(dir, List.of("overload", "--quick", "--capacity", "4", "--latency-ms",
                "50", "--warmup-s", "0.1", "--calibrate-s", "0.3", "--step-s", "0.2", "--step-lead-s", "0.05", "--base-s", "0.2", "--drop-s", "0.6",
                "--recover-s", "0.6", "--hold-s", "0.2", "--timeout-ms", "500", "--csv", csv.toString()));
        assertThat(outcome.exit()).as(outcome.err()).isZero();

        List<String[]> lines = outcome.csv("overload.csv");
        assertThat(String.join(",", lines.getFirst())).isEqualTo(String.join(",", PhaseFigures.CSV_HEADER));
        List<String[]> rows = lines.subList(1, lines.size());
        assertThat(rows).hasSize(OverloadVariant.values().length * OverloadPlan.PHASES.size());
        for (int v = 0; v < OverloadVariant.values().length; v++) {
            OverloadVariant variant = OverloadVariant.values()[v];
            for (int p = 0; p < OverloadPlan.PHASES.size(); p++) {
                String[] row = rows.get(v * OverloadPlan.PHASES.size() + p);
                String what = variant.label() + " " + OverloadPlan.PHASES.get(p);
                assertThat(row[0]).as(what).isEqualTo(variant.label());
                assertThat(row[1]).as(what).isEqualTo(OverloadPlan.PHASES.get(p));
                double offered = Double.parseDouble(row[2]);
                double capacity = Double.parseDouble(row[3]);
                double goodput = Double.parseDouble(row[4]);
                double rejected = Double.parseDouble(row[7]);
                double errors = Double.parseDouble(row[8]);
                assertThat(capacity).as(what).isEqualTo(row[1].equals("drop") ? 40.0 : 80.0);
                assertThat(offered).as(what).isPositive();
                assertThat(goodput + rejected + errors).as("every request at most once: " + what).isLessThanOrEqualTo(offered + 1e-6);
                assertThat(row[9].isEmpty()).as("limit of " + what).isEqualTo(variant == OverloadVariant.UNPROTECTED);
            }
        }
        assertThat(Files.readString(csv)).isEqualTo(Files.readString(outcome.folder().resolve("overload.csv")));
        String report = Files.readString(outcome.folder().resolve("report.md"));
        assertThat(report).contains("- command: `test`").contains("load average").contains("## Settling after the capacity changes")
                .contains("## Goals").contains("Seed 003's sizes");
        assertThat(Files.readString(outcome.folder().resolve("chart.html"))).contains("<svg").contains("Goodput against offered load");
        assertThat(Files.readString(outcome.folder().resolve("goodput.svg"))).startsWith("<svg");
        assertThat(Files.readString(outcome.folder().resolve("p99.svg"))).startsWith("<svg");
        assertThat(Arrays.stream(OverloadVariant.values())).allSatisfy(v -> assertThat(outcome.out()).contains("| " + v.label() + " |"));
    }
}
