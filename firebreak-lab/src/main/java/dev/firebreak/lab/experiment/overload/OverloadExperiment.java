package dev.firebreak.lab.experiment.overload;

import dev.firebreak.lab.experiment.LabReport;
import dev.firebreak.lab.experiment.RunContext;
import dev.firebreak.lab.experiment.RunRecord;
import dev.firebreak.lab.experiment.TemplateExperiment;
import dev.firebreak.lab.time.LabTimer;
import dev.firebreak.time.Scheduler;
import java.util.ArrayList;
import java.util.List;

/**
 * Issue 13's overload experiment: a loopback downstream serving at most C requests at once at a base
 * latency (the rest queue), offered 0.5x to 10x its capacity in an open loop and then a constant
 * load while its capacity halves and comes back; every variant, unprotected, static (Hystrix's pool
 * sized by seed 003's rules, Resilience4j's bulkhead, Firebreak's semaphore) and adaptive (Netflix
 * concurrency-limits' Gradient2 as the peer, Firebreak's limits), on fresh parts for each run.
 */
public final class OverloadExperiment extends TemplateExperiment<OverloadSettings, VariantRun> {

    /** The experiment, as {@code ./firebreak lab overload} runs it. */
    public OverloadExperiment() {
        super("overload", "a downstream of fixed capacity at 0.5x..10x load and a capacity drop: static bounds vs adaptive limits (issue 13)",
                "./firebreak lab overload [options]   issue 13: goodput and p99 under overload, static vs adaptive limits");
    }

    @Override
    protected OverloadSettings newOptions() {
        return new OverloadSettings();
    }

    @Override
    protected long plannedNanos(OverloadSettings settings) {
        return plannedNanosOf(settings);
    }

    /** The warm-up, the calibration and every variant's two runs, without the drains after each run. */
    long plannedNanosOf(OverloadSettings settings) {
        return warmUpNanos(settings) + calibrationNanos(settings) + settings.variants().size() * settings.plan().lengthNanos();
    }

    private static long warmUpNanos(OverloadSettings settings) {
        return settings.warmup().toNanos() * settings.variants().size();
    }

    private static long calibrationNanos(OverloadSettings settings) {
        return settings.calibrate().toNanos() + CALIBRATION_LEAD_NANOS;
    }

    private static final long CALIBRATION_LEAD_NANOS = 500_000_000L;

    @Override
    protected List<VariantRun> runs(OverloadSettings settings, RunContext context) throws Exception {
        List<VariantRun> runs = new ArrayList<>();
        OverloadPlan plan = settings.plan();
        SegmentLoad load = new SegmentLoad(context.ticker(), context.timer());
        try (LabTimer downstreamTimer = new LabTimer("lab-downstream-timer")) {
            if (settings.warmup().toNanos() > 0) {
                context.progress().step("JVM warm-up: every variant at a quarter of the capacity", warmUpNanos(settings));
                double latencyMs = settings.latency().toNanos() / 1e6;
                SeedSizing provisional = SeedSizing.of(settings.capacityRps(), latencyMs, latencyMs);
                Segment quarter = new Segment("base", 0.25, 1.0, 0, settings.warmup().toNanos(), false);
                for (OverloadVariant variant : settings.variants()) {
                    runOnce(settings, variant, provisional, List.of(quarter), load, downstreamTimer);
                }
            }
            context.progress().step("calibration: unprotected at half the capacity (seed 003's sizes)", calibrationNanos(settings));
            SeedSizing sizing = calibrate(settings, load, downstreamTimer);
            for (OverloadVariant variant : settings.variants()) {
                context.progress().step(variant.label() + ": load steps x0.5..x10", plan.steps().stream().mapToLong(Segment::lengthNanos).sum());
                SegmentLoad.Result steps = runOnce(settings, variant, sizing, plan.steps(), load, downstreamTimer);
                context.progress().step(variant.label() + ": capacity drop and recovery", plan.change().stream().mapToLong(Segment::lengthNanos).sum());
                SegmentLoad.Result change = runOnce(settings, variant, sizing, plan.change(), load, downstreamTimer);
                long dropAt = change.segmentStarts().get("drop");
                long recoverAt = change.segmentStarts().get("recover");
                long endAt = recoverAt + plan.change().getLast().lengthNanos();
                long hold = settings.hold().toNanos();
                List<PhaseFigures> rows = new ArrayList<>(steps.phases());
                rows.addAll(change.phases());
                runs.add(new VariantRun(variant, rows, LimitSeries.settle(change.limits(), dropAt, recoverAt, 0.1, hold),
                        LimitSeries.settle(change.limits(), recoverAt, endAt, 0.1, hold), sizing));
            }
        }
        return runs;
    }

    /**
     * Seed 003's sizes: the capacity as the peak healthy rate, and the healthy latency measured by the
     * unprotected call at half the capacity (no queueing; at exactly the capacity any hiccup leaves a
     * queue that never drains). The downstream's service time is fixed, so its healthy p99 and p99.5
     * equal its median: the calibration's median stands for both, and the tail the calibration measures
     * above it (this machine's scheduling noise, large when it is shared) does not inflate the sizes.
     */
    private static SeedSizing calibrate(OverloadSettings settings, SegmentLoad load, Scheduler downstreamTimer) throws Exception {
        Segment warmUp = new Segment("base", 0.25, 1.0, 0, CALIBRATION_LEAD_NANOS, false); // connections
        Segment healthy = new Segment("x0.5", 0.5, 1.0, 0, settings.calibrate().toNanos(), true);
        SegmentLoad.Result result = runOnce(settings, OverloadVariant.UNPROTECTED, null, List.of(warmUp, healthy), load, downstreamTimer);
        PhaseFigures figures = result.phases().getFirst();
        double latency = Double.isNaN(figures.p50Ms()) ? settings.latency().toNanos() / 1e6 : figures.p50Ms();
        return SeedSizing.of(settings.capacityRps(), latency, latency).measuredFrom(figures);
    }

    private static SegmentLoad.Result runOnce(OverloadSettings settings, OverloadVariant variant, SeedSizing sizing, List<Segment> segments,
            SegmentLoad load, Scheduler downstreamTimer) throws Exception {
        long serviceNanos = settings.latency().toNanos();
        try (CapacityDownstream downstream = CapacityDownstream.start(downstreamTimer, settings.capacity(), serviceNanos);
             OverloadCaller caller = variant.open(new VariantContext(downstream.uri(), settings.timeout(), sizing,
                     sizing == null ? settings.minLimit() : settings.initialLimit(sizing), settings.minLimit(), settings.maxLimit(),
                     settings.aimdLatencyThreshold()))) {
            return load.run(variant.label(), segments, caller, downstream, settings.capacity(), serviceNanos, settings.drain().toNanos());
        }
    }

    @Override
    protected LabReport report(OverloadSettings settings, List<VariantRun> runs, RunRecord record) {
        return OverloadReport.of(settings, runs, record);
    }
}
