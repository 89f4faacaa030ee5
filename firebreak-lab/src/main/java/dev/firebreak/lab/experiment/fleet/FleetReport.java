package dev.firebreak.lab.experiment.fleet;

import dev.firebreak.lab.experiment.RunRecord;
import dev.firebreak.lab.report.LineChart;
import dev.firebreak.lab.report.Table;
import java.util.ArrayList;
import java.util.List;

/** The fleet experiment's {@code report.md} and chart. */
final class FleetReport {

    private static final List<String> PHASES = List.of("steady", "join", "leave", "redis-down", "redis-back");

    private FleetReport() {
    }

    static String markdown(RunRecord record, Table table, List<FleetRow> rows, List<String> goals, List<String> modes,
            FleetSettings settings) {
        StringBuilder text = new StringBuilder("# Firebreak lab: fleet\n\n").append(record.toMarkdown()).append('\n');
        text.append("Every instance is a JVM of its own on this host, started by the experiment with the lab's class path; ")
                .append("the servers are Debian's zookeeper, etcd-server and redis-server on loopback ports.\n\n")
                .append("**Propagation.** N instances each build a registry whose live configuration watches the store (no poll), ")
                .append("then the experiment writes a new value of a live guard key ").append(settings.repeats())
                .append(" times; a figure is the time from just before a write until the last instance applied it to its ")
                .append("guard (each instance stamps the apply with the host's monotonic clock). p99 is the nearest rank.\n\n")
                .append("**Quota.** ").append(Table.number(settings.offered(), 0)).append(" calls/s offered to the fleet, split ")
                .append("evenly over the live instances, against a quota of ").append(settings.quota())
                .append("/s. Phases of ").append(settings.phase().toMillis()).append(" ms after a warm-up of ")
                .append(settings.warmup().toMillis()).append(" ms: `steady` (3 instances), `join` (a fourth starts), ")
                .append("`leave` (instance 1 of the first three exits), and for `shared` `redis-down` (Redis killed) and ")
                .append("`redis-back` (Redis restarted, empty). `error_pct` is the admitted rate's signed distance from the ")
                .append("quota; p50 and p99 time one call through the limiter.\n\n")
                .append("- `local`: a token bucket per instance at the quota divided by the instances it knew of when it ")
                .append("started (the joining instance takes a quarter, the first three a third).\n")
                .append("- `shared`: `SharedRateLimit` on Redis with its defaults (leases of 200 ms, Redis timeout 50 ms, ")
                .append("a local share while Redis is away), its Lettuce client reconnecting every 100 ms.\n")
                .append("- `sentinel`: Sentinel 1.8.9's cluster flow control, a global threshold of the quota, the token ")
                .append("server embedded in instance 0, the others its clients (one token request a call); Sentinel's defaults.\n\n");
        text.append(table.toMarkdown()).append("\n## Goals\n\n").append(String.join("\n", goals)).append('\n');
        text.append("\n## Limiter modes at each phase's end\n\n");
        for (String mode : modes) {
            text.append("- ").append(mode).append('\n');
        }
        text.append("\nThe longest call in each quota phase, ms: ");
        List<String> longest = new ArrayList<>();
        for (FleetRow row : rows) {
            if (row.part().equals("quota")) {
                longest.add(row.variant() + " " + row.phase() + " " + Table.number(row.maxMs(), 2));
            }
        }
        text.append(String.join("; ", longest)).append(".\n");
        return text.toString();
    }

    static String chart(List<FleetRow> rows, int quota) {
        List<LineChart.Point> points = new ArrayList<>();
        for (FleetRow row : rows) {
            if (row.part().equals("quota")) {
                points.add(new LineChart.Point(row.variant(), PHASES.indexOf(row.phase()) + 1, row.admittedRps()));
            }
        }
        return LineChart.html("Firebreak lab: fleet quota", "Calls the fleet admitted a second (y) in each phase (x: 1 steady, "
                + "2 join, 3 leave, 4 redis-down, 5 redis-back), one line per limiter. The dashed line is the quota.",
                "phase (1 steady, 2 join, 3 leave, 4 redis-down, 5 redis-back)", "admitted calls/s", false, quota,
                "quota: " + quota, points);
    }
}
