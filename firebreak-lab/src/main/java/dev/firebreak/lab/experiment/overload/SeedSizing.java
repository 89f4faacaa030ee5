package dev.firebreak.lab.experiment.overload;

import dev.firebreak.lab.experiment.tuning.PoolAdvisor;
import dev.firebreak.lab.report.Table;

/**
 * Seed 003's static sizes for the downstream, from its healthy figures (the same rules as the tuning
 * experiment's {@link PoolAdvisor}): threads = peak healthy rate x p99 (Little's law) rounded up to
 * the next 10 as headroom; maximumSize = coreSize / 0.8; queue = 0.8 x maximumSize; timeout = p99.5
 * rounded up to the next 10 ms. The static bulkheads (Resilience4j, Firebreak's semaphore) get the
 * Little's-law size; Hystrix gets the whole pool.
 *
 * @param rate the peak healthy rate (requests per second)
 * @param p99Ms the healthy p99 latency
 * @param p995Ms the healthy p99.5 latency
 * @param coreSize Hystrix coreSize, and the static bulkheads' size
 * @param maximumSize Hystrix maximumSize
 * @param queueSize Hystrix maxQueueSize and queueSizeRejectionThreshold
 * @param timeoutMs Hystrix's timeout
 * @param calibration how the percentiles were measured (empty: given, not measured)
 */
public record SeedSizing(double rate, double p99Ms, double p995Ms, int coreSize, int maximumSize, int queueSize, int timeoutMs,
        String calibration) {

    /** The sizes for a dependency measured healthy at {@code rate} per second with these percentiles. */
    public static SeedSizing of(double rate, double p99Ms, double p995Ms) {
        int core = PoolAdvisor.roundUp(rate * p99Ms / 1000.0);
        int maximum = PoolAdvisor.roundUp(core / PoolAdvisor.CORE_SHARE);
        int queue = PoolAdvisor.roundUp(maximum * PoolAdvisor.CORE_SHARE);
        int rounded = PoolAdvisor.roundUp(p995Ms);
        int timeout = rounded > p995Ms ? rounded : rounded + PoolAdvisor.ROUND_TO; // strictly above p99.5
        return new SeedSizing(rate, p99Ms, p995Ms, core, maximum, queue, timeout, "");
    }

    /** These sizes, saying how {@code figures} measured them (and that the base latency stood in if nothing succeeded). */
    public SeedSizing measuredFrom(PhaseFigures figures) {
        String how = figures.ok() + " of " + figures.issued() + " calibration requests answered at " + Table.number(figures.offeredRps(), 0)
                + "/s, median " + Table.number(figures.p50Ms(), 1) + " ms, measured p99 " + Table.number(figures.p99Ms(), 1)
                + " ms (the service time is fixed: the median stands for the healthy p99 and p99.5, the tail above it is the "
                + "machine's noise)" + (Double.isNaN(figures.p50Ms()) ? ", none successful: the base latency stands in" : "");
        return new SeedSizing(rate, p99Ms, p995Ms, coreSize, maximumSize, queueSize, timeoutMs, how);
    }

    /** One sentence for the report. */
    public String describe() {
        return (calibration.isEmpty() ? "" : calibration + "; ") + "peak healthy rate " + Table.number(rate, 1) + "/s, p99 " + Table.number(p99Ms, 1) + " ms, p99.5 "
                + Table.number(p995Ms, 1) + " ms -> coreSize " + coreSize + " (" + Table.number(rate, 1) + "/s x "
                + Table.number(p99Ms / 1000, 3) + " s, rounded up to 10), maximumSize " + maximumSize + ", queue " + queueSize
                + ", timeout " + timeoutMs + " ms (p99.5 rounded up to 10 ms)";
    }
}
