package dev.firebreak.isolation;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.Flags.FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofInt;
import static dev.firebreak.config.PropertyDefinition.ofMillis;
import static dev.firebreak.config.PropertyDefinition.ofMinutes;

import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.isolation.ThreadPoolConfig.Builder;
import java.util.List;

/** The property table of thread pools ({@code firebreak.threadpool.<pool>.*}): one row per {@link ThreadPoolConfig} component. */
final class ThreadPoolProperties {

    static final PropertyDefinition<ThreadPoolConfig, Builder> CORE_SIZE = ofInt("coreSize", "coreSize", LIVE,
            "threads kept", ThreadPoolConfig::coreSize, (b, v) -> b.coreSize = v);
    static final PropertyDefinition<ThreadPoolConfig, Builder> MAXIMUM_SIZE = ofInt("maximumSize", "maximumSize", LIVE,
            "most threads, when allowMaximumSizeToDivergeFromCoreSize", ThreadPoolConfig::maximumSize,
            (b, v) -> b.maximumSize = v);
    static final PropertyDefinition<ThreadPoolConfig, Builder> ALLOW_MAXIMUM_SIZE_TO_DIVERGE_FROM_CORE_SIZE = ofBoolean(
            "allowMaximumSizeToDivergeFromCoreSize", "allowMaximumSizeToDivergeFromCoreSize", LIVE,
            "let the pool grow from coreSize to maximumSize", ThreadPoolConfig::allowMaximumSizeToDivergeFromCoreSize,
            (b, v) -> b.allowMaximumSizeToDivergeFromCoreSize = v);
    static final PropertyDefinition<ThreadPoolConfig, Builder> MAX_QUEUE_SIZE = ofInt("maxQueueSize", "maxQueueSize",
            FIXED, "queue capacity; -1 means no queue (a call gets a thread or is rejected)",
            ThreadPoolConfig::maxQueueSize, (b, v) -> b.maxQueueSize = v);
    static final PropertyDefinition<ThreadPoolConfig, Builder> QUEUE_SIZE_REJECTION_THRESHOLD = ofInt(
            "queueSizeRejectionThreshold", "queueSizeRejectionThreshold", LIVE,
            "live bound on waiting calls when maxQueueSize > 0", ThreadPoolConfig::queueSizeRejectionThreshold,
            (b, v) -> b.queueSizeRejectionThreshold = v);
    static final PropertyDefinition<ThreadPoolConfig, Builder> KEEP_ALIVE_TIME = ofMinutes("keepAliveTimeMinutes",
            "keepAliveTime", LIVE, "how long a thread above coreSize may idle", ThreadPoolConfig::keepAliveTime,
            (b, v) -> b.keepAliveTime = v);
    static final PropertyDefinition<ThreadPoolConfig, Builder> ALLOW_CORE_THREADS_TO_TIME_OUT = ofBoolean(
            "allowCoreThreadsToTimeOut", "allowCoreThreadsToTimeOut", FIREBREAK_LIVE,
            "let core threads retire too after keepAliveTimeMinutes idle", ThreadPoolConfig::allowCoreThreadsToTimeOut,
            (b, v) -> b.allowCoreThreadsToTimeOut = v);
    static final PropertyDefinition<ThreadPoolConfig, Builder> ROLLING_STATS_WINDOW = ofMillis(
            "metrics.rollingStats.timeInMilliseconds", "rollingStatsWindow", FIXED,
            "length of the pool's rolling statistics window", ThreadPoolConfig::rollingStatsWindow,
            (b, v) -> b.rollingStatsWindow = v);
    static final PropertyDefinition<ThreadPoolConfig, Builder> ROLLING_STATS_BUCKETS = ofInt(
            "metrics.rollingStats.numBuckets", "rollingStatsBuckets", FIXED,
            "buckets of the pool's rolling window (must divide its length)", ThreadPoolConfig::rollingStatsBuckets,
            (b, v) -> b.rollingStatsBuckets = v);

    static final ConfigScope<ThreadPoolConfig, Builder> SCOPE = new ConfigScope<>(ConfigScope.FIREBREAK_AND_HYSTRIX, "threadpool",
            ThreadPoolConfig.class,
            List.of(CORE_SIZE, MAXIMUM_SIZE, ALLOW_MAXIMUM_SIZE_TO_DIVERGE_FROM_CORE_SIZE, MAX_QUEUE_SIZE,
                    QUEUE_SIZE_REJECTION_THRESHOLD, KEEP_ALIVE_TIME, ALLOW_CORE_THREADS_TO_TIME_OUT, ROLLING_STATS_WINDOW,
                    ROLLING_STATS_BUCKETS),
            ThreadPoolConfig::builder, Builder::build, ThreadPoolConfig::setInCode, Builder::setInCode);

    private ThreadPoolProperties() {
    }
}
