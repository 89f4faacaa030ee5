package dev.firebreak.lab.experiment.shed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.context.Criticality;
import dev.firebreak.lab.experiment.ExperimentHarness;
import dev.firebreak.lab.experiment.overload.OverloadPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code shed} end to end on real parts, tiny: a downstream of 4 at 50 ms, every variant and phase, very
 * short windows. Checks the CSV's columns, that every variant, phase and level has its row, that the
 * figures are consistent, and that the outputs are written; asserts no timing.
 */
class ShedExperimentTest {

    @Test
    void everyVariantPhaseAndLevelHasARowAndTheOutputsAreWritten(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("copy.csv");
        ExperimentHarness.Outcome outcome = ExperimentHarness.run(dir, List.of("shed", "--quick", "--capacity", "4", "--latency-ms", "50",
                "--warmup-s", "0.1", "--calibrate-s", "0.3", "--step-s", "0.3", "--step-lead-s", "0.05", "--base-s", "0.2", "--drop-grace-s",
                "0.2", "--drop-s", "0.4", "--recover-s", "0.4", "--timeout-ms", "500", "--csv", csv.toString()));
        assertThat(outcome.exit()).as(outcome.err()).isZero();

        List<String[]> lines = outcome.csv("shed.csv");
        assertThat(String.join(",", lines.getFirst()))
                .isEqualTo("variant,phase,criticality,offered_rps,capacity_rps,goodput_rps,p50_ms,p99_ms,rejected_rps");
        List<String[]> rows = lines.subList(1, lines.size());
        List<String> levels = new ArrayList<>(Arrays.stream(Criticality.values()).map(Enum::name).toList());
        levels.add("ALL");
        assertThat(rows).hasSize(ShedVariant.values().length * OverloadPlan.PHASES.size() * levels.size());
        int i = 0;
        for (ShedVariant variant : ShedVariant.values()) {
            for (String phase : OverloadPlan.PHASES) {
                double offered = 0;
                double goodput = 0;
                double rejected = 0;
                for (String level : levels) {
                    String[] row = rows.get(i++);
                    String what = variant.label() + " " + phase + " " + level;
                    assertThat(List.of(row[0], row[1], row[2])).as(what).containsExactly(variant.label(), phase, level);
                    double rowOffered = Double.parseDouble(row[3]);
                    double rowGoodput = Double.parseDouble(row[5]);
                    double rowRejected = Double.parseDouble(row[8]);
                    assertThat(Double.parseDouble(row[4])).as(what).isEqualTo(phase.equals("drop") ? 40.0 : 80.0);
                    // each figure is rounded to 0.1: two of them may add up to 0.1 more than their exact sum
                    assertThat(rowGoodput + rowRejected).as("every request at most once: " + what).isLessThanOrEqualTo(rowOffered + 0.1 + 1e-6);
                    if (!row[7].isEmpty()) {
                        assertThat(Double.parseDouble(row[7])).as(what).isGreaterThanOrEqualTo(Double.parseDouble(row[6]));
                    }
                    if (level.equals("ALL")) {
                        assertThat(rowOffered).as(what).isPositive().isCloseTo(offered, org.assertj.core.data.Offset.offset(0.3));
                        assertThat(rowGoodput).as(what).isCloseTo(goodput, org.assertj.core.data.Offset.offset(0.3));
                        assertThat(rowRejected).as(what).isCloseTo(rejected, org.assertj.core.data.Offset.offset(0.3));
                        if (variant == ShedVariant.NONE) {
                            assertThat(rowRejected).as("nothing refuses: " + what).isZero();
                        }
                    } else {
                        offered += rowOffered;
                        goodput += rowGoodput;
                        rejected += rowRejected;
                    }
                }
            }
        }
        assertThat(Files.readString(csv)).isEqualTo(Files.readString(outcome.folder().resolve("shed.csv")));
        String report = Files.readString(outcome.folder().resolve("report.md"));
        assertThat(report).contains("- command: `test`").contains("load average").contains("## Goals").contains("Seed 003's sizes")
                .contains("firebreak-priority vs concurrency-limits at every load step").contains("- issue 38 (firebreak-priority");
        assertThat(Files.readString(outcome.folder().resolve("chart.html"))).contains("<svg").contains("Critical goodput against offered load");
        assertThat(Files.readString(outcome.folder().resolve("critical-p99.svg"))).startsWith("<svg");
        assertThat(Arrays.stream(ShedVariant.values())).allSatisfy(v -> assertThat(outcome.out()).contains("| " + v.label() + " |"));
    }
}
