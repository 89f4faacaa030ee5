package dev.firebreak.lab.experiment.shed;

import dev.firebreak.context.Criticality;
import dev.firebreak.lab.experiment.LabReport;
import dev.firebreak.lab.experiment.RunContext;
import dev.firebreak.lab.experiment.RunRecord;
import dev.firebreak.lab.experiment.TemplateExperiment;
import dev.firebreak.lab.experiment.overload.CapacityDownstream;
import dev.firebreak.lab.experiment.overload.OverloadCaller;
import dev.firebreak.lab.experiment.overload.PhaseFigures;
import dev.firebreak.lab.experiment.overload.RequestMix;
import dev.firebreak.lab.experiment.overload.SeedSizing;
import dev.firebreak.lab.experiment.overload.Segment;
import dev.firebreak.lab.experiment.overload.SegmentLoad;
import dev.firebreak.lab.experiment.overload.UnprotectedCaller;
import dev.firebreak.lab.experiment.overload.VariantContext;
import dev.firebreak.lab.time.LabTimer;
import dev.firebreak.time.Scheduler;
import java.util.ArrayList;
import java.util.List;

/**
 * Issue 38's shed experiment: the overload experiment's downstream (at most C requests at once at a
 * base latency, the rest queue) offered load mixed by criticality (2 % CRITICAL_PLUS, 6 % CRITICAL,
 * 22 % SHEDDABLE_PLUS, 70 % SHEDDABLE, drawn from a seeded random, each request carrying its level in
 * the {@link Criticality#HEADER} header and as its call's scope), stepped 0.5x to 10x the capacity and
 * then held while the capacity halves and comes back; every variant on fresh parts, the same sequence
 * of levels for each.
 */
public final class ShedExperiment extends TemplateExperiment<ShedSettings, ShedRun> {

    private static final long CALIBRATION_LEAD_NANOS = 500_000_000L;

    /** The experiment, as {@code ./firebreak lab shed} runs it. */
    public ShedExperiment() {
        super("shed", "mixed-criticality load at 0.5x..10x and a capacity drop: who is refused first (issue 38)",
                "./firebreak lab shed [options]   issue 38: goodput and p99 per criticality under overload, with and without priorities");
    }

    @Override
    protected ShedSettings newOptions() {
        return new ShedSettings();
    }

    @Override
    protected long plannedNanos(ShedSettings settings) {
        return settings.warmup().toNanos() * settings.variants().size() + settings.calibrate().toNanos() + CALIBRATION_LEAD_NANOS
                + settings.variants().size() * settings.variantNanos();
    }

    @Override
    protected List<ShedRun> runs(ShedSettings settings, RunContext context) throws Exception {
        List<ShedRun> runs = new ArrayList<>();
        SegmentLoad load = new SegmentLoad(context.ticker(), context.timer());
        try (LabTimer downstreamTimer = new LabTimer("lab-downstream-timer")) {
            double latencyMs = settings.latency().toNanos() / 1e6;
            if (settings.warmup().toNanos() > 0) {
                context.progress().step("JVM warm-up: every variant at a quarter of the capacity", settings.warmup().toNanos() * settings.variants().size());
                SeedSizing provisional = SeedSizing.of(settings.capacityRps(), latencyMs, latencyMs);
                Segment quarter = new Segment("base", 0.25, 1.0, 0, settings.warmup().toNanos(), false);
                for (ShedVariant variant : settings.variants()) {
                    runOnce(settings, variant, provisional, List.of(quarter), load, downstreamTimer);
                }
            }
            context.progress().step("calibration: unprotected at half the capacity (seed 003's sizes)",
                    settings.calibrate().toNanos() + CALIBRATION_LEAD_NANOS);
            SeedSizing sizing = calibrate(settings, load, downstreamTimer);
            for (ShedVariant variant : settings.variants()) {
                context.progress().step(variant.label() + ": load steps x0.5..x10", settings.steps().stream().mapToLong(Segment::lengthNanos).sum());
                SegmentLoad.Result steps = runOnce(settings, variant, sizing, settings.steps(), load, downstreamTimer);
                context.progress().step(variant.label() + ": capacity drop and recovery", settings.change().stream().mapToLong(Segment::lengthNanos).sum());
                SegmentLoad.Result change = runOnce(settings, variant, sizing, settings.change(), load, downstreamTimer);
                List<ShedRow> rows = new ArrayList<>();
                addRows(rows, steps);
                addRows(rows, change);
                runs.add(new ShedRun(variant, rows, sizing));
            }
        }
        return runs;
    }

    /** Per phase, one row per level (most important first), then the totals. */
    private static void addRows(List<ShedRow> rows, SegmentLoad.Result result) {
        for (PhaseFigures total : result.phases()) {
            List<PhaseFigures> levels = result.byClass().get(total.phase());
            for (Criticality level : Criticality.values()) {
                rows.add(new ShedRow(level.name(), levels.get(level.ordinal())));
            }
            rows.add(new ShedRow(ShedRow.ALL, total));
        }
    }

    /** Seed 003's sizes from the unprotected call at half the capacity, as the overload experiment computes them. */
    private static SeedSizing calibrate(ShedSettings settings, SegmentLoad load, Scheduler downstreamTimer) throws Exception {
        Segment warmUp = new Segment("base", 0.25, 1.0, 0, CALIBRATION_LEAD_NANOS, false);
        Segment healthy = new Segment("x0.5", 0.5, 1.0, 0, settings.calibrate().toNanos(), true);
        SegmentLoad.Result result = runOnce(settings, ShedVariant.NONE, null, List.of(warmUp, healthy), load, downstreamTimer);
        PhaseFigures figures = result.phases().getFirst();
        double latency = Double.isNaN(figures.p50Ms()) ? settings.latency().toNanos() / 1e6 : figures.p50Ms();
        return SeedSizing.of(settings.capacityRps(), latency, latency).measuredFrom(figures);
    }

    private static SegmentLoad.Result runOnce(ShedSettings settings, ShedVariant variant, SeedSizing sizing, List<Segment> segments,
            SegmentLoad load, Scheduler downstreamTimer) throws Exception {
        long serviceNanos = settings.latency().toNanos();
        int initial = sizing == null ? settings.minLimit() : settings.initialLimit(sizing);
        RequestMix<Criticality> mix = ShedMix.issue(settings.seed());
        try (CapacityDownstream downstream = CapacityDownstream.start(downstreamTimer, settings.capacity(), serviceNanos);
             OverloadCaller caller = sizing == null ? new UnprotectedCaller(context(settings, downstream, null, initial))
                     : variant.open(context(settings, downstream, sizing, initial))) {
            return load.run(variant.label(), segments, mix, caller::call, caller::limit, downstream, settings.capacity(), serviceNanos,
                    settings.drain().toNanos());
        }
    }

    private static VariantContext context(ShedSettings settings, CapacityDownstream downstream, SeedSizing sizing, int initial) {
        return new VariantContext(downstream.uri(), settings.timeout(), sizing, initial, settings.minLimit(), settings.maxLimit(),
                settings.aimdLatencyThreshold(), settings.criticalWait());
    }

    @Override
    protected LabReport report(ShedSettings settings, List<ShedRun> runs, RunRecord record) {
        return ShedReport.of(settings, runs, record);
    }
}
