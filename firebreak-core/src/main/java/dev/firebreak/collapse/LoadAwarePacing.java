package dev.firebreak.collapse;

/**
 * LOAD_AWARE's pacing, as arithmetic on timestamps given by the caller (it reads no clock): when most
 * slots are busy, batch departures are spaced by about one batch latency divided by k, so that k
 * batches in flight spread over a call's duration instead of falling into step.
 *
 * <p>The batch latency is an exponentially weighted moving average of the batches that ended (weight
 * 1/4 for the newest sample). A sample is how long the batch held its slot: from its departure until
 * its requests had their outcome and its call had given the guard's permit back, so a call that
 * outlives its timeout counts its whole run (the time its slot and the guard's permit were really
 * taken), not just the timeout. Pacing applies only while at least three quarters of the k slots are busy
 * ({@link #applies}): below that a free slot is no scarce resource, and holding a batch back would only
 * add latency (in a closed loop, groups of callers returning close together would wait for each other).
 * So it never applies with k of 3 or less. When it applies, a departure must wait until {@code due}: one
 * interval after the previous departure, or after the previous paced one's {@code due} if that is
 * later (a virtual schedule without burst: two slots that free together do not both leave at once,
 * which is how slots fall into step). Under steady load departures are exactly one interval apart.
 * Until a first batch has ended there is no sample and no pacing.
 *
 * <p>Timestamps are {@code Ticker} nanoseconds: only differences are compared, so values near
 * {@code Long.MAX_VALUE} and negative ones are fine. Not thread-safe: its owner guards it with its lock.
 */
final class LoadAwarePacing {

    private long latencyNanos; // the EWMA; valid when hasSample
    private boolean hasSample;
    private long due;          // the virtual schedule; valid when hasDue
    private boolean hasDue;

    /** Records the latency of a batch that ended (negative samples, from a confused clock, count as 0). */
    void batchEnded(long latency) {
        long sample = Math.max(0L, latency);
        if (!hasSample) {
            latencyNanos = sample;
            hasSample = true;
        } else {
            latencyNanos += (sample - latencyNanos) / 4;
        }
    }

    /** The smoothed batch latency, or 0 before the first sample. */
    long latencyNanos() {
        return hasSample ? latencyNanos : 0L;
    }

    /** The spacing between departures with {@code k} slots: the smoothed batch latency over k. */
    long intervalNanos(int k) {
        return hasSample && k > 0 ? latencyNanos / k : 0L;
    }

    /** True when a departure with {@code inFlight} of k slots busy is paced: at least 3/4 of them. */
    static boolean applies(int inFlight, int k) {
        return 4L * inFlight >= 3L * k;
    }

    /**
     * How long from {@code now} until a batch may leave with {@code inFlight} of k slots busy: 0 if it
     * may leave now, else the nanoseconds to wait.
     */
    long waitNanos(long now, int inFlight, int k) {
        if (!hasDue || !applies(inFlight, k)) {
            return 0L;
        }
        long wait = due - now;
        return wait > 0 ? Math.min(wait, intervalNanos(k)) : 0L; // never more than one interval (k may have grown)
    }

    /** A batch left at {@code now}, with {@code inFlight} of k slots busy before it left. */
    void departed(long now, int inFlight, int k) {
        long interval = intervalNanos(k);
        long from = applies(inFlight, k) && hasDue && due - now > 0 ? due : now;
        due = from + interval;
        hasDue = true;
    }
}
