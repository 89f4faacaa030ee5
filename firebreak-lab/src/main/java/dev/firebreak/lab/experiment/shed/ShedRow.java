package dev.firebreak.lab.experiment.shed;

import dev.firebreak.lab.experiment.overload.PhaseFigures;
import dev.firebreak.lab.report.Table;
import java.util.List;

/**
 * One row of the shed experiment: a variant's figures over one phase's window for one criticality, or
 * for all of them ({@link #ALL}). Rates are per second of the window; latencies are of successful
 * (admitted and answered) requests from each request's intended start; goodput counts successful answers
 * within the SLO of 2 x the base latency.
 *
 * @param criticality the level's name, or {@link #ALL}
 * @param figures the figures (its variant and phase are the row's)
 */
public record ShedRow(String criticality, PhaseFigures figures) {

    /** The totals row's criticality. */
    public static final String ALL = "ALL";

    /** The CSV's columns, exactly. */
    public static final List<String> CSV_HEADER = List.of("variant", "phase", "criticality", "offered_rps", "capacity_rps", "goodput_rps",
            "p50_ms", "p99_ms", "rejected_rps");

    /** The variant's label. */
    public String variant() {
        return figures.variant();
    }

    /** The phase. */
    public String phase() {
        return figures.phase();
    }

    /** The CSV cells, in {@link #CSV_HEADER}'s order. */
    public List<String> cells() {
        return List.of(figures.variant(), figures.phase(), criticality, Table.number(figures.offeredRps(), 1),
                Table.number(figures.capacityRps(), 1), Table.number(figures.goodputRps(), 1), Table.number(figures.p50Ms(), 1),
                Table.number(figures.p99Ms(), 1), Table.number(figures.rejectedRps(), 1));
    }
}
