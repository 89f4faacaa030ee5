package dev.firebreak.lab.experiment.overload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The goal lines read the figures right: each goal's verdict per variant, and the issue's verdict (one variant meeting all). */
class OverloadGoalsTest {

    private static final SeedSizing SIZING = SeedSizing.of(200, 200, 200);
    private static final LimitSeries.Settling SETTLED = new LimitSeries.Settling(50, 29.5, 3.2, 0.05);
    private static final LimitSeries.Settling SWINGING = new LimitSeries.Settling(90, 84, Double.NaN, 0.9);

    /** Rows x0.5..x10 with the given goodput and p99 at x10 and p99 elsewhere; x0.5 rejects {@code halfRejected}. */
    private static VariantRun run(OverloadVariant variant, double x10Goodput, double x10P99, double p99, double halfRejected,
            LimitSeries.Settling drop) {
        List<PhaseFigures> rows = new ArrayList<>();
        for (double factor : OverloadPlan.STEP_FACTORS) {
            String phase = OverloadPlan.stepName(factor);
            double offered = 200 * factor;
            boolean top = factor == 10.0;
            double goodput = top ? x10Goodput : Math.min(offered, 200);
            rows.add(new PhaseFigures(variant.label(), phase, offered, 200, goodput, 201, top ? x10P99 : p99, top ? x10P99 : p99,
                    factor == 0.5 ? halfRejected : Math.max(0, offered - 200), 0, 50, (long) offered, (long) goodput, 0));
        }
        return new VariantRun(variant, rows, drop, drop, SIZING);
    }

    @Test
    void oneVariantMeetingEveryGoalMeetsTheIssueAndTheOthersSayWhatTheyMissed() {
        List<VariantRun> runs = List.of(run(OverloadVariant.NETFLIX_GRADIENT2, 196, 777, 260, 0, SWINGING),
                run(OverloadVariant.FIREBREAK_SEMAPHORE, 200, 256, 204, 0, SETTLED),
                run(OverloadVariant.FIREBREAK_AIMD, 199, 312, 204, 0, SETTLED),
                run(OverloadVariant.FIREBREAK_GRADIENT2, 143, 778, 260, 0, SWINGING),
                run(OverloadVariant.FIREBREAK_VEGAS, 190, 380, 204, 3, SETTLED));
        List<String> lines = OverloadGoals.lines(runs, 200);

        assertThat(lines).contains("- firebreak-aimd: every goal MET",
                "- firebreak-gradient2: MET none; NOT MET x10, drop, x0.5, vs peer",
                "- firebreak-vegas: MET x10, drop, vs peer; NOT MET x0.5",
                "- issue 13 (one adaptive Firebreak variant meeting every goal): MET by firebreak-aimd");
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("- firebreak-aimd, x10: goodput 199.0/s = 99.5 % of capacity 200/s")
                .endsWith("admitted p99 312.0 ms (goal <= 400 ms) -> MET"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("- firebreak-gradient2 vs concurrency-limits-gradient2")
                .contains("behind at x10 (goodput 143.0 vs 196.0/s").endsWith("-> NOT MET"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("- firebreak-vegas, x0.5: rejected 3.0/s (goal 0)").endsWith("NOT MET"));
    }

    @Test
    void noVariantMeetingEveryGoalIsSaidSo() {
        List<VariantRun> runs = List.of(run(OverloadVariant.NETFLIX_GRADIENT2, 196, 777, 204, 0, SWINGING),
                run(OverloadVariant.FIREBREAK_SEMAPHORE, 200, 256, 204, 0, SETTLED),
                run(OverloadVariant.FIREBREAK_AIMD, 190, 571, 204, 0, SWINGING));
        List<String> lines = OverloadGoals.lines(runs, 200);
        assertThat(lines).contains("- firebreak-aimd: MET x0.5, vs peer; NOT MET x10, drop",
                "- issue 13 (one adaptive Firebreak variant meeting every goal): NOT MET by any variant in this run");
        List<VariantRun> pinned = List.of(runs.get(0), runs.get(1),
                run(OverloadVariant.FIREBREAK_GRADIENT2, 200, 300, 204, 0, new LimitSeries.Settling(160, 200, 0.05, 0)));
        assertThat(OverloadGoals.lines(pinned, 200)).as("settled at its ceiling, above the limit before the drop")
                .contains("- firebreak-gradient2: MET x10, x0.5, vs peer; NOT MET drop")
                .anySatisfy(l -> assertThat(l).contains("a limit that did not come down has not found the halved capacity"));
        assertThat(OverloadGoals.lines(runs.subList(0, 2), 200)).containsExactly(
                "- no adaptive Firebreak variant in this run: the goals are not measured");
    }
}
