package dev.firebreak.lab.experiment.tuning;

import dev.firebreak.lab.report.Table;
import dev.firebreak.metrics.GuardMetricsSnapshot;
import java.util.List;

/**
 * Seed 003's sizing rules, applied to a guard's live metrics ({@code guard.metrics().snapshot()}):
 *
 * <ul>
 *   <li><b>coreSize</b> = peak requests per second x the healthy p99 latency in seconds (Little's law,
 *       L = λW), never below the most calls seen at once in the rolling window, rounded up to the next
 *       multiple of {@link #ROUND_TO} as headroom (the seed: 854.2/s x 0.231 s = 197.3, set to 200);</li>
 *   <li><b>maximumSize</b> = coreSize / 0.8: core threads are 8 parts, burst threads 2 (the seed: 200 / 0.8 = 250);</li>
 *   <li><b>maxQueueSize</b> (and queueSizeRejectionThreshold) = 0.8 x maximumSize, the same 8:2 rule (the seed: 200);</li>
 *   <li><b>timeout</b> = the p99.5 latency rounded up to {@link #ROUND_TO} ms: the Netflix rule "timeout near
 *       p99.5", sacrificing the slowest half percent to keep the rest within it.</li>
 * </ul>
 *
 * <p>The rate is the rolling window's request count (every arrival: successes, failures, timeouts,
 * rejections) over the seconds the window really covers; measure at peak load for the peak rate.
 * Pure arithmetic: no clock is read.
 */
public final class PoolAdvisor {

    /** Rounding step for threads and milliseconds: the headroom. */
    public static final int ROUND_TO = 10;
    /** The 8:2 rule: core threads are this share of the maximum, the queue this share of the maximum. */
    public static final double CORE_SHARE = 0.8;

    private PoolAdvisor() {
    }

    /**
     * The advice for a guard whose snapshot is {@code snapshot}.
     *
     * @param observedSeconds the seconds the rolling window really covers (less than its length just
     *     after the guard was created)
     */
    public static PoolAdvice advise(GuardMetricsSnapshot snapshot, double observedSeconds) {
        double windowSeconds = Math.min(snapshot.rollingWindowMillis() / 1000.0, observedSeconds);
        if (!(windowSeconds > 0)) {
            throw new IllegalArgumentException("observed seconds must be > 0, was " + observedSeconds);
        }
        long requests = snapshot.health().requestCount();
        double rate = requests / windowSeconds;
        double p99Seconds = snapshot.executionLatency().percentileNanos(99.0) / 1e9;
        double p995Millis = snapshot.executionLatency().percentileNanos(99.5) / 1e6;
        double little = rate * p99Seconds;
        long concurrent = snapshot.rollingMaxConcurrentExecutions();
        int core = roundUp(Math.max(little, concurrent));
        int maximum = roundUp(core / CORE_SHARE);
        int queue = roundUp(maximum * CORE_SHARE);
        int timeout = Math.max(ROUND_TO, roundUp(p995Millis));
        List<String> reasons = List.of(
                "coreSize " + core + ": peak rate " + Table.number(rate, 1) + "/s (" + requests + " requests in "
                        + Table.number(windowSeconds, 1) + " s) x p99 " + Table.number(p99Seconds * 1000, 1) + " ms = "
                        + Table.number(little, 1) + " threads busy (Little's law); most at once in the window: " + concurrent
                        + "; the larger, rounded up to " + ROUND_TO + " as headroom",
                "maximumSize " + maximum + ": coreSize / " + CORE_SHARE + " (8 parts core, 2 parts burst)",
                "maxQueueSize = queueSizeRejectionThreshold " + queue + ": " + CORE_SHARE + " x maximumSize (the same 8:2 rule)",
                "timeout " + timeout + " ms: p99.5 latency " + Table.number(p995Millis, 1) + " ms rounded up to " + ROUND_TO
                        + " ms (the slowest 0.5% are given up to keep the rest within it)");
        return new PoolAdvice(core, maximum, queue, timeout, reasons);
    }

    /** The smallest multiple of {@link #ROUND_TO} at or above {@code value} (at least {@link #ROUND_TO}). */
    public static int roundUp(double value) {
        long steps = (long) Math.ceil(value / ROUND_TO - 1e-9);
        return (int) Math.max(ROUND_TO, steps * ROUND_TO);
    }
}
