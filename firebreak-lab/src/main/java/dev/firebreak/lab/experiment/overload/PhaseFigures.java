package dev.firebreak.lab.experiment.overload;

import dev.firebreak.lab.report.Table;
import java.util.List;

/**
 * One row of the overload experiment: a variant's figures over one phase's window. Rates are per
 * second of the window; latencies are of successful requests, from each request's intended start.
 *
 * @param variant the variant's label
 * @param phase {@code x0.5} ... {@code x10}, {@code drop} or {@code recover}
 * @param offeredRps requests meant to start in the window, per second
 * @param capacityRps the downstream's capacity in the window (workers / base latency)
 * @param goodputRps successful answers within the SLO (2 x base latency), per second
 * @param p50Ms median latency of successful answers (NaN if none)
 * @param p99Ms 99th percentile of successful answers (NaN if none)
 * @param p995Ms 99.5th percentile of successful answers (NaN if none; not in the CSV)
 * @param rejectedRps refusals of the protection, per second
 * @param errorsRps failures (timeouts, transport errors, and answers still missing after the drain bound), per second
 * @param limitMean the mean of the limit sampled during the window (NaN when the variant has none)
 * @param issued requests meant to start in the window
 * @param ok successful answers
 * @param unfinished requests still unanswered when the run gave up waiting (counted in errors)
 */
public record PhaseFigures(String variant, String phase, double offeredRps, double capacityRps, double goodputRps, double p50Ms,
        double p99Ms, double p995Ms, double rejectedRps, double errorsRps, double limitMean, long issued, long ok, long unfinished) {

    /** The CSV's columns, exactly. */
    public static final List<String> CSV_HEADER = List.of("variant", "phase", "offered_rps", "capacity_rps", "goodput_rps", "p50_ms",
            "p99_ms", "rejected_rps", "errors_rps", "limit_mean");

    /** The CSV cells, in {@link #CSV_HEADER}'s order. */
    public List<String> cells() {
        return List.of(variant, phase, Table.number(offeredRps, 1), Table.number(capacityRps, 1), Table.number(goodputRps, 1),
                Table.number(p50Ms, 1), Table.number(p99Ms, 1), Table.number(rejectedRps, 1), Table.number(errorsRps, 1),
                Table.number(limitMean, 1));
    }
}
