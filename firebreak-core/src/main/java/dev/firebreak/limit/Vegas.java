package dev.firebreak.limit;

/**
 * TCP Vegas applied to calls (as in Netflix concurrency-limits): the lowest latency seen is the
 * no-load RTT; an attempt slower than it means a queue of {@code queue = ceil(limit * (1 - noLoad / rtt))}
 * calls somewhere downstream. With {@code log = max(1, floor(log10(limit)))}, for each sample:
 *
 * <ol>
 *   <li>every {@code jitter * probeMultiplier * limit} samples (jitter in [0.5, 1), derived from the
 *       probing sample's start time, so runs are reproducible) the no-load RTT is reset to this sample's
 *       RTT (a probe: the downstream may have got faster or slower for good); the limit stays;</li>
 *   <li>an RTT below the no-load RTT (or the first sample) becomes the no-load RTT; the limit stays;</li>
 *   <li>a drop: {@code limit - log};</li>
 *   <li>fewer than half the limit in flight: the limit stays (no growth without demand);</li>
 *   <li>{@code queue <= log}: {@code limit + beta * log} (no queue: grow fast);
 *       {@code queue < alpha * log}: {@code limit + log}; {@code queue > beta * log}: {@code limit - log};
 *       otherwise the limit stays;</li>
 *   <li>bounded to [min, max], then smoothed: {@code limit = (1 - smoothing) * limit + smoothing * next}.</li>
 * </ol>
 */
final class Vegas implements LimitAlgorithm {

    private final int minLimit;
    private final int maxLimit;
    private final int alpha;
    private final int beta;
    private final double smoothing;
    private final int probeMultiplier;
    // guarded by the AdaptiveLimit's lock
    private double estimated;
    private long noLoadRtt;
    private int probeCount;
    private double probeJitter;

    Vegas(LimitConfig config, int startLimit) {
        this.minLimit = config.minLimit();
        this.maxLimit = config.maxLimit();
        this.alpha = config.vegasAlpha();
        this.beta = config.vegasBeta();
        this.smoothing = config.vegasSmoothingPercent() / 100.0;
        this.probeMultiplier = config.vegasProbeMultiplier();
        this.estimated = Math.clamp(startLimit, minLimit, maxLimit);
        this.probeJitter = jitter(0L);
    }

    /** {@code max(1, floor(log10(n)))}. */
    static int log10(int n) {
        return n < 10 ? 1 : (int) Math.log10(n);
    }

    /** A jitter in [0.5, 1) that only the given time decides (a SplitMix64 step). */
    static double jitter(long seed) {
        long z = seed + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z = z ^ (z >>> 31);
        return 0.5 + 0.5 * ((z >>> 11) * 0x1.0p-53);
    }

    @Override
    public int onSample(long startNanos, long rttNanos, int inFlight, boolean dropped) {
        probeCount++;
        if (probeJitter * probeMultiplier * estimated <= probeCount) {
            probeJitter = jitter(startNanos);
            probeCount = 0;
            noLoadRtt = rttNanos;
            return (int) estimated;
        }
        if (noLoadRtt == 0 || rttNanos < noLoadRtt) {
            noLoadRtt = rttNanos;
            return (int) estimated;
        }
        int current = (int) estimated;
        int log = log10(current);
        double next;
        if (dropped) {
            next = estimated - log;
        } else if (inFlight * 2L < estimated) {
            return current;
        } else {
            int queue = (int) Math.ceil(estimated * (1 - (double) noLoadRtt / rttNanos));
            if (queue <= log) {
                next = estimated + beta * log;
            } else if (queue < alpha * log) {
                next = estimated + log;
            } else if (queue > beta * log) {
                next = estimated - log;
            } else {
                return current;
            }
        }
        next = Math.clamp(next, minLimit, maxLimit);
        estimated = (1 - smoothing) * estimated + smoothing * next;
        return (int) estimated;
    }

    /** The no-load RTT in nanoseconds (for tests and reporting). */
    long noLoadRttNanos() {
        return noLoadRtt;
    }

    @Override
    public int limit() {
        return (int) estimated;
    }

    @Override
    public LimitKind kind() {
        return LimitKind.VEGAS;
    }
}
