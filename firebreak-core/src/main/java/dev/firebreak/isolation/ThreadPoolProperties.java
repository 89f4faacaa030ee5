package dev.firebreak.isolation;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.Flags.FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofInt;

import dev.firebreak.config.ConfigScope;
import dev.firebreak.isolation.ThreadPoolConfig.Builder;
import java.util.List;

/** The property table of thread pools ({@code firebreak.threadpool.<pool>.*}): one row per {@link ThreadPoolConfig} component. */
final class ThreadPoolProperties {

    static final ConfigScope<ThreadPoolConfig, Builder> SCOPE = new ConfigScope<>("threadpool", ThreadPoolConfig.class,
            List.of(
                    ofInt("coreSize", "coreSize", LIVE, "threads kept", ThreadPoolConfig::coreSize, Builder::coreSize),
                    ofInt("maximumSize", "maximumSize", LIVE,
                            "most threads, when allowMaximumSizeToDivergeFromCoreSize",
                            ThreadPoolConfig::maximumSize, Builder::maximumSize),
                    ofBoolean("allowMaximumSizeToDivergeFromCoreSize", "allowMaximumSizeToDivergeFromCoreSize", LIVE,
                            "let the pool grow from coreSize to maximumSize",
                            ThreadPoolConfig::allowMaximumSizeToDivergeFromCoreSize,
                            Builder::allowMaximumSizeToDivergeFromCoreSize),
                    ofInt("maxQueueSize", "maxQueueSize", FIXED,
                            "queue capacity; -1 means no queue (a call gets a thread or is rejected)",
                            ThreadPoolConfig::maxQueueSize, Builder::maxQueueSize),
                    ofInt("queueSizeRejectionThreshold", "queueSizeRejectionThreshold", LIVE,
                            "live bound on waiting calls when maxQueueSize > 0",
                            ThreadPoolConfig::queueSizeRejectionThreshold, Builder::queueSizeRejectionThreshold),
                    ofInt("keepAliveTimeMinutes", "keepAliveTimeMinutes", LIVE,
                            "how long a thread above coreSize may idle", ThreadPoolConfig::keepAliveTimeMinutes,
                            Builder::keepAliveTimeMinutes),
                    ofBoolean("allowCoreThreadsToTimeOut", "allowCoreThreadsToTimeOut", FIREBREAK_LIVE,
                            "let core threads retire too after keepAliveTimeMinutes idle",
                            ThreadPoolConfig::allowCoreThreadsToTimeOut, Builder::allowCoreThreadsToTimeOut),
                    ofInt("metrics.rollingStats.timeInMilliseconds", "metricsRollingStatsTimeInMilliseconds", FIXED,
                            "length of the pool's rolling statistics window",
                            ThreadPoolConfig::metricsRollingStatsTimeInMilliseconds,
                            Builder::metricsRollingStatsTimeInMilliseconds),
                    ofInt("metrics.rollingStats.numBuckets", "metricsRollingStatsNumBuckets", FIXED,
                            "buckets of the pool's rolling window (must divide its length)",
                            ThreadPoolConfig::metricsRollingStatsNumBuckets, Builder::metricsRollingStatsNumBuckets)),
            ThreadPoolConfig::builder, Builder::build, ThreadPoolConfig::setInCode, Builder::setInCode);

    private ThreadPoolProperties() {
    }
}
