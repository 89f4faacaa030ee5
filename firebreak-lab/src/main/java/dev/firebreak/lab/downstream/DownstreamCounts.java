package dev.firebreak.lab.downstream;

/**
 * What the downstream simulator has received so far (or between two snapshots, see {@link #minus}).
 *
 * @param calls calls to the integers endpoint, batch or single, whatever their outcome
 * @param integersRequested the sum of {@code n} over those calls: the requests they stand for
 * @param failures calls answered with the simulated error (HTTP 503)
 * @param badRequests calls whose {@code n} was missing or out of range (HTTP 400)
 */
public record DownstreamCounts(long calls, long integersRequested, long failures, long badRequests) {

    /** Nothing received. */
    public static final DownstreamCounts ZERO = new DownstreamCounts(0, 0, 0, 0);

    /** What was received after {@code earlier} was taken. */
    public DownstreamCounts minus(DownstreamCounts earlier) {
        return new DownstreamCounts(calls - earlier.calls, integersRequested - earlier.integersRequested,
                failures - earlier.failures, badRequests - earlier.badRequests);
    }

    /** Integers asked for per call: the mean batch size when every request asks for one. */
    public double meanIntegersPerCall() {
        return calls == 0 ? 0 : (double) integersRequested / calls;
    }
}
