package dev.firebreak.lab.experiment.shed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.context.Criticality;
import dev.firebreak.lab.experiment.overload.OverloadPlan;
import dev.firebreak.lab.experiment.overload.PhaseFigures;
import dev.firebreak.lab.experiment.overload.SeedSizing;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The goals read the figures right: each goal's verdict, its edges, and the issue's verdict for firebreak-priority. */
class ShedGoalsTest {

    private static final SeedSizing SIZING = SeedSizing.of(200, 200, 200);

    /** Per level: offered, goodput, p99, refused; the same at every phase, the capacity 200 (100 in drop). */
    private record Level(double offered, double goodput, double p99, double refused) {
    }

    private static ShedRun run(ShedVariant variant, Level... levels) {
        List<ShedRow> rows = new ArrayList<>();
        for (String phase : OverloadPlan.PHASES) {
            double capacity = phase.equals("drop") ? 100 : 200;
            double offered = 0, goodput = 0, refused = 0;
            for (Criticality level : Criticality.values()) {
                Level l = levels[level.ordinal()];
                rows.add(new ShedRow(level.name(), figures(variant, phase, capacity, l.offered(), l.goodput(), l.p99(), l.refused())));
                offered += l.offered();
                goodput += l.goodput();
                refused += l.refused();
            }
            rows.add(new ShedRow(ShedRow.ALL, figures(variant, phase, capacity, offered, goodput, 250, refused)));
        }
        return new ShedRun(variant, rows, SIZING);
    }

    private static PhaseFigures figures(ShedVariant variant, String phase, double capacity, double offered, double goodput, double p99,
            double refused) {
        return new PhaseFigures(variant.label(), phase, offered, capacity, goodput, 201, p99, p99, refused,
                Math.max(0, offered - goodput - refused), Double.NaN, (long) offered, (long) goodput, 0);
    }

    /** A good priority limit at 10x: the critical levels all served, the sheddable ones refused, lowest most. */
    private static final Level[] GOOD = {new Level(40, 40, 300, 0), new Level(120, 119.5, 310, 0), new Level(440, 40, 300, 400),
        new Level(1400, 0.5, 300, 1399.5)};

    @Test
    void aVariantMeetingEveryGoalAtLeastMatchingThePeerMeetsTheIssue() {
        ShedRun peer = run(ShedVariant.CONCURRENCY_LIMITS, new Level(40, 30, 500, 10), new Level(120, 100, 500, 20), new Level(440, 60, 300, 380),
                new Level(1400, 40, 300, 1360));
        List<String> lines = ShedGoals.lines(List.of(run(ShedVariant.FIREBREAK_PRIORITY, GOOD), peer), 200);
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("- firebreak-priority, x10: CRITICAL_PLUS goodput 40.0 of 40.0/s (100.0 %), "
                + "p99 300.0 ms; CRITICAL goodput 119.5 of 120.0/s (99.6 %)").contains("total goodput 200.0/s = 100.0 % of capacity")
                .contains("refused CRITICAL_PLUS 0.0 %, CRITICAL 0.0 %, SHEDDABLE_PLUS 90.9 %, SHEDDABLE 100.0 %").endsWith("-> MET"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("- concurrency-limits, x10: CRITICAL_PLUS goodput 30.0 of 40.0/s (75.0 %)")
                .endsWith("-> NOT MET"));
        assertThat(lines).contains("- firebreak-priority vs concurrency-limits at every load step: at least the peer's critical goodput with "
                + "no worse p99 at every step -> MET", "- issue 38 (firebreak-priority meeting every goal): MET");
    }

    @Test
    void eachX10ConditionFailsTheGoalOnItsOwn() {
        assertThat(ShedGoals.x10(run(ShedVariant.FIREBREAK_PRIORITY, GOOD), 200).met()).isTrue();
        Level[] lowCritical = GOOD.clone();
        lowCritical[1] = new Level(120, 118.7, 310, 0); // 98.9 % of what it offers
        assertThat(ShedGoals.x10(run(ShedVariant.FIREBREAK_PRIORITY, lowCritical), 200).met()).isFalse();
        Level[] slow = GOOD.clone();
        slow[0] = new Level(40, 40, 400.1, 0); // p99 above 2 x 200 ms
        assertThat(ShedGoals.x10(run(ShedVariant.FIREBREAK_PRIORITY, slow), 200).met()).isFalse();
        Level[] lowTotal = GOOD.clone();
        lowTotal[2] = new Level(440, 19, 300, 400); // total 179.0/s < 90 % of 200
        assertThat(ShedGoals.x10(run(ShedVariant.FIREBREAK_PRIORITY, lowTotal), 200).met()).isFalse();
        Level[] wrongOrder = GOOD.clone();
        wrongOrder[2] = new Level(440, 40, 300, 400);
        wrongOrder[3] = new Level(1400, 150, 300, 1200); // SHEDDABLE 85.7 % refused < SHEDDABLE_PLUS 90.9 %
        ShedGoals.Verdict order = ShedGoals.refusalOrder(run(ShedVariant.FIREBREAK_PRIORITY, wrongOrder), "x10");
        assertThat(order.met()).isFalse();
        assertThat(ShedGoals.x10(run(ShedVariant.FIREBREAK_PRIORITY, wrongOrder), 200).met()).isFalse();
    }

    @Test
    void refusalsMustFallOnTheSheddableLevelsAndNothingRefusedIsNoShedding() {
        Level[] criticalRefused = GOOD.clone();
        criticalRefused[0] = new Level(40, 39, 300, 1); // 2.5 % of CRITICAL_PLUS refused
        assertThat(ShedGoals.refusalOrder(run(ShedVariant.FIREBREAK_PRIORITY, criticalRefused), "x10").met()).isFalse();
        ShedGoals.Verdict none = ShedGoals.refusalOrder(run(ShedVariant.NONE, new Level(40, 0, Double.NaN, 0), new Level(120, 0, Double.NaN, 0),
                new Level(440, 0, Double.NaN, 0), new Level(1400, 0, Double.NaN, 0)), "x10");
        assertThat(none.met()).isFalse();
        assertThat(none.figures()).endsWith("(nothing refused)");
    }

    @Test
    void afterTheDropTheCriticalLevelsAreDueTheLesserOfTheirOfferAndTheCapacity() {
        ShedRun served = run(ShedVariant.FIREBREAK_PRIORITY, new Level(6, 6, 300, 0), new Level(18, 17.9, 300, 0), new Level(66, 60, 300, 6),
                new Level(210, 16, 300, 194));
        assertThat(ShedGoals.drop(served).met()).isTrue();
        assertThat(ShedGoals.drop(served).figures()).startsWith("CRITICAL_PLUS goodput 6.0/s of min(offered 6.0, capacity 100) (100.0 %)");
        // offered above the halved capacity: 99 % of 100/s is due
        ShedRun flood = run(ShedVariant.FIREBREAK_PRIORITY, new Level(6, 6, 300, 0), new Level(150, 98, 300, 52), new Level(66, 0, 300, 66),
                new Level(210, 0, 300, 210));
        assertThat(ShedGoals.drop(flood).met()).isFalse();
        assertThat(ShedGoals.drop(flood).figures()).contains("CRITICAL goodput 98.0/s of min(offered 150.0, capacity 100) (98.0 %)");
    }

    @Test
    void behindThePeerInGoodputOrP99AtAnyStepMissesTheIssueAndSaysWhere() {
        ShedRun peer = run(ShedVariant.CONCURRENCY_LIMITS, GOOD);
        Level[] slower = GOOD.clone();
        slower[1] = new Level(120, 119.5, 330, 0); // p99 330 > 310 x 1.05
        ShedGoals.Verdict verdict = ShedGoals.versusPeer(run(ShedVariant.FIREBREAK_PRIORITY, slower), peer);
        assertThat(verdict.met()).isFalse();
        assertThat(verdict.figures()).startsWith("behind at x0.5 (critical goodput 159.5 vs 159.5/s, p99 330.0 vs 310.0 ms)");
        Level[] fewer = GOOD.clone();
        fewer[0] = new Level(40, 37, 300, 3);
        assertThat(ShedGoals.versusPeer(run(ShedVariant.FIREBREAK_PRIORITY, fewer), peer).met()).isFalse();
        List<String> lines = ShedGoals.lines(List.of(run(ShedVariant.FIREBREAK_PRIORITY, fewer), peer), 200);
        assertThat(lines.getLast()).isEqualTo("- issue 38 (firebreak-priority meeting every goal): NOT MET; met none; missed x10, drop, vs peer");
    }

    @Test
    void withoutFirebreakPriorityTheIssuesGoalsAreNotMeasuredAndWithoutThePeerTheComparisonIsMissed() {
        assertThat(ShedGoals.lines(List.of(run(ShedVariant.STATIC, GOOD)), 200).getLast())
                .isEqualTo("- no firebreak-priority in this run: issue 38's goals are not measured");
        assertThat(ShedGoals.lines(List.of(run(ShedVariant.FIREBREAK_PRIORITY, GOOD)), 200).getLast())
                .isEqualTo("- issue 38 (firebreak-priority meeting every goal): NOT MET; met x10, drop; missed vs peer (no peer in the run)");
    }
}
