package dev.firebreak.lab.experiment.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.lab.experiment.ExperimentHarness;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet experiment: its CSV is the issue's, its goals say MET or NOT MET as measured, and a short run
 * on the real servers (JVMs of its own for the instances) gives every row, each within what the limiters
 * can admit.
 */
class FleetExperimentTest {

    @Test
    void theCsvHeaderIsExactlyTheIssues() {
        assertThat(String.join(",", FleetRow.HEADER)).isEqualTo("part,variant,phase,instances,offered_rps,admitted_rps,"
                + "target_rps,error_pct,p50_ms,p99_ms,apply_p50_ms,apply_p99_ms");
        assertThat(FleetRow.propagation("etcd", 10, 40, 90).cells()).containsExactly("propagation", "etcd", "propagate",
                "10", "", "", "", "", "", "", "40.0", "90.0");
    }

    @Test
    void goalsAreReportedAsMeasured() {
        assertThat(FleetGoals.lines(rows(310, 0.5, 200), 10)).hasSize(10).allMatch(line -> line.endsWith("-> MET"));

        assertThat(FleetGoals.lines(rows(400, 0.5, 200), 10)).filteredOn(line -> line.contains("the shared limit admitted"))
                .hasSize(3).allMatch(line -> line.endsWith("NOT MET")); // 33 % over the quota
        assertThat(FleetGoals.lines(rows(310, 2.5, 200), 10)).filteredOn(line -> line.contains("p99 of a guarded call"))
                .singleElement().asString().endsWith("NOT MET");
        assertThat(FleetGoals.lines(rows(310, 0.5, 1_400), 10)).filteredOn(line -> line.startsWith("- propagation"))
                .hasSize(2).allMatch(line -> line.endsWith("NOT MET"));
    }

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void aQuickRunOnRealServersHasEveryRow(@TempDir Path dir) throws Exception {
        Optional<String> missing = FleetExperiment.missingServers();
        if (missing.isPresent()) {
            String reason = "the fleet experiment's run is SKIPPED: " + missing.get();
            System.err.println("*** " + reason);
            Assumptions.abort(reason);
        }
        ExperimentHarness.Outcome outcome = ExperimentHarness.run(dir, List.of("fleet", "--quick", "--repeats", "3",
                "--phase-s", "1.5", "--warmup-s", "1"));
        assertThat(outcome.exit()).as(outcome.err()).isZero();

        List<String[]> lines = outcome.csv("fleet.csv");
        assertThat(String.join(",", lines.getFirst())).isEqualTo(String.join(",", FleetRow.HEADER));
        List<String> keys = lines.subList(1, lines.size()).stream().map(r -> r[0] + " " + r[1] + " " + r[2] + " " + r[3]).toList();
        assertThat(keys).containsExactly("propagation zookeeper propagate 3", "propagation etcd propagate 3",
                "quota local steady 3", "quota local join 4", "quota local leave 3",
                "quota shared steady 3", "quota shared join 4", "quota shared leave 3", "quota shared redis-down 3",
                "quota shared redis-back 3",
                "quota sentinel steady 3", "quota sentinel join 4", "quota sentinel leave 3");
        for (String[] row : lines.subList(1, lines.size())) {
            String what = String.join(" ", row);
            if (row[0].equals("propagation")) {
                assertThat(Double.parseDouble(row[10])).as(what).isPositive().isLessThanOrEqualTo(Double.parseDouble(row[11]));
                assertThat(row[4] + row[5] + row[6] + row[7] + row[8] + row[9]).as(what).isEmpty();
                continue;
            }
            double offered = Double.parseDouble(row[4]);
            double admitted = Double.parseDouble(row[5]);
            assertThat(offered).as(what).isBetween(500.0, 1_500.0); // 1,000/s split over the instances, 1.5 s phases
            assertThat(admitted).as(what).isPositive().isLessThan(offered);
            if (row[1].equals("shared") && !row[2].startsWith("redis")) {
                // The bucket's bound over a 1.5 s phase: rate x 1.5 s + burst (30) + a lease (60) per instance (4).
                assertThat(admitted * 1.5).as(what).isLessThanOrEqualTo(300 * 1.5 + 30 + 4 * 60);
            }
            assertThat(row[10] + row[11]).as(what).isEmpty();
        }
        assertThat(outcome.out()).contains("- propagation, zookeeper, 3 instances: p99", "- join: |error| shared");
    }

    /** A full run's rows: the shared limit admitting {@code admitted}/s at p99 {@code p99Ms}; propagation p99 {@code applyMs}. */
    private static List<FleetRow> rows(double admitted, double p99Ms, double applyMs) {
        List<FleetRow> rows = new ArrayList<>();
        for (String store : List.of("zookeeper", "etcd")) {
            rows.add(FleetRow.propagation(store, 10, applyMs / 2, applyMs));
        }
        for (String phase : List.of("steady", "join", "leave", "redis-down", "redis-back")) {
            boolean down = phase.equals("redis-down");
            rows.add(FleetRow.quota("shared", phase, 3, 1_000, down ? 300 : admitted, 300, 0.02, down ? 5 : p99Ms, 3));
        }
        for (String phase : List.of("steady", "join", "leave")) {
            rows.add(FleetRow.quota("local", phase, 3, 1_000, 400, 300, 0.02, 0.1, 1));
            rows.add(FleetRow.quota("sentinel", phase, 3, 1_000, 390, 300, 0.5, 10, 20));
        }
        return rows;
    }
}
