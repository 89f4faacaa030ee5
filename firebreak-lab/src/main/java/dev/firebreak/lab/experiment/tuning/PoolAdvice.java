package dev.firebreak.lab.experiment.tuning;

import java.util.List;

/**
 * What {@link PoolAdvisor} recommends, with the reasons, in Hystrix's property names.
 *
 * @param coreSize {@code coreSize}
 * @param maximumSize {@code maximumSize} (with {@code allowMaximumSizeToDivergeFromCoreSize=true})
 * @param maxQueueSize {@code maxQueueSize}, and {@code queueSizeRejectionThreshold} alike
 * @param timeoutMillis {@code execution.isolation.thread.timeoutInMilliseconds}
 * @param reasons one line per value saying how it was derived
 */
public record PoolAdvice(int coreSize, int maximumSize, int maxQueueSize, int timeoutMillis, List<String> reasons) {

    /** The advice as Hystrix properties, one per line. */
    public String asProperties() {
        return "coreSize=" + coreSize + "\nmaximumSize=" + maximumSize + "\nallowMaximumSizeToDivergeFromCoreSize=true\n"
                + "maxQueueSize=" + maxQueueSize + "\nqueueSizeRejectionThreshold=" + maxQueueSize + "\n"
                + "execution.isolation.thread.timeoutInMilliseconds=" + timeoutMillis + "\n";
    }
}
