package dev.firebreak.lab.experiment.collapse;

import dev.firebreak.lab.load.LatencySummary;
import dev.firebreak.lab.report.Table;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One variant under one loop, averaged over its repeats, with the spread (min..max) of the figures
 * that move most between runs.
 *
 * @param variant the variant
 * @param loop the loop's label
 * @param repeats how many runs it averages
 * @param tps successful requests per second
 * @param meanMs mean latency
 * @param p50Ms median
 * @param p95Ms 95th percentile
 * @param p99Ms 99th percentile
 * @param maxMs maximum (the largest over repeats)
 * @param errors failed requests (the total over repeats)
 * @param downstreamCallsPerSecond calls the downstream received per second
 * @param meanBatchSize requests per downstream call (integers asked per call, one per request)
 * @param addedMeanMs mean latency minus the downstream's own delay
 * @param addedP99Ms 99th percentile of the same
 * @param tpsRange min and max tps over repeats
 * @param meanRange min and max mean latency over repeats
 * @param callsRange min and max downstream calls/s over repeats
 * @param failureSamples a few failure descriptions
 */
public record CollapseRow(CollapseVariant variant, String loop, int repeats, double tps, double meanMs, double p50Ms,
        double p95Ms, double p99Ms, double maxMs, long errors, double downstreamCallsPerSecond, double meanBatchSize,
        double addedMeanMs, double addedP99Ms, Spread tpsRange, Spread meanRange, Spread callsRange,
        List<String> failureSamples) {

    /** The CSV columns, exactly. */
    public static final List<String> CSV_HEADER = List.of("variant", "loop", "tps", "mean_ms", "p50_ms", "p95_ms",
            "p99_ms", "max_ms", "errors", "downstream_calls_per_s", "mean_batch_size");

    /** Averages the runs of one variant under one loop (at least one). */
    public static CollapseRow of(List<RunMeasurement> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs to summarise");
        }
        RunMeasurement first = runs.getFirst();
        long calls = 0;
        long integers = 0;
        long errors = 0;
        double max = 0;
        for (RunMeasurement run : runs) {
            calls += run.downstream().calls();
            integers += run.downstream().integersRequested();
            errors += run.result().latency().errors();
            max = Math.max(max, run.result().latency().maxMs());
        }
        return new CollapseRow(first.variant(), first.loop(), runs.size(),
                mean(runs, r -> r.result().latency().tps()),
                mean(runs, r -> r.result().latency().meanMs()),
                mean(runs, r -> r.result().latency().p50Ms()),
                mean(runs, r -> r.result().latency().p95Ms()),
                mean(runs, r -> r.result().latency().p99Ms()),
                max, errors,
                mean(runs, RunMeasurement::downstreamCallsPerSecond),
                calls == 0 ? 0 : (double) integers / calls,
                mean(runs, r -> r.result().latency().addedMeanMs()),
                mean(runs, r -> r.result().latency().addedP99Ms()),
                range(runs, r -> r.result().latency().tps()),
                range(runs, r -> r.result().latency().meanMs()),
                range(runs, RunMeasurement::downstreamCallsPerSecond),
                runs.stream().flatMap(r -> r.result().latency().failureSamples().stream()).distinct().limit(3).toList());
    }

    private static double mean(List<RunMeasurement> runs, ToDoubleFunction<RunMeasurement> figure) {
        return runs.stream().mapToDouble(figure).average().orElse(0);
    }

    private static Spread range(List<RunMeasurement> runs, ToDoubleFunction<RunMeasurement> figure) {
        return new Spread(runs.stream().mapToDouble(figure).min().orElse(0), runs.stream().mapToDouble(figure).max().orElse(0));
    }

    /**
     * The smallest and largest value of a figure over repeats.
     *
     * @param min smallest
     * @param max largest
     */
    public record Spread(double min, double max) {
    }

    /** The CSV cells, in {@link #CSV_HEADER} order. */
    public List<String> csvCells() {
        return List.of(variant.label(), loop, Table.number(tps, 1), Table.number(meanMs, 1), Table.number(p50Ms, 1),
                Table.number(p95Ms, 1), Table.number(p99Ms, 1), Table.number(maxMs, 1), Long.toString(errors),
                Table.number(downstreamCallsPerSecond, 1), Table.number(meanBatchSize, 2));
    }

    /** A lone measured figure or, over several repeats, {@code mean (min-max)}. */
    static String withSpread(double value, Spread range, int decimals, int repeats) {
        String text = Table.number(value, decimals);
        return repeats <= 1 ? text : text + " (" + Table.number(range.min(), decimals) + "-" + Table.number(range.max(), decimals) + ")";
    }
}
