package dev.firebreak.lab.experiment.collapse;

import dev.firebreak.lab.downstream.DownstreamCounts;
import dev.firebreak.lab.load.LoadResult;

/**
 * One run of one variant under one loop.
 *
 * @param variant the variant
 * @param loop the loop's label
 * @param result the load driver's figures
 * @param downstream what the downstream received during the measured window
 */
public record RunMeasurement(CollapseVariant variant, String loop, LoadResult result, DownstreamCounts downstream) {

    /** Downstream calls per second in the measured window. */
    public double downstreamCallsPerSecond() {
        double seconds = result.latency().seconds();
        return seconds <= 0 ? 0 : downstream.calls() / seconds;
    }
}
