package dev.firebreak.lab.experiment.overload;

import dev.firebreak.lab.report.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Issue 13's goals, measured on a run's figures; every goal gives its figure and MET or NOT MET, for
 * each adaptive Firebreak variant in the run.
 *
 * <ul>
 *   <li>at x10, goodput at least {@link #GOODPUT_SHARE} of the capacity with the admitted p99 at most
 *       2 x the base latency;</li>
 *   <li>after the drop, settled within {@link #SETTLE_SECONDS} s with at most {@link #OVERSHOOT} overshoot
 *       (see {@link LimitSeries} for both definitions), below the limit before the drop (a limit that settles at
 *       or above it, its ceiling for one, has not found the halved capacity);</li>
 *   <li>at x0.5, nothing rejected and no latency added over the static semaphore: p50 at most
 *       {@link #P50_TOLERANCE_MS} ms and p99 at most {@link #P99_TOLERANCE} above it (measurement noise);</li>
 *   <li>at every load step, goodput at least {@link #MATCH} of the concurrency-limits peer's and p99 at most
 *       its p99 / {@link #MATCH} ("matches" allows that much noise).</li>
 * </ul>
 */
final class OverloadGoals {

    static final double GOODPUT_SHARE = 0.9;
    static final double SETTLE_SECONDS = 5;
    static final double OVERSHOOT = 0.1;
    static final double P50_TOLERANCE_MS = 1;
    static final double P99_TOLERANCE = 0.05;
    static final double MATCH = 0.95;

    private OverloadGoals() {
    }

    /**
     * The goal lines of {@code runs} (a line saying why when no adaptive Firebreak variant ran): for each
     * adaptive Firebreak variant one line per goal, then one line per variant saying which goals it met, and
     * the verdict of the issue, which asks for one variant meeting them all.
     */
    static List<String> lines(List<VariantRun> runs, double latencyMs) {
        List<String> lines = new ArrayList<>();
        List<VariantRun> adaptive = runs.stream().filter(r -> r.variant().firebreakAdaptive()).toList();
        if (adaptive.isEmpty()) {
            lines.add("- no adaptive Firebreak variant in this run: the goals are not measured");
            return lines;
        }
        Optional<VariantRun> semaphore = find(runs, OverloadVariant.FIREBREAK_SEMAPHORE);
        Optional<VariantRun> peer = find(runs, OverloadVariant.NETFLIX_GRADIENT2);
        List<String> summary = new ArrayList<>();
        List<String> allMet = new ArrayList<>();
        for (VariantRun run : adaptive) {
            String name = run.variant().label();
            List<String> met = new ArrayList<>();
            List<String> missed = new ArrayList<>();
            PhaseFigures x10 = run.row("x10");
            if (x10 != null) {
                double share = x10.goodputRps() / x10.capacityRps();
                boolean ok = share >= GOODPUT_SHARE && x10.p99Ms() <= 2 * latencyMs;
                (ok ? met : missed).add("x10");
                lines.add("- " + name + ", x10: goodput " + Table.number(x10.goodputRps(), 1) + "/s = " + percent(share) + " of capacity "
                        + Table.number(x10.capacityRps(), 0) + "/s (goal >= 90 %), admitted p99 " + Table.number(x10.p99Ms(), 1)
                        + " ms (goal <= " + Table.number(2 * latencyMs, 0) + " ms) -> " + verdict(ok));
            } else {
                missed.add("x10 (not run)");
            }
            LimitSeries.Settling drop = run.drop();
            boolean fell = drop.finalValue() < drop.before();
            boolean settled = fell && drop.settled() && drop.settleSeconds() <= SETTLE_SECONDS && drop.overshoot() <= OVERSHOOT;
            (settled ? met : missed).add("drop");
            lines.add("- " + name + ", after the drop: " + (drop.settled() ? "settled in " + Table.number(drop.settleSeconds(), 2) + " s"
                    : "did not settle within the phase") + " at limit " + Table.number(drop.finalValue(), 1) + " (from "
                    + Table.number(drop.before(), 1) + "), overshoot " + percent(drop.overshoot()) + " (goal: within 5 s, <= 10 %"
                    + (fell ? "" : "; a limit that did not come down has not found the halved capacity") + ") -> " + verdict(settled));
            PhaseFigures half = run.row("x0.5");
            PhaseFigures base = semaphore.map(s -> s.row("x0.5")).orElse(null);
            if (half != null && base != null) {
                double addedP50 = half.p50Ms() - base.p50Ms();
                boolean ok = half.rejectedRps() == 0 && addedP50 <= P50_TOLERANCE_MS && half.p99Ms() <= base.p99Ms() * (1 + P99_TOLERANCE);
                (ok ? met : missed).add("x0.5");
                lines.add("- " + name + ", x0.5: rejected " + Table.number(half.rejectedRps(), 1) + "/s (goal 0), p50 "
                        + Table.number(half.p50Ms(), 1) + " ms vs the static semaphore's " + Table.number(base.p50Ms(), 1) + " ms, p99 "
                        + Table.number(half.p99Ms(), 1) + " vs " + Table.number(base.p99Ms(), 1) + " ms (goal: p50 within +"
                        + Table.number(P50_TOLERANCE_MS, 0) + " ms, p99 within +5 %) -> " + verdict(ok));
            } else {
                missed.add("x0.5 (no static semaphore in the run)");
            }
            if (peer.isPresent()) {
                List<String> behind = behindPeer(run, peer.get());
                (behind.isEmpty() ? met : missed).add("vs peer");
                lines.add("- " + name + " vs " + peer.get().variant().label() + " at every load step (goodput >= 95 % of the peer's, "
                        + "p99 <= the peer's / 0.95): " + (behind.isEmpty() ? "matched or beaten at every step -> MET"
                                : "behind at " + String.join(", ", behind) + " -> NOT MET"));
            } else {
                missed.add("vs peer (no peer in the run)");
            }
            summary.add("- " + name + ": " + (missed.isEmpty() ? "every goal MET" : "MET " + (met.isEmpty() ? "none" : String.join(", ", met))
                    + "; NOT MET " + String.join(", ", missed)));
            if (missed.isEmpty()) {
                allMet.add(name);
            }
        }
        lines.add("");
        lines.addAll(summary);
        lines.add("- issue 13 (one adaptive Firebreak variant meeting every goal): " + (allMet.isEmpty()
                ? "NOT MET by any variant in this run" : "MET by " + String.join(", ", allMet)));
        return lines;
    }

    private static List<String> behindPeer(VariantRun run, VariantRun peer) {
        List<String> misses = new ArrayList<>();
        for (String phase : OverloadPlan.PHASES.subList(0, OverloadPlan.STEP_FACTORS.size())) {
            PhaseFigures mine = run.row(phase);
            PhaseFigures theirs = peer.row(phase);
            if (mine == null || theirs == null) {
                continue;
            }
            boolean goodput = mine.goodputRps() >= MATCH * theirs.goodputRps();
            boolean p99 = Double.isNaN(theirs.p99Ms()) || mine.p99Ms() * MATCH <= theirs.p99Ms();
            if (!goodput || !p99) {
                misses.add(phase + " (goodput " + Table.number(mine.goodputRps(), 1) + " vs " + Table.number(theirs.goodputRps(), 1)
                        + "/s, p99 " + Table.number(mine.p99Ms(), 1) + " vs " + Table.number(theirs.p99Ms(), 1) + " ms)");
            }
        }
        return misses;
    }

    private static Optional<VariantRun> find(List<VariantRun> runs, OverloadVariant variant) {
        return runs.stream().filter(r -> r.variant() == variant).findFirst();
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "n/a" : Table.number(share * 100, 1) + " %";
    }

    private static String verdict(boolean met) {
        return met ? "MET" : "NOT MET";
    }
}
