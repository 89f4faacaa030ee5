package dev.firebreak.lab.experiment.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.lab.cli.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The phase plan, the CSV's exact header, and the experiment's options. */
class OverloadPlanTest {

    @Test
    void theStepsRunFromHalfToTenTimesTheCapacityThenTheCapacityHalvesAndRecovers() {
        OverloadPlan plan = OverloadPlan.of(100, 1_000, 1.5, 500, 6_000, 7_000);
        assertThat(plan.steps()).extracting(Segment::phase).containsExactly("x0.5", "x1", "x2", "x5", "x10");
        assertThat(plan.steps()).extracting(Segment::loadFactor).containsExactly(0.5, 1.0, 2.0, 5.0, 10.0);
        assertThat(plan.steps()).allSatisfy(s -> {
            assertThat(s.capacityFactor()).isEqualTo(1.0);
            assertThat(s.leadNanos()).isEqualTo(100);
            assertThat(s.measureNanos()).isEqualTo(1_000);
            assertThat(s.reported()).isTrue();
        });
        assertThat(plan.change()).extracting(Segment::phase).containsExactly("base", "drop", "recover");
        assertThat(plan.change()).extracting(Segment::capacityFactor).containsExactly(1.0, 0.5, 1.0);
        assertThat(plan.change()).extracting(Segment::loadFactor).containsOnly(1.5);
        assertThat(plan.change()).extracting(Segment::reported).containsExactly(false, true, true);
        assertThat(plan.change()).extracting(Segment::measureNanos).containsExactly(500L, 6_000L, 7_000L);
        assertThat(plan.lengthNanos()).isEqualTo(5 * 1_100 + 500 + 6_000 + 7_000);
        List<String> reported = new java.util.ArrayList<>(plan.steps().stream().map(Segment::phase).toList());
        plan.change().stream().filter(Segment::reported).forEach(s -> reported.add(s.phase()));
        assertThat(reported).isEqualTo(OverloadPlan.PHASES);
    }

    @Test
    void seed003sRulesSizeThePoolsFromTheHealthyFigures() {
        // 200/s x 0.205 s = 41 threads, rounded up to 50; 50 / 0.8 = 62.5 -> 70; 0.8 x 70 = 56 -> 60; p99.5 207 ms -> 210 ms
        SeedSizing measured = SeedSizing.of(200, 205, 207);
        assertThat(List.of(measured.coreSize(), measured.maximumSize(), measured.queueSize(), measured.timeoutMs()))
                .containsExactly(50, 70, 60, 210);
        // exactly on a step: 200/s x 0.2 s = 40 threads stays 40; the timeout stays strictly above p99.5: 210 ms
        SeedSizing exact = SeedSizing.of(200, 200, 200);
        assertThat(List.of(exact.coreSize(), exact.maximumSize(), exact.queueSize(), exact.timeoutMs())).containsExactly(40, 50, 40, 210);
    }

    @Test
    void theCsvHasExactlyTheIssuesColumns() {
        assertThat(String.join(",", PhaseFigures.CSV_HEADER))
                .isEqualTo("variant,phase,offered_rps,capacity_rps,goodput_rps,p50_ms,p99_ms,rejected_rps,errors_rps,limit_mean");
        PhaseFigures row = new PhaseFigures("unprotected", "x2", 400, 200, 150.5, 210, 390, 409, 0, 0, Double.NaN, 480, 300, 0);
        assertThat(row.cells()).containsExactly("unprotected", "x2", "400.0", "200.0", "150.5", "210.0", "390.0", "0.0", "0.0", "");
    }

    @Test
    void theOptionsHaveTheirDefaultsQuickShortensTheWindowsAndBadValuesAreRefused() throws Exception {
        OverloadSettings full = new OverloadExperiment().options(List.of());
        assertThat(full.capacity()).isEqualTo(40);
        assertThat(full.latency().toMillis()).isEqualTo(200);
        assertThat(full.capacityRps()).isEqualTo(200.0);
        assertThat(full.variants()).containsExactly(OverloadVariant.values());
        assertThat(full.aimdLatencyThreshold().toMillis()).as("1.5 x the base latency").isEqualTo(300);
        assertThat(full.initialLimit()).as("0: seed 003's size").isZero();
        assertThat(full.initialLimit(SeedSizing.of(200, 203, 203))).as("200/s x 0.203 s = 40.6, rounded up to 50").isEqualTo(50);
        assertThat(new OverloadExperiment().options(List.of("--initial-limit", "30")).initialLimit(SeedSizing.of(200, 203, 203)))
                .isEqualTo(30);
        assertThat(new OverloadExperiment().options(List.of("--aimd-threshold", "0")).aimdLatencyThreshold()).isZero();
        OverloadSettings quick = new OverloadExperiment().options(List.of("--quick"));
        assertThat(quick.variants()).containsExactly(OverloadVariant.values());
        assertThat(quick.plan().lengthNanos()).isLessThan(full.plan().lengthNanos() / 3);
        // the plain command's budget, 3 minutes: the calibration and every variant's two runs leave at least
        // 20 s for the drains after each run and the parts' start-up
        long planned = new OverloadExperiment().plannedNanosOf(full);
        assertThat(planned).isLessThanOrEqualTo(java.time.Duration.ofSeconds(160).toNanos());
        assertThat(new OverloadExperiment().plannedNanosOf(quick)).isLessThanOrEqualTo(java.time.Duration.ofSeconds(40).toNanos());
        assertThatThrownBy(() -> new OverloadExperiment().options(List.of("--capacity", "1")))
                .isInstanceOf(UsageException.class).hasMessage("--capacity must be an integer between 2 and 1000, was '1'");
        assertThatThrownBy(() -> new OverloadExperiment().options(List.of("--min-limit", "50", "--max-limit", "10")))
                .isInstanceOf(UsageException.class).hasMessageContaining("--min-limit 50").hasMessageContaining("--max-limit 10");
        assertThatThrownBy(() -> new OverloadExperiment().options(List.of("--variants", "envoy")))
                .isInstanceOf(UsageException.class).hasMessageContaining("'envoy' is not one of");
    }
}
