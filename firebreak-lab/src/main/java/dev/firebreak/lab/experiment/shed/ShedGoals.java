package dev.firebreak.lab.experiment.shed;

import static dev.firebreak.context.Criticality.CRITICAL;
import static dev.firebreak.context.Criticality.CRITICAL_PLUS;
import static dev.firebreak.context.Criticality.SHEDDABLE;
import static dev.firebreak.context.Criticality.SHEDDABLE_PLUS;

import dev.firebreak.context.Criticality;
import dev.firebreak.lab.experiment.overload.OverloadPlan;
import dev.firebreak.lab.experiment.overload.PhaseFigures;
import dev.firebreak.lab.report.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Issue 38's goals for the shed experiment, measured on a run's figures; each gives its figures and
 * MET or NOT MET. The first two are measured for every variant (to compare), the third for
 * {@code firebreak-priority} against the peer; the verdict is {@code firebreak-priority}'s.
 *
 * <ul>
 *   <li><b>x10</b>: CRITICAL_PLUS and CRITICAL each get goodput at least {@link #CRITICAL_SHARE} of what
 *       they offer, with their admitted p99 at most {@link #P99_FACTOR} x the base latency; the total goodput
 *       is at least {@link #GOODPUT_SHARE} of the capacity; and the refusals fall on the sheddable levels,
 *       lowest first: something is refused, each critical level has at most 1 - {@link #CRITICAL_SHARE} of
 *       its offer refused, and the refused share of each level's offer is at least the next more important
 *       level's.</li>
 *   <li><b>drop</b>: in the drop row's window (which opens the drop grace, 5 s by default, after the
 *       capacity halved), CRITICAL_PLUS and CRITICAL each get goodput at least {@link #CRITICAL_SHARE} of the
 *       lesser of what they offer and the halved capacity.</li>
 *   <li><b>vs peer</b>: at every load step (x0.5 .. x10), the critical goodput (CRITICAL_PLUS + CRITICAL) is
 *       at least the peer's (within {@link #PEER_NOISE}: one request in a hundred) and the worse of the two
 *       critical levels' p99 at most the peer's plus {@link #PEER_P99_NOISE} (the overload experiment's p99
 *       allowance for noise).</li>
 * </ul>
 */
final class ShedGoals {

    static final double CRITICAL_SHARE = 0.99;
    static final double P99_FACTOR = 2;
    static final double GOODPUT_SHARE = 0.9;
    static final double PEER_NOISE = 0.01;
    static final double PEER_P99_NOISE = 0.05;
    static final List<Criticality> CRITICAL_LEVELS = List.of(CRITICAL_PLUS, CRITICAL);
    /** The variant the goals are for, and its peer. */
    static final ShedVariant SUBJECT = ShedVariant.FIREBREAK_PRIORITY;
    static final ShedVariant PEER = ShedVariant.CONCURRENCY_LIMITS;

    private ShedGoals() {
    }

    /** One goal's result. */
    record Verdict(boolean met, String figures) {
        String line(String what) {
            return what + ": " + figures + " -> " + (met ? "MET" : "NOT MET");
        }
    }

    /** At x10: the critical levels' goodput and p99, the total goodput and the order of the refusals, all together. */
    static Verdict x10(ShedRun run, double latencyMs) {
        PhaseFigures total = run.total("x10");
        if (total == null) {
            return new Verdict(false, "x10 not run");
        }
        boolean met = true;
        List<String> parts = new ArrayList<>();
        for (Criticality level : CRITICAL_LEVELS) {
            PhaseFigures f = run.at("x10", level);
            double share = f.goodputRps() / f.offeredRps();
            boolean ok = share >= CRITICAL_SHARE && f.p99Ms() <= P99_FACTOR * latencyMs;
            met &= ok;
            parts.add(level + " goodput " + Table.number(f.goodputRps(), 1) + " of " + Table.number(f.offeredRps(), 1) + "/s ("
                    + percent(share) + "), p99 " + Table.number(f.p99Ms(), 1) + " ms");
        }
        double share = total.goodputRps() / total.capacityRps();
        met &= share >= GOODPUT_SHARE;
        parts.add("total goodput " + Table.number(total.goodputRps(), 1) + "/s = " + percent(share) + " of capacity");
        Verdict order = refusalOrder(run, "x10");
        met &= order.met();
        parts.add(order.figures());
        return new Verdict(met, String.join("; ", parts) + " (goals: critical >= 99 % of offer, p99 <= "
                + Table.number(P99_FACTOR * latencyMs, 0) + " ms, total >= 90 % of capacity, refusals on the sheddable levels lowest first)");
    }

    /** Whether the refusals of {@code phase} fall on the sheddable levels, lowest first. */
    static Verdict refusalOrder(ShedRun run, String phase) {
        List<String> shares = new ArrayList<>();
        double more = -1;
        boolean ordered = true;
        boolean any = false;
        for (Criticality level : List.of(CRITICAL_PLUS, CRITICAL, SHEDDABLE_PLUS, SHEDDABLE)) {
            PhaseFigures f = run.at(phase, level);
            double refused = f.offeredRps() == 0 ? 0 : f.rejectedRps() / f.offeredRps();
            any |= f.rejectedRps() > 0;
            ordered &= refused >= more && (level.isAtLeast(CRITICAL) ? refused <= 1 - CRITICAL_SHARE : true);
            more = refused;
            shares.add(level + " " + percent(refused));
        }
        return new Verdict(any && ordered, "refused " + String.join(", ", shares) + (any ? "" : " (nothing refused)"));
    }

    /** In the drop row's window: each critical level's goodput against the lesser of its offer and the halved capacity. */
    static Verdict drop(ShedRun run) {
        if (run.total("drop") == null) {
            return new Verdict(false, "drop not run");
        }
        boolean met = true;
        List<String> parts = new ArrayList<>();
        for (Criticality level : CRITICAL_LEVELS) {
            PhaseFigures f = run.at("drop", level);
            double due = Math.min(f.offeredRps(), f.capacityRps());
            boolean ok = f.goodputRps() >= CRITICAL_SHARE * due;
            met &= ok;
            parts.add(level + " goodput " + Table.number(f.goodputRps(), 1) + "/s of min(offered " + Table.number(f.offeredRps(), 1)
                    + ", capacity " + Table.number(f.capacityRps(), 0) + ") (" + percent(due == 0 ? Double.NaN : f.goodputRps() / due) + ")");
        }
        return new Verdict(met, String.join("; ", parts) + " (goal >= 99 %)");
    }

    /** At every load step: at least the peer's critical goodput with no worse critical p99. */
    static Verdict versusPeer(ShedRun run, ShedRun peer) {
        List<String> behind = new ArrayList<>();
        for (String phase : OverloadPlan.PHASES.subList(0, OverloadPlan.STEP_FACTORS.size())) {
            if (run.total(phase) == null || peer.total(phase) == null) {
                behind.add(phase + " (not run)");
                continue;
            }
            double mine = criticalGoodput(run, phase);
            double theirs = criticalGoodput(peer, phase);
            double myP99 = criticalP99(run, phase);
            double theirP99 = criticalP99(peer, phase);
            boolean goodput = mine >= (1 - PEER_NOISE) * theirs;
            boolean p99 = Double.isNaN(theirP99) || myP99 <= theirP99 * (1 + PEER_P99_NOISE);
            if (!goodput || !p99) {
                behind.add(phase + " (critical goodput " + Table.number(mine, 1) + " vs " + Table.number(theirs, 1) + "/s, p99 "
                        + Table.number(myP99, 1) + " vs " + Table.number(theirP99, 1) + " ms)");
            }
        }
        return new Verdict(behind.isEmpty(), behind.isEmpty() ? "at least the peer's critical goodput with no worse p99 at every step"
                : "behind at " + String.join(", ", behind));
    }

    /** CRITICAL_PLUS + CRITICAL goodput in {@code phase}. */
    static double criticalGoodput(ShedRun run, String phase) {
        return CRITICAL_LEVELS.stream().mapToDouble(l -> run.at(phase, l).goodputRps()).sum();
    }

    /** The worse of the critical levels' p99 in {@code phase} (NaN when neither had a success). */
    static double criticalP99(ShedRun run, String phase) {
        double worst = Double.NaN;
        for (Criticality level : CRITICAL_LEVELS) {
            double p99 = run.at(phase, level).p99Ms();
            if (!Double.isNaN(p99) && (Double.isNaN(worst) || p99 > worst)) {
                worst = p99;
            }
        }
        return worst;
    }

    /** The goal lines: x10 and drop for every variant, the peer comparison and the verdict for {@link #SUBJECT}. */
    static List<String> lines(List<ShedRun> runs, double latencyMs) {
        List<String> lines = new ArrayList<>();
        for (ShedRun run : runs) {
            lines.add("- " + x10(run, latencyMs).line(run.variant().label() + ", x10"));
            lines.add("- " + drop(run).line(run.variant().label() + ", after the drop"));
        }
        Optional<ShedRun> subject = find(runs, SUBJECT);
        Optional<ShedRun> peer = find(runs, PEER);
        lines.add("");
        if (subject.isEmpty()) {
            lines.add("- no " + SUBJECT.label() + " in this run: issue 38's goals are not measured");
            return lines;
        }
        List<String> met = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        (x10(subject.get(), latencyMs).met() ? met : missed).add("x10");
        (drop(subject.get()).met() ? met : missed).add("drop");
        if (peer.isPresent()) {
            Verdict versus = versusPeer(subject.get(), peer.get());
            lines.add("- " + versus.line(SUBJECT.label() + " vs " + PEER.label() + " at every load step"));
            (versus.met() ? met : missed).add("vs peer");
        } else {
            missed.add("vs peer (no peer in the run)");
        }
        lines.add("- issue 38 (" + SUBJECT.label() + " meeting every goal): " + (missed.isEmpty() ? "MET"
                : "NOT MET; met " + (met.isEmpty() ? "none" : String.join(", ", met)) + "; missed " + String.join(", ", missed)));
        return lines;
    }

    private static Optional<ShedRun> find(List<ShedRun> runs, ShedVariant variant) {
        return runs.stream().filter(r -> r.variant() == variant).findFirst();
    }

    static String percent(double share) {
        return Double.isNaN(share) ? "n/a" : Table.number(share * 100, 1) + " %";
    }
}
