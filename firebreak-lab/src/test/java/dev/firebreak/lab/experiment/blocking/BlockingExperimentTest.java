package dev.firebreak.lab.experiment.blocking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.lab.cli.UsageException;
import dev.firebreak.lab.experiment.ExperimentHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code blocking} end to end, in-process and tiny: 5 and 20 users, 2 requests each, a 30 ms downstream. */
class BlockingExperimentTest {

    @Test
    void everyStackAndUserCountHasASaneRow(@TempDir Path dir) throws Exception {
        ExperimentHarness.Outcome outcome = ExperimentHarness.run(dir, List.of("blocking", "--users", "5,20", "--repetitions", "2",
                "--think-ms", "10-20", "--delay-ms", "30", "--ramp-s", "0.1", "--service", "in-process"));
        assertThat(outcome.exit()).as(outcome.err()).isZero();
        List<String[]> lines = outcome.csv("blocking.csv");
        assertThat(lines.getFirst()).containsExactlyElementsOf(BlockingRow.CSV_HEADER);
        assertThat(lines).hasSize(1 + 3 * 2);
        for (String[] row : lines.subList(1, lines.size())) {
            int users = Integer.parseInt(row[1]);
            assertThat(row[2]).as("requests of " + row[0]).isEqualTo(Integer.toString(users * 2));
            assertThat(row[3]).as("errors of " + row[0]).isEqualTo("0");
            assertThat(Double.parseDouble(row[5])).as("mean of " + row[0]).isGreaterThanOrEqualTo(30.0);
            assertThat(Double.parseDouble(row[7])).as("p95 of " + row[0]).isLessThanOrEqualTo(Double.parseDouble(row[9]));
        }
        assertThat(lines.stream().skip(1).map(r -> r[0]).distinct()).containsExactlyElementsOf(BlockingStack.labels());
        assertThat(Files.readString(outcome.folder().resolve("report.md"))).contains("load average").contains("Reactor Netty");
        assertThat(Files.readString(outcome.folder().resolve("chart.html"))).contains("<svg");
        assertThat(outcome.out()).contains("| netty-nonblocking |");
    }

    @Test
    void settingsParseAndRejectBadValues() throws Exception {
        BlockingSettings full = new BlockingExperiment().options(List.of());
        assertThat(full.users()).containsExactly(300, 1000, 1500, 3000, 5000, 10_000);
        assertThat(full.repetitions()).isEqualTo(30);
        assertThat(full.think().min().toMillis()).isEqualTo(1000);
        assertThat(full.think().max().toMillis()).isEqualTo(2000);
        assertThat(full.inChild()).isTrue();
        BlockingSettings quick = new BlockingExperiment().options(List.of("--quick", "--users", "50,10,50"));
        assertThat(quick.users()).containsExactly(10, 50);
        assertThat(quick.repetitions()).isEqualTo(1);
        assertThatThrownBy(() -> new BlockingExperiment().options(List.of("--service", "remote"))).isInstanceOf(UsageException.class).hasMessageContaining("'remote'");
        assertThatThrownBy(() -> new BlockingExperiment().options(List.of("--users", "0"))).isInstanceOf(UsageException.class).hasMessageContaining("--users item '0'");
    }
}
