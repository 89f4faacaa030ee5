package dev.firebreak.lab.experiment.blocking;

import dev.firebreak.lab.load.LatencySummary;
import dev.firebreak.lab.report.Table;
import java.util.List;

/**
 * One stack under one user count.
 *
 * @param stack the stack
 * @param users concurrent users
 * @param delayMillis the downstream's delay
 * @param latency the driver's figures
 * @param drained every answer arrived within the bound
 */
public record BlockingRow(BlockingStack stack, int users, int delayMillis, LatencySummary latency, boolean drained) {

    /** The CSV header. */
    public static final List<String> CSV_HEADER = List.of("stack", "users", "requests", "errors", "tps", "mean_ms", "p50_ms",
            "p95_ms", "p99_ms", "max_ms", "added_mean_ms", "p95_over_delay");

    /** The CSV cells. */
    public List<String> cells() {
        return List.of(stack.label(), Integer.toString(users), Long.toString(latency.ok() + latency.errors()),
                Long.toString(latency.errors()), Table.number(latency.tps(), 1), Table.number(latency.meanMs(), 1),
                Table.number(latency.p50Ms(), 1), Table.number(latency.p95Ms(), 1), Table.number(latency.p99Ms(), 1),
                Table.number(latency.maxMs(), 1), Table.number(latency.addedMeanMs(), 1), Table.number(p95OverDelay(), 3));
    }

    /** p95 over the downstream's delay: 1.04 is the seed's 312 ms at 300 ms. */
    public double p95OverDelay() {
        return latency.p95Ms() / delayMillis;
    }
}
