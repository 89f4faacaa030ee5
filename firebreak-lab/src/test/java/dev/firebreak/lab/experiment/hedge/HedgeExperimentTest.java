package dev.firebreak.lab.experiment.hedge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.firebreak.lab.experiment.hedge.HedgeExperiment.Row;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tail's CSV header is the issue's, and each hedging variant's goal is reported as measured. */
class HedgeExperimentTest {

    @Test
    void theCsvHeaderIsExactlyTheIssues() {
        assertThat(String.join(",", HedgeExperiment.CSV_HEADER))
                .isEqualTo("variant,offered_rps,p50_ms,p99_ms,p999_ms,downstream_calls_per_request");
    }

    @Test
    void theBoundIsTheDerivationsTable() {
        HedgeBound lab = HedgeBound.lab();
        assertThat(lab.quantile(0.95)).isCloseTo(12.06, within(0.01));
        assertThat(lab.quantile(0.99)).isCloseTo(100.0, within(0.01));
        assertThat(lab.hedgedP99(0)).isCloseTo(22.08, within(0.01));
        assertThat(lab.hedgedP99(1.3)).isCloseTo(22.08 + 2.6, within(0.01)); // the overhead counts twice
        HedgeBound wide = new HedgeBound(10, 0.3, 0.02, 10);
        assertThat(wide.quantile(0.95)).isCloseTo(17.5, within(0.05));
        assertThat(wide.hedgedP99(0)).isCloseTo(27.7, within(0.05));
    }

    @Test
    void aP99PastTheBoundOrTooManyCallsIsNotMet() {
        List<String> goals = HedgeExperiment.goals(List.of(
                new Row(HedgeVariant.NONE, 200, 11.3, 100, 120, 1.0),
                new Row(HedgeVariant.P95, 200, 11, 25.9, 40, 1.06),
                new Row(HedgeVariant.P95_BUDGET, 200, 11, 25.9, 40, 1.04),
                new Row(HedgeVariant.P99, 200, 11, 28.0, 40, 1.02)));
        assertThat(goals).containsExactly(
                "- the bound: 24.6 ms = the downstream's own 22.1 ms plus twice the run's per-call overhead of 1.3 ms"
                        + " (`none`'s p50 11.3 ms over the downstream's median 10.0 ms)",
                "- firebreak-hedge-p95: p99 25.9 ms, 1.051x the bound (goal <= 1.10x; 1.173x the overhead-free 22.1 ms),"
                        + " at 1.060 downstream calls per request (goal <= 1.05), cut 3.86x from `none` -> NOT MET",
                "- firebreak-hedge-p95-budget: p99 25.9 ms, 1.051x the bound (goal <= 1.10x; 1.173x the overhead-free 22.1 ms),"
                        + " at 1.040 downstream calls per request (goal <= 1.05), cut 3.86x from `none` -> MET",
                "- firebreak-hedge-p99: p99 28.0 ms, 1.137x the bound (goal <= 1.10x; 1.268x the overhead-free 22.1 ms),"
                        + " at 1.020 downstream calls per request (goal <= 1.05), cut 3.57x from `none` -> NOT MET");
    }
}
