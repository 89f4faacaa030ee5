package dev.firebreak.lab.experiment.fleet;

import dev.firebreak.lab.report.Table;
import java.util.List;

/**
 * One row of the fleet experiment's CSV. A propagation row fills {@code apply_p50_ms} and
 * {@code apply_p99_ms}; a quota row the rates, the error and the call latencies; cells that do not
 * apply are empty (NaN here). {@code error_pct} is the admitted rate's signed distance from the quota,
 * in percent of it.
 *
 * @param part {@code propagation} or {@code quota}
 * @param variant the store ({@code zookeeper}, {@code etcd}) or the limiter ({@code local}, {@code shared}, {@code sentinel})
 * @param phase {@code propagate}, {@code steady}, {@code join}, {@code leave}, {@code redis-down} or {@code redis-back}
 * @param instances the fleet's size in the phase (at its end)
 * @param offeredRps calls offered to the fleet a second
 * @param admittedRps calls the fleet's limiters admitted a second
 * @param targetRps the quota
 * @param p50Ms median time of a call through the limiter
 * @param p99Ms its 99th percentile
 * @param applyP50Ms median time from a write to the store until every instance applied it
 * @param applyP99Ms its 99th percentile
 * @param maxMs the longest call through the limiter (the report's, not the CSV's)
 */
record FleetRow(String part, String variant, String phase, int instances, double offeredRps, double admittedRps,
        double targetRps, double p50Ms, double p99Ms, double applyP50Ms, double applyP99Ms, double maxMs) {

    /** The CSV header, exactly as the issue asks. */
    static final List<String> HEADER = List.of("part", "variant", "phase", "instances", "offered_rps", "admitted_rps",
            "target_rps", "error_pct", "p50_ms", "p99_ms", "apply_p50_ms", "apply_p99_ms");

    static FleetRow propagation(String store, int instances, double applyP50Ms, double applyP99Ms) {
        return new FleetRow("propagation", store, "propagate", instances, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, applyP50Ms, applyP99Ms, Double.NaN);
    }

    static FleetRow quota(String variant, String phase, int instances, double offeredRps, double admittedRps,
            double targetRps, double p50Ms, double p99Ms, double maxMs) {
        return new FleetRow("quota", variant, phase, instances, offeredRps, admittedRps, targetRps, p50Ms, p99Ms,
                Double.NaN, Double.NaN, maxMs);
    }

    /** The admitted rate's signed distance from the quota, in percent of it (NaN for a propagation row). */
    double errorPct() {
        return (admittedRps - targetRps) / targetRps * 100;
    }

    List<String> cells() {
        return List.of(part, variant, phase, Integer.toString(instances), Table.number(offeredRps, 1),
                Table.number(admittedRps, 1), Table.number(targetRps, 0), Table.number(errorPct(), 2),
                Table.number(p50Ms, 3), Table.number(p99Ms, 3), Table.number(applyP50Ms, 1), Table.number(applyP99Ms, 1));
    }
}
