package dev.firebreak.lab.load;

import java.util.List;

/**
 * The figures of one measured window. Latencies are of successful requests, in milliseconds, from the
 * intended start (see {@link RequestTiming#responseTimeNanos()}).
 *
 * @param ok successful requests
 * @param errors failed requests
 * @param seconds the window's length
 * @param meanMs mean latency
 * @param p50Ms median
 * @param p95Ms 95th percentile
 * @param p99Ms 99th percentile
 * @param maxMs maximum
 * @param addedMeanMs mean of latency minus the downstream's own delay: what everything but the
 *     dependency added (the library's window, queues, HTTP hops)
 * @param addedP99Ms 99th percentile of the same
 * @param serviceMeanMs mean from the actual send (a naive driver's figure; equals meanMs when the
 *     sender kept its schedule)
 * @param maxLateStartMs the sender's worst lateness
 * @param failureSamples up to a few distinct failure descriptions
 */
public record LatencySummary(long ok, long errors, double seconds, double meanMs, double p50Ms, double p95Ms,
        double p99Ms, double maxMs, double addedMeanMs, double addedP99Ms, double serviceMeanMs,
        double maxLateStartMs, List<String> failureSamples) {

    /** Successful requests per second. */
    public double tps() {
        return seconds <= 0 ? 0 : ok / seconds;
    }
}
