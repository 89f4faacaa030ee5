package dev.firebreak.lab.experiment.tuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.lab.cli.UsageException;
import dev.firebreak.lab.experiment.ExperimentHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tuning} end to end, tiny: 20 users, a 20-worker service of 20 ms, short windows. No timing asserted. */
class TuningExperimentTest {

    @Test
    void everyConfigurationAndUserCountHasARowAndGuardedRowsHaveAdvice(@TempDir Path dir) throws Exception {
        ExperimentHarness.Outcome outcome = ExperimentHarness.run(dir, List.of("tuning", "--users", "10,20", "--workers", "20",
                "--service-ms", "20", "--warmup-s", "0.3", "--measure-s", "0.6",
                "--configs", "unguarded,thread-seed-littles-law,virtual-firebreak"));
        assertThat(outcome.exit()).as(outcome.err()).isZero();
        List<String[]> lines = outcome.csv("tuning.csv");
        assertThat(lines.getFirst()).containsExactlyElementsOf(TuningRow.CSV_HEADER);
        assertThat(lines).hasSize(1 + 2 * 3);
        for (String[] row : lines.subList(1, lines.size())) {
            assertThat(Double.parseDouble(row[2])).as("tps of " + row[0]).isPositive();
            assertThat(Double.parseDouble(row[3])).as("mean of " + row[0]).isGreaterThanOrEqualTo(20.0);
            assertThat(row[7]).as("errors of " + row[0] + " (20 ms calls never reach the 700 ms timeout)").isEqualTo("0");
            if (row[0].equals("unguarded")) {
                assertThat(row[9]).isEmpty();
            } else {
                assertThat(Integer.parseInt(row[9])).as("advised core of " + row[0]).isGreaterThanOrEqualTo(10);
                assertThat(Integer.parseInt(row[10])).isGreaterThanOrEqualTo(Integer.parseInt(row[9]));
            }
        }
        assertThat(outcome.out()).contains("Pool advisor").contains("- 20 users: coreSize");
        assertThat(Files.readString(outcome.folder().resolve("report.md"))).contains("load average").contains("thread-seed-littles-law");
        assertThat(Files.readString(outcome.folder().resolve("chart.html"))).contains("<svg");
    }

    @Test
    void settingsParseAndRejectBadValues() throws Exception {
        TuningSettings quick = new TuningExperiment().options(List.of("--quick"));
        assertThat(quick.users()).containsExactly(200, 300, 400);
        assertThat(quick.configs()).containsExactly(TuningConfig.values());
        assertThat(quick.measure().toMillis()).isEqualTo(1000);
        assertThatThrownBy(() -> new TuningExperiment().options(List.of("--users", "200,x")))
                .isInstanceOf(UsageException.class).hasMessageContaining("--users item 'x'");
        assertThatThrownBy(() -> new TuningExperiment().options(List.of("--service-ms", "slow")))
                .isInstanceOf(UsageException.class).hasMessageContaining("--service-ms");
    }
}
