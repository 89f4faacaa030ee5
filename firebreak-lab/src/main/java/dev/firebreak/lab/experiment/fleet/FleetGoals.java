package dev.firebreak.lab.experiment.fleet;

import dev.firebreak.lab.report.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The goals, as one run measured them: each line ends MET or NOT MET (or says what is missing). */
final class FleetGoals {

    /** The shared limit's Redis timeout (its default): a call that waited on Redis would take at least this. */
    static final double REDIS_TIMEOUT_MS = 50;

    private FleetGoals() {
    }

    static List<String> lines(List<FleetRow> rows, int largestFleet) {
        List<String> lines = new ArrayList<>();
        for (String store : List.of("zookeeper", "etcd")) {
            find(rows, "propagation", store, "propagate", largestFleet).ifPresent(row -> lines.add("- propagation, " + store
                    + ", " + largestFleet + " instances: p99 " + Table.number(row.applyP99Ms(), 1)
                    + " ms until every instance applied a change (goal <= 1000 ms at N = 10"
                    + (largestFleet < 10 ? "; this run's largest fleet is " + largestFleet : "") + ") -> "
                    + verdict(row.applyP99Ms() <= 1000)));
        }
        accuracy(lines, rows, "steady", 5);
        accuracy(lines, rows, "join", 15);
        accuracy(lines, rows, "leave", 15);
        find(rows, "quota", "shared", "redis-down", -1).ifPresent(down -> {
            lines.add("- redis-down: the fleet admitted " + Table.number(down.admittedRps(), 1) + "/s, "
                    + Table.number(down.admittedRps() / down.targetRps(), 3) + "x the quota (goal <= 1.2x) -> "
                    + verdict(down.admittedRps() <= 1.2 * down.targetRps()));
            lines.add("- redis-down: the longest call took " + Table.number(down.maxMs(), 3) + " ms; no call waits for Redis"
                    + " (a call that waited would take its " + Table.number(REDIS_TIMEOUT_MS, 0) + " ms timeout) -> "
                    + verdict(down.maxMs() < REDIS_TIMEOUT_MS));
        });
        double worstP99 = rows.stream().filter(r -> r.variant().equals("shared") && !r.phase().equals("redis-down"))
                .mapToDouble(FleetRow::p99Ms).max().orElse(Double.NaN);
        lines.add("- shared, Redis up: p99 of a guarded call at most " + Table.number(worstP99, 3)
                + " ms over the phases (goal <= 1 ms) -> " + verdict(worstP99 <= 1));
        for (String phase : List.of("join", "leave")) {
            Optional<FleetRow> shared = find(rows, "quota", "shared", phase, -1);
            Optional<FleetRow> local = find(rows, "quota", "local", phase, -1);
            Optional<FleetRow> sentinel = find(rows, "quota", "sentinel", phase, -1);
            if (shared.isPresent() && local.isPresent() && sentinel.isPresent()) {
                double s = Math.abs(shared.get().errorPct());
                double l = Math.abs(local.get().errorPct());
                double p = Math.abs(sentinel.get().errorPct());
                lines.add("- " + phase + ": |error| shared " + Table.number(s, 2) + " %, local " + Table.number(l, 2)
                        + " %, sentinel " + Table.number(p, 2) + " % (goal: shared the most accurate) -> "
                        + verdict(s < l && s < p));
            }
        }
        return lines;
    }

    private static void accuracy(List<String> lines, List<FleetRow> rows, String phase, double goalPct) {
        find(rows, "quota", "shared", phase, -1).ifPresent(row -> lines.add("- " + phase + ": the shared limit admitted "
                + Table.number(row.admittedRps(), 1) + "/s against a quota of " + Table.number(row.targetRps(), 0) + " ("
                + Table.number(row.errorPct(), 2) + " %; goal within " + Table.number(goalPct, 0) + " %) -> "
                + verdict(Math.abs(row.errorPct()) <= goalPct)));
    }

    static Optional<FleetRow> find(List<FleetRow> rows, String part, String variant, String phase, int instances) {
        return rows.stream().filter(r -> r.part().equals(part) && r.variant().equals(variant) && r.phase().equals(phase)
                && (instances < 0 || r.instances() == instances)).findFirst();
    }

    private static String verdict(boolean met) {
        return met ? "MET" : "NOT MET";
    }
}
