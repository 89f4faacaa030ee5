package dev.firebreak.lab.experiment.overload;

import java.util.List;

/**
 * Everything one variant's two runs measured.
 *
 * @param variant the variant
 * @param rows its rows: the load steps, then drop and recover
 * @param drop how its limit settled after the capacity halved
 * @param recover how its limit settled after the capacity came back
 * @param sizing the static sizes every variant of the run was given
 */
public record VariantRun(OverloadVariant variant, List<PhaseFigures> rows, LimitSeries.Settling drop, LimitSeries.Settling recover,
        SeedSizing sizing) {

    /** Copies the rows. */
    public VariantRun {
        rows = List.copyOf(rows);
    }

    /** The row of {@code phase}, or null. */
    public PhaseFigures row(String phase) {
        return rows.stream().filter(r -> r.phase().equals(phase)).findFirst().orElse(null);
    }
}
