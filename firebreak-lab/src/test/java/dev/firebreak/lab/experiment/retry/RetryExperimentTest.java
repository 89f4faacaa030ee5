package dev.firebreak.lab.experiment.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.lab.experiment.retry.RetryExperiment.Row;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The brownout's CSV header is the issue's, and a missed goal is reported as NOT MET. */
class RetryExperimentTest {

    @Test
    void theCsvHeaderIsExactlyTheIssues() {
        assertThat(String.join(",", RetryExperiment.CSV_HEADER))
                .isEqualTo("variant,phase,offered_rps,success_rate,downstream_calls_per_request,p50_ms,p99_ms");
        assertThat(RetryExperiment.PHASES).extracting(RetryExperiment.Phase::name)
                .containsExactly("ok", "transient", "outage", "recovery");
    }

    @Test
    void goalsAreReportedAsMeasured() {
        List<Row> rows = new ArrayList<>();
        for (RetryVariant variant : RetryVariant.values()) {
            boolean budget = variant == RetryVariant.FIREBREAK_BUDGET;
            rows.add(new Row(variant, "transient", 200, budget ? 0.95 : 0.999, 1.1, 5, 50));
            rows.add(new Row(variant, "outage", 200, 0, budget ? 1.2 : 3.0, 0, 0));
        }
        List<String> goals = RetryExperiment.goals(rows);
        assertThat(goals).hasSize(2).allMatch(line -> line.endsWith("NOT MET"));
        rows.replaceAll(r -> r.variant() == RetryVariant.FIREBREAK_BUDGET
                ? new Row(r.variant(), r.phase(), 200, r.phase().equals("transient") ? 0.999 : 0, r.phase().equals("outage") ? 1.08 : 1.1, 5, 50)
                : r);
        assertThat(RetryExperiment.goals(rows)).allMatch(line -> line.endsWith("-> MET"));
    }
}
