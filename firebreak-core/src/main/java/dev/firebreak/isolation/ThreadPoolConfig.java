package dev.firebreak.isolation;

import static dev.firebreak.config.Check.notNegative;
import static dev.firebreak.config.Check.positive;
import static dev.firebreak.config.Check.window;

import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.InvalidConfigException;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The immutable configuration of one THREAD-isolation pool: Hystrix's thread-pool properties with
 * Hystrix's defaults, relative to {@code firebreak.threadpool.<pool>.} (or {@code hystrix.threadpool.<pool>.}).
 *
 * <p>Live: coreSize, maximumSize, allowMaximumSizeToDivergeFromCoreSize, queueSizeRejectionThreshold,
 * keepAliveTimeMinutes, allowCoreThreadsToTimeOut. Fixed at creation: maxQueueSize and the rolling window geometry.
 *
 * <p>Rule across properties, the <em>admission bound</em>: {@link #effectiveMaximumSize()} +
 * {@link #effectiveQueueBound()} (the most calls a pool admits at once) must not exceed
 * {@code Integer.MAX_VALUE}. A record that breaks it cannot be built; the refusal names the larger of
 * the two terms' properties first.
 *
 * @param coreSize {@code coreSize}, default 10
 * @param maximumSize {@code maximumSize}, default 10; used only when allowMaximumSizeToDivergeFromCoreSize
 * @param allowMaximumSizeToDivergeFromCoreSize {@code allowMaximumSizeToDivergeFromCoreSize}, default false
 * @param maxQueueSize {@code maxQueueSize}, default -1: no queue, a call runs on a free thread or is rejected
 * @param queueSizeRejectionThreshold {@code queueSizeRejectionThreshold}, default 5: the queue's live
 *     bound when maxQueueSize &gt; 0 (the lesser of the two applies)
 * @param keepAliveTimeMinutes {@code keepAliveTimeMinutes}, default 1: how long a thread above coreSize may idle
 *     (0: about a millisecond)
 * @param allowCoreThreadsToTimeOut {@code allowCoreThreadsToTimeOut} (Firebreak), default false: when true,
 *     core threads too retire after keepAliveTimeMinutes idle, so an idle pool holds no thread
 * @param metricsRollingStatsTimeInMilliseconds {@code metrics.rollingStats.timeInMilliseconds}, default 10000
 * @param metricsRollingStatsNumBuckets {@code metrics.rollingStats.numBuckets}, default 10
 * @param setInCode the property names set explicitly through the builder
 */
public record ThreadPoolConfig(
        int coreSize,
        int maximumSize,
        boolean allowMaximumSizeToDivergeFromCoreSize,
        int maxQueueSize,
        int queueSizeRejectionThreshold,
        int keepAliveTimeMinutes,
        boolean allowCoreThreadsToTimeOut,
        int metricsRollingStatsTimeInMilliseconds,
        int metricsRollingStatsNumBuckets,
        Set<String> setInCode) {

    /** Validates every value. */
    public ThreadPoolConfig {
        positive("coreSize", coreSize);
        positive("maximumSize", maximumSize);
        if (maxQueueSize != -1 && maxQueueSize < 1) {
            throw new InvalidConfigException("maxQueueSize", maxQueueSize, "must be -1 (no queue) or >= 1");
        }
        notNegative("queueSizeRejectionThreshold", queueSizeRejectionThreshold);
        notNegative("keepAliveTimeMinutes", keepAliveTimeMinutes);
        window("metrics.rollingStats.timeInMilliseconds", metricsRollingStatsTimeInMilliseconds,
                "metrics.rollingStats.numBuckets", metricsRollingStatsNumBuckets);
        checkAdmissionBound(coreSize, maximumSize, allowMaximumSizeToDivergeFromCoreSize, maxQueueSize,
                queueSizeRejectionThreshold);
        setInCode = setInCode == null ? Set.of() : Collections.unmodifiableSet(new LinkedHashSet<>(setInCode));
    }

    /**
     * This record's property table ({@code firebreak.threadpool.<name>.*}): the only place its Hystrix key names live, with
     * each property's type, rules and live/fixed flag.
     */
    public static ConfigScope<ThreadPoolConfig, Builder> scope() {
        return ThreadPoolProperties.SCOPE;
    }

    /** Hystrix's defaults. */
    public static ThreadPoolConfig defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The most threads the pool may run: maximumSize if allowed to diverge (and larger), else coreSize. */
    public int effectiveMaximumSize() {
        return allowMaximumSizeToDivergeFromCoreSize ? Math.max(coreSize, maximumSize) : coreSize;
    }

    /** How many calls may wait for a thread: 0 without a queue, else min(maxQueueSize, queueSizeRejectionThreshold). */
    public int effectiveQueueBound() {
        return queueBound(maxQueueSize, queueSizeRejectionThreshold);
    }

    /** The most calls a pool with this configuration admits at once: most threads plus the queue bound. */
    public int admissionBound() {
        return effectiveMaximumSize() + effectiveQueueBound(); // within range: checked at construction
    }

    /**
     * The admission bound of a pool whose queue was fixed at {@code maxQueueSize} when it was created,
     * running with this configuration's sizes; throws {@link InvalidConfigException} naming key, value
     * and rule if it does not fit an int. A running pool checks it before it changes anything.
     */
    public int admissionBoundWithQueue(int maxQueueSize) {
        return checkAdmissionBound(coreSize, maximumSize, allowMaximumSizeToDivergeFromCoreSize, maxQueueSize,
                queueSizeRejectionThreshold);
    }

    private static int queueBound(int maxQueueSize, int queueSizeRejectionThreshold) {
        return maxQueueSize == -1 ? 0 : Math.min(maxQueueSize, queueSizeRejectionThreshold);
    }

    /** The admission bound rule; returns the bound. Names the larger term's property first. */
    private static int checkAdmissionBound(int coreSize, int maximumSize, boolean diverge, int maxQueueSize,
            int queueSizeRejectionThreshold) {
        int threads = diverge ? Math.max(coreSize, maximumSize) : coreSize;
        int queue = queueBound(maxQueueSize, queueSizeRejectionThreshold);
        long bound = (long) threads + queue;
        if (bound <= Integer.MAX_VALUE) {
            return (int) bound;
        }
        String threadsKey = diverge && maximumSize > coreSize ? "maximumSize" : "coreSize";
        String queueKey = queueSizeRejectionThreshold <= maxQueueSize ? "queueSizeRejectionThreshold" : "maxQueueSize";
        String otherThreadsKey = threadsKey.equals("coreSize") ? "maximumSize" : "coreSize";
        String otherQueueKey = queueKey.equals("maxQueueSize") ? "queueSizeRejectionThreshold" : "maxQueueSize";
        String rule = "admission bound: most threads (" + threads + ") + queue bound (" + queue + ") = " + bound
                + " must not exceed " + Integer.MAX_VALUE;
        List<String> related = threads >= queue
                ? List.of(queueKey, otherQueueKey, otherThreadsKey, "allowMaximumSizeToDivergeFromCoreSize")
                : List.of(threadsKey, otherQueueKey, otherThreadsKey, "allowMaximumSizeToDivergeFromCoreSize");
        String key = threads >= queue ? threadsKey : queueKey;
        int value = switch (key) {
            case "coreSize" -> coreSize;
            case "maximumSize" -> maximumSize;
            case "maxQueueSize" -> maxQueueSize;
            default -> queueSizeRejectionThreshold;
        };
        throw new InvalidConfigException(key, value, rule, related);
    }

    /** Builds a {@link ThreadPoolConfig}; each setter records its property as set in code. */
    public static final class Builder {
        private int coreSize = 10;
        private int maximumSize = 10;
        private boolean allowMaximumSizeToDivergeFromCoreSize = false;
        private int maxQueueSize = -1;
        private int queueSizeRejectionThreshold = 5;
        private int keepAliveTimeMinutes = 1;
        private boolean allowCoreThreadsToTimeOut = false;
        private int metricsRollingStatsTimeInMilliseconds = 10_000;
        private int metricsRollingStatsNumBuckets = 10;
        private final Set<String> setInCode = new LinkedHashSet<>();

        private Builder() {
        }

        private Builder(ThreadPoolConfig c) {
            coreSize = c.coreSize;
            maximumSize = c.maximumSize;
            allowMaximumSizeToDivergeFromCoreSize = c.allowMaximumSizeToDivergeFromCoreSize;
            maxQueueSize = c.maxQueueSize;
            queueSizeRejectionThreshold = c.queueSizeRejectionThreshold;
            keepAliveTimeMinutes = c.keepAliveTimeMinutes;
            allowCoreThreadsToTimeOut = c.allowCoreThreadsToTimeOut;
            metricsRollingStatsTimeInMilliseconds = c.metricsRollingStatsTimeInMilliseconds;
            metricsRollingStatsNumBuckets = c.metricsRollingStatsNumBuckets;
            setInCode.addAll(c.setInCode);
        }

        /**
         * Replaces the names recorded as set in code. Dynamic configuration uses it so that a record
         * resolved from several layers still names only what the code set.
         */
        public Builder setInCode(Set<String> names) {
            setInCode.clear();
            setInCode.addAll(names);
            return this;
        }

        private Builder mark(String key) {
            setInCode.add(key);
            return this;
        }

        /** {@code coreSize}. */
        public Builder coreSize(int v) { coreSize = v; return mark("coreSize"); }
        /** {@code maximumSize}. */
        public Builder maximumSize(int v) { maximumSize = v; return mark("maximumSize"); }
        /** {@code allowMaximumSizeToDivergeFromCoreSize}. */
        public Builder allowMaximumSizeToDivergeFromCoreSize(boolean v) { allowMaximumSizeToDivergeFromCoreSize = v; return mark("allowMaximumSizeToDivergeFromCoreSize"); }
        /** {@code maxQueueSize}. */
        public Builder maxQueueSize(int v) { maxQueueSize = v; return mark("maxQueueSize"); }
        /** {@code queueSizeRejectionThreshold}. */
        public Builder queueSizeRejectionThreshold(int v) { queueSizeRejectionThreshold = v; return mark("queueSizeRejectionThreshold"); }
        /** {@code keepAliveTimeMinutes}. */
        public Builder keepAliveTimeMinutes(int v) { keepAliveTimeMinutes = v; return mark("keepAliveTimeMinutes"); }
        /** {@code allowCoreThreadsToTimeOut}. */
        public Builder allowCoreThreadsToTimeOut(boolean v) { allowCoreThreadsToTimeOut = v; return mark("allowCoreThreadsToTimeOut"); }
        /** {@code metrics.rollingStats.timeInMilliseconds}. */
        public Builder metricsRollingStatsTimeInMilliseconds(int v) { metricsRollingStatsTimeInMilliseconds = v; return mark("metrics.rollingStats.timeInMilliseconds"); }
        /** {@code metrics.rollingStats.numBuckets}. */
        public Builder metricsRollingStatsNumBuckets(int v) { metricsRollingStatsNumBuckets = v; return mark("metrics.rollingStats.numBuckets"); }

        /** Validates and builds. */
        public ThreadPoolConfig build() {
            return new ThreadPoolConfig(coreSize, maximumSize, allowMaximumSizeToDivergeFromCoreSize, maxQueueSize,
                    queueSizeRejectionThreshold, keepAliveTimeMinutes, allowCoreThreadsToTimeOut,
                    metricsRollingStatsTimeInMilliseconds,
                    metricsRollingStatsNumBuckets, setInCode);
        }
    }
}
