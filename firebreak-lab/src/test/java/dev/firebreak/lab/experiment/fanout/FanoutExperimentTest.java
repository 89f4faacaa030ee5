package dev.firebreak.lab.experiment.fanout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.lab.cli.UsageException;
import dev.firebreak.lab.experiment.ExperimentHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fanout} end to end on real parts, tiny: 6 ids, 60 ms per call. No timing asserted. */
class FanoutExperimentTest {

    @Test
    void everyVariantAnswersEveryIdAndOnlyTheBlockingOnesHoldPlatformThreads(@TempDir Path dir) throws Exception {
        ExperimentHarness.Outcome outcome = ExperimentHarness.run(dir, List.of("fanout", "--ids", "6", "--delay-ms", "60",
                "--pool-threads", "4", "--csv", dir.resolve("copy.csv").toString()));
        assertThat(outcome.exit()).as(outcome.err()).isZero();
        List<String[]> lines = outcome.csv("fanout.csv");
        assertThat(lines.getFirst()).containsExactlyElementsOf(FanoutRow.CSV_HEADER);
        Map<String, String[]> rows = lines.stream().skip(1).collect(Collectors.toMap(c -> c[0], Function.identity()));
        assertThat(rows.keySet()).containsExactlyInAnyOrderElementsOf(FanoutVariant.labels());
        for (String[] row : rows.values()) {
            assertThat(row[4]).as("answered by " + row[0]).isEqualTo("6");
            assertThat(Double.parseDouble(row[3])).as("total of " + row[0]).isGreaterThanOrEqualTo(60.0);
            assertThat(row[10]).as("failure of " + row[0]).isEmpty();
        }
        assertThat(rows.get("sequential")[6]).isEqualTo("1");
        assertThat(rows.get("sequential")[5]).isEqualTo("6");
        assertThat(Integer.parseInt(rows.get("completable-future-100")[6])).isBetween(1, 4);
        for (String label : List.of("virtual-threads", "firebreak-submitAsync", "firebreak-collapsed")) {
            assertThat(rows.get(label)[6]).as("counted blocked platform threads of " + label).isEqualTo("0");
            assertThat(rows.get(label)[7]).as("sampled blocked platform threads of " + label).isEqualTo("0");
        }
        assertThat(rows.get("virtual-threads")[9]).isEqualTo("6");
        assertThat(Long.parseLong(rows.get("firebreak-collapsed")[5])).as("collapsed downstream calls").isBetween(1L, 6L);
        assertThat(Files.readString(dir.resolve("copy.csv"))).isEqualTo(Files.readString(outcome.folder().resolve("fanout.csv")));
        assertThat(Files.readString(outcome.folder().resolve("report.md"))).contains("- command: `test`").contains("load average");
        assertThat(Files.readString(outcome.folder().resolve("chart.html"))).contains("<svg");
        assertThat(outcome.out()).contains("| firebreak-collapsed |").contains("- firebreak-submitAsync:");
    }

    @Test
    void settingsParseTheirOptionsAndRejectBadValuesNamingThem() throws Exception {
        FanoutSettings quick = new FanoutExperiment().options(List.of("--quick"));
        assertThat(quick.delayMillis()).isEqualTo(500);
        assertThat(quick.ids()).isEqualTo(20);
        assertThat(quick.variants()).containsExactly(FanoutVariant.values());
        FanoutSettings full = new FanoutExperiment().options(List.of("--variants", "sequential,firebreak-collapsed", "--ids=5"));
        assertThat(full.delayMillis()).isEqualTo(2000);
        assertThat(full.ids()).isEqualTo(5);
        assertThat(full.variants()).containsExactly(FanoutVariant.SEQUENTIAL, FanoutVariant.COLLAPSED);
        assertThatThrownBy(() -> new FanoutExperiment().options(List.of("--ids", "0")))
                .isInstanceOf(UsageException.class).hasMessageContaining("--ids").hasMessageContaining("'0'");
        assertThatThrownBy(() -> new FanoutExperiment().options(List.of("--variants", "threads")))
                .isInstanceOf(UsageException.class).hasMessageContaining("'threads'");
    }
}
