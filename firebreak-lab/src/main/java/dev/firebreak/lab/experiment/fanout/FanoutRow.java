package dev.firebreak.lab.experiment.fanout;

import dev.firebreak.lab.report.Table;
import java.util.List;

/**
 * One variant's run.
 *
 * @param variant what ran
 * @param ids clients fetched
 * @param delayMillis the downstream's delay per call
 * @param totalMillis from the first request to the last answer
 * @param answered clients answered (must equal ids)
 * @param downstreamCalls calls the downstream received
 * @param peakBlockedCounted the most platform threads inside a blocking fetch at once (the gauge)
 * @param peakBlockedSampled the same seen in thread dumps (the sampler)
 * @param platformWaits blocking fetches made on platform threads
 * @param virtualWaits blocking fetches made on virtual threads
 * @param failure what went wrong, or empty
 */
public record FanoutRow(FanoutVariant variant, int ids, int delayMillis, double totalMillis, int answered,
        long downstreamCalls, int peakBlockedCounted, int peakBlockedSampled, long platformWaits, long virtualWaits,
        String failure) {

    /** The CSV header. */
    public static final List<String> CSV_HEADER = List.of("variant", "ids", "delay_ms", "total_ms", "answered",
            "downstream_calls", "peak_platform_threads_blocked", "peak_platform_threads_blocked_sampled",
            "platform_waits", "virtual_waits", "failure");

    /** The CSV cells. */
    public List<String> cells() {
        return List.of(variant.label(), Integer.toString(ids), Integer.toString(delayMillis), Table.number(totalMillis, 1),
                Integer.toString(answered), Long.toString(downstreamCalls), Integer.toString(peakBlockedCounted),
                Integer.toString(peakBlockedSampled), Long.toString(platformWaits), Long.toString(virtualWaits), failure);
    }

    /** Total time over the ideal (one delay). */
    public double overIdeal() {
        return totalMillis / delayMillis;
    }
}
