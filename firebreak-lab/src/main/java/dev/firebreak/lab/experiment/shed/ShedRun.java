package dev.firebreak.lab.experiment.shed;

import dev.firebreak.context.Criticality;
import dev.firebreak.lab.experiment.overload.PhaseFigures;
import dev.firebreak.lab.experiment.overload.SeedSizing;
import java.util.List;

/**
 * Everything one variant's two runs measured: per phase, a row per criticality then the totals row.
 *
 * @param variant the variant
 * @param rows its rows, phase by phase in {@code x0.5 .. recover} order
 * @param sizing the static sizes every variant of the run was given
 */
public record ShedRun(ShedVariant variant, List<ShedRow> rows, SeedSizing sizing) {

    /** Copies the rows. */
    public ShedRun {
        rows = List.copyOf(rows);
    }

    /** The figures of {@code phase} at {@code level}, or null. */
    public PhaseFigures at(String phase, Criticality level) {
        return find(phase, level.name());
    }

    /** The totals of {@code phase}, or null. */
    public PhaseFigures total(String phase) {
        return find(phase, ShedRow.ALL);
    }

    private PhaseFigures find(String phase, String criticality) {
        return rows.stream().filter(r -> r.phase().equals(phase) && r.criticality().equals(criticality)).map(ShedRow::figures)
                .findFirst().orElse(null);
    }
}
