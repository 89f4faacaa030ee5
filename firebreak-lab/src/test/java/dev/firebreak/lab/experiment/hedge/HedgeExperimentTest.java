package dev.firebreak.lab.experiment.hedge;

import static org.assertj.core.api.Assertions.assertThat;

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
    void aCutBelowFiveTimesOrTooManyCallsIsNotMet() {
        List<String> goals = HedgeExperiment.goals(List.of(
                new Row(HedgeVariant.NONE, 200, 10, 100, 200, 1.0),
                new Row(HedgeVariant.P95, 200, 10, 19, 40, 1.06),
                new Row(HedgeVariant.P95_BUDGET, 200, 10, 19, 40, 1.04),
                new Row(HedgeVariant.P99, 200, 10, 30, 40, 1.02)));
        assertThat(goals).containsExactly(
                "- firebreak-hedge-p95: p99 100.0 -> 19.0 ms (cut 5.26x, goal >= 5x) at 1.060 downstream calls per request (goal <= 1.05) -> NOT MET",
                "- firebreak-hedge-p95-budget: p99 100.0 -> 19.0 ms (cut 5.26x, goal >= 5x) at 1.040 downstream calls per request (goal <= 1.05) -> MET",
                "- firebreak-hedge-p99: p99 100.0 -> 30.0 ms (cut 3.33x, goal >= 5x) at 1.020 downstream calls per request (goal <= 1.05) -> NOT MET");
    }
}
