package dev.firebreak.priority;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.context.Criticality;
import org.junit.jupiter.api.Test;

/**
 * The threshold's calibration on the manual clock under stepped load (0.5x to 10x a service's
 * capacity, then a capacity drop and its recovery), in {@link OverloadSim}: a pure loss system at the
 * limit with Poisson arrivals, the harshest case for the critical levels. Each step is measured after
 * one second of settling: the threshold reacts within it.
 */
class PriorityCalibrationTest {

    private static final Criticality CP = Criticality.CRITICAL_PLUS;
    private static final Criticality C = Criticality.CRITICAL;
    private static final Criticality SP = Criticality.SHEDDABLE_PLUS;
    private static final Criticality S = Criticality.SHEDDABLE;

    @Test
    void underSteppedLoadTheLowestLevelsAreRefusedFirstAndTheCriticalOnesKeepWhatTheyOffer() {
        OverloadSim sim = new OverloadSim(PriorityConfig.builder().enabled(true).build(), 100, 50, 42);
        double capacity = sim.capacityRps();
        sim.run(0.5 * capacity, 1_000);
        sim.run(0.5 * capacity, 4_000);
        report(sim, "x0.5");
        assertThat(sim.gate.threshold()).isZero();
        for (Criticality level : Criticality.values()) {
            assertThat(sim.share(level)).as("at half the capacity nothing is refused: %s", level).isGreaterThan(0.999);
        }
        for (double x : new double[] {2, 5, 10}) {
            sim.run(x * capacity, 1_000); // the step, then one second to settle
            sim.run(x * capacity, 4_000);
            report(sim, "x" + x);
            assertThat(sim.criticalShare()).as("x%s: the critical levels keep what they offer", x).isGreaterThan(0.98);
            assertThat(sim.share(CP)).as("x%s", x).isGreaterThan(0.99);
            assertThat(sim.share(S)).as("x%s: lowest first", x).isLessThanOrEqualTo(sim.share(SP));
            assertThat(sim.goodputRps(4_000)).as("x%s: goodput", x).isGreaterThan(0.75 * capacity);
        }
        assertThat(sim.share(S)).as("at x10 SHEDDABLE is refused whole").isLessThan(0.001);
        assertThat(sim.gate.threshold()).isBetween(ThresholdController.SPREAD, ThresholdController.CRITICAL_BASE);
        assertThat(PriorityView.of(sim.gate, true).lowestAdmitted()).isIn(C, SP);
        assertThat(sim.maxInFlight).as("never above the limit in force").isLessThanOrEqualTo(100);
    }

    @Test
    void afterACapacityDropTheCriticalLevelsFillTheNewLimitWithinFiveSeconds() {
        OverloadSim sim = new OverloadSim(PriorityConfig.builder().enabled(true).build(), 100, 50, 7);
        double capacity = sim.capacityRps();
        sim.run(10 * capacity, 5_000);
        sim.limit = 50; // the capacity halves: the critical load alone (8 % of 10x) is now 1.6x the capacity
        sim.run(10 * capacity, 1_000);
        sim.run(10 * capacity, 4_000);
        report(sim, "drop");
        double criticalRps = (sim.admitted[0] + sim.admitted[1]) / 4.0;
        assertThat(criticalRps).as("critical goodput against the new capacity").isGreaterThan(0.93 * sim.capacityRps());
        assertThat(sim.admitted[2] + sim.admitted[3]).as("nothing sheddable while critical calls overflow").isZero();
        assertThat(sim.maxInFlight).isLessThanOrEqualTo(100);
        sim.maxInFlight = 0;
        sim.run(10 * capacity, 2_000);
        assertThat(sim.maxInFlight).as("the new limit in force").isLessThanOrEqualTo(50);
        sim.limit = 100;
        sim.run(10 * capacity, 1_000);
        sim.run(10 * capacity, 4_000);
        report(sim, "recover");
        assertThat(sim.criticalShare()).isGreaterThan(0.98);
        assertThat(sim.share(SP)).as("room again for SHEDDABLE_PLUS, not yet for SHEDDABLE").isGreaterThan(sim.share(S));
    }

    @Test
    void withoutTrafficTheThresholdRelaxes() {
        OverloadSim sim = new OverloadSim(PriorityConfig.builder().enabled(true).build(), 100, 50, 3);
        sim.run(10 * sim.capacityRps(), 3_000);
        assertThat(sim.gate.threshold()).isPositive();
        sim.run(0, 10_000);
        sim.run(0.2 * sim.capacityRps(), 1_000);
        assertThat(sim.gate.threshold()).isZero();
        assertThat(sim.share(S)).isGreaterThan(0.99);
    }

    private static void report(OverloadSim sim, String step) {
        System.out.println(sim.report(step, 4_000)); // the figures behind the assertions, in the test's output file
    }
}
