package dev.firebreak.lab.experiment.tuning;

import dev.firebreak.lab.load.LatencySummary;
import dev.firebreak.lab.report.Table;
import java.util.List;

/**
 * One configuration under one user count.
 *
 * @param config the configuration
 * @param users concurrent users
 * @param latency the driver's figures (latency of successful calls; failures counted as errors)
 * @param advice the advisor's reading of the guard after the run (null without a guard)
 */
public record TuningRow(TuningConfig config, int users, LatencySummary latency, PoolAdvice advice) {

    /** The CSV header. */
    public static final List<String> CSV_HEADER = List.of("config", "users", "tps", "mean_ms", "p99_ms", "max_ms", "requests",
            "errors", "error_pct", "advised_core", "advised_max", "advised_queue", "advised_timeout_ms");

    /** Failed calls as a percentage of all. */
    public double errorPercent() {
        long all = latency.ok() + latency.errors();
        return all == 0 ? 0 : 100.0 * latency.errors() / all;
    }

    /** The CSV cells. */
    public List<String> cells() {
        return List.of(config.label(), Integer.toString(users), Table.number(latency.tps(), 1), Table.number(latency.meanMs(), 1),
                Table.number(latency.p99Ms(), 1), Table.number(latency.maxMs(), 1), Long.toString(latency.ok() + latency.errors()),
                Long.toString(latency.errors()), Table.number(errorPercent(), 2),
                advice == null ? "" : Integer.toString(advice.coreSize()), advice == null ? "" : Integer.toString(advice.maximumSize()),
                advice == null ? "" : Integer.toString(advice.maxQueueSize()), advice == null ? "" : Integer.toString(advice.timeoutMillis()));
    }
}
