package dev.firebreak.limit;

/**
 * Gradient2 (Netflix concurrency-limits' recommended algorithm): compares the latency of each attempt
 * (the short-term RTT) with a slow exponential average of past ones (the long-term RTT) and moves the
 * limit by their ratio, plus a queue allowance that lets it grow while latency holds. For each sample:
 *
 * <ol>
 *   <li>{@code long = average(rtt)}: the plain mean of the first 10 samples, then an exponential average
 *       with factor {@code 2 / (longWindow + 1)};</li>
 *   <li>if {@code long / rtt > 2} (latency has fallen back after a long spell of load), the average is cut
 *       to 95 % at once, so it does not hold the limit down while it decays;</li>
 *   <li>if fewer than half the limit were in flight, the limit stays (no growth without demand);</li>
 *   <li>{@code gradient = clamp(tolerance * long / rtt, 0.5, 1.0)}: 1 while the attempt was no slower
 *       than {@code tolerance} times the average, down to 0.5 (at most halving per step);</li>
 *   <li>{@code target = limit * gradient + queueSize}, then smoothed:
 *       {@code limit = limit * (1 - smoothing) + target * smoothing}, bounded to [min, max].</li>
 * </ol>
 *
 * Drops play no direct part (as published): a timeout shows as its long latency.
 */
final class Gradient2 implements LimitAlgorithm {

    private static final int WARMUP_SAMPLES = 10;

    private final int minLimit;
    private final int maxLimit;
    private final double smoothing;
    private final double tolerance;
    private final double queueSize;
    private final double longFactor;
    // guarded by the AdaptiveLimit's lock
    private double estimated;
    private double longRtt;
    private double warmupSum;
    private int samples;

    Gradient2(LimitConfig config, int startLimit) {
        this.minLimit = config.minLimit();
        this.maxLimit = config.maxLimit();
        this.smoothing = config.gradient2SmoothingPercent() / 100.0;
        this.tolerance = config.gradient2RttTolerancePercent() / 100.0;
        this.queueSize = config.gradient2QueueSize();
        this.longFactor = 2.0 / (config.gradient2LongWindow() + 1);
        this.estimated = Math.clamp(startLimit, minLimit, maxLimit);
    }

    @Override
    public int onSample(long startNanos, long rttNanos, int inFlight, boolean dropped) {
        double shortRtt = rttNanos;
        double average = addToLongRtt(shortRtt);
        if (average / shortRtt > 2) {
            longRtt = longRtt * 0.95;
        }
        if (inFlight < estimated / 2) {
            return (int) estimated;
        }
        double gradient = Math.clamp(tolerance * average / shortRtt, 0.5, 1.0);
        double target = estimated * gradient + queueSize;
        double next = estimated * (1 - smoothing) + target * smoothing;
        estimated = Math.clamp(next, minLimit, maxLimit);
        return (int) estimated;
    }

    private double addToLongRtt(double rtt) {
        if (samples < WARMUP_SAMPLES) {
            samples++;
            warmupSum += rtt;
            longRtt = warmupSum / samples;
        } else {
            longRtt = longRtt * (1 - longFactor) + rtt * longFactor;
        }
        return longRtt;
    }

    /** The long-term RTT average in nanoseconds (for tests and reporting). */
    double longRttNanos() {
        return longRtt;
    }

    @Override
    public int limit() {
        return (int) estimated;
    }

    @Override
    public LimitKind kind() {
        return LimitKind.GRADIENT2;
    }
}
