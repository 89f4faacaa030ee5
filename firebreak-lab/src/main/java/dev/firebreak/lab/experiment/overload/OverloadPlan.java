package dev.firebreak.lab.experiment.overload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The overload experiment's plan for one variant: two runs on fresh parts. The <b>steps</b> run
 * offers 0.5x, 1x, 2x, 5x and 10x the nominal capacity in turn, without a pause (each step's first
 * moments, while the previous step's queue drains or the limit moves, are its unreported lead-in).
 * The <b>change</b> run offers a constant load against a capacity that halves ({@code drop}) and
 * later comes back ({@code recover}), after an unreported stretch at full capacity ({@code base}).
 *
 * @param steps the load steps, in order
 * @param change base, drop and recover, in order
 */
public record OverloadPlan(List<Segment> steps, List<Segment> change) {

    /** The load multiples of the steps run. */
    public static final List<Double> STEP_FACTORS = List.of(0.5, 1.0, 2.0, 5.0, 10.0);
    /** Every reported phase name, in row order. */
    public static final List<String> PHASES = List.of("x0.5", "x1", "x2", "x5", "x10", "drop", "recover");

    /** Copies the lists. */
    public OverloadPlan {
        steps = List.copyOf(steps);
        change = List.copyOf(change);
    }

    /**
     * The plan.
     *
     * @param stepLeadNanos each step's unreported lead-in
     * @param stepNanos each step's reported window
     * @param changeLoad the change run's offered load, as a multiple of the nominal capacity
     * @param baseNanos the change run's unreported stretch at full capacity
     * @param dropNanos how long the capacity stays halved
     * @param recoverNanos how long the change run goes on after the capacity came back
     */
    public static OverloadPlan of(long stepLeadNanos, long stepNanos, double changeLoad, long baseNanos, long dropNanos,
            long recoverNanos) {
        List<Segment> steps = new ArrayList<>();
        for (double factor : STEP_FACTORS) {
            steps.add(new Segment(stepName(factor), factor, 1.0, stepLeadNanos, stepNanos, true));
        }
        List<Segment> change = List.of(new Segment("base", changeLoad, 1.0, 0, baseNanos, false),
                new Segment("drop", changeLoad, 0.5, 0, dropNanos, true),
                new Segment("recover", changeLoad, 1.0, 0, recoverNanos, true));
        return new OverloadPlan(steps, change);
    }

    /** {@code x0.5}, {@code x1}, {@code x10}: the step's phase name. */
    public static String stepName(double factor) {
        return factor == Math.rint(factor) ? "x" + (long) factor : "x" + String.format(Locale.ROOT, "%s", factor);
    }

    /** The length of both runs together. */
    public long lengthNanos() {
        return steps.stream().mapToLong(Segment::lengthNanos).sum() + change.stream().mapToLong(Segment::lengthNanos).sum();
    }
}
