package dev.firebreak.isolation;

import static dev.firebreak.config.Check.notNegative;
import static dev.firebreak.config.Check.positive;
import static dev.firebreak.config.Check.present;
import static dev.firebreak.config.Check.window;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.InvalidConfigException;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The immutable configuration of one THREAD-isolation pool: Hystrix's thread-pool properties with
 * Hystrix's defaults, relative to {@code firebreak.threadpool.<pool>.} (or {@code hystrix.threadpool.<pool>.}).
 *
 * <p>Live: coreSize, maximumSize, allowMaximumSizeToDivergeFromCoreSize, queueSizeRejectionThreshold,
 * keepAliveTime, allowCoreThreadsToTimeOut. Fixed at creation: maxQueueSize and the rolling window geometry.
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
 * @param keepAliveTime {@code keepAliveTimeMinutes} (whole minutes on the wire), default 1 minute: how long a
 *     thread above coreSize may idle (zero: about a millisecond)
 * @param allowCoreThreadsToTimeOut {@code allowCoreThreadsToTimeOut} (Firebreak), default false: when true,
 *     core threads too retire after keepAliveTime idle, so an idle pool holds no thread
 * @param rollingStatsWindow {@code metrics.rollingStats.timeInMilliseconds}, default 10 s
 * @param rollingStatsBuckets {@code metrics.rollingStats.numBuckets}, default 10
 * @param setInCode the property names set explicitly through the builder
 */
public record ThreadPoolConfig(
        int coreSize,
        int maximumSize,
        boolean allowMaximumSizeToDivergeFromCoreSize,
        int maxQueueSize,
        int queueSizeRejectionThreshold,
        Duration keepAliveTime,
        boolean allowCoreThreadsToTimeOut,
        Duration rollingStatsWindow,
        int rollingStatsBuckets,
        Set<String> setInCode) {

    /** Validates every value. */
    public ThreadPoolConfig {
        positive(ThreadPoolProperties.CORE_SIZE.name(), coreSize);
        positive(ThreadPoolProperties.MAXIMUM_SIZE.name(), maximumSize);
        if (maxQueueSize != -1 && maxQueueSize < 1) {
            throw new InvalidConfigException(ThreadPoolProperties.MAX_QUEUE_SIZE.name(), maxQueueSize,
                    "must be -1 (no queue) or >= 1");
        }
        notNegative(ThreadPoolProperties.QUEUE_SIZE_REJECTION_THRESHOLD.name(), queueSizeRejectionThreshold);
        present(ThreadPoolProperties.KEEP_ALIVE_TIME.name(), keepAliveTime);
        if (keepAliveTime.isNegative()) {
            throw new InvalidConfigException(ThreadPoolProperties.KEEP_ALIVE_TIME.name(),
                    ThreadPoolProperties.KEEP_ALIVE_TIME.format(keepAliveTime), "must be >= 0");
        }
        window(ThreadPoolProperties.ROLLING_STATS_WINDOW.name(), rollingStatsWindow,
                ThreadPoolProperties.ROLLING_STATS_BUCKETS.name(), rollingStatsBuckets);
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
        String core = ThreadPoolProperties.CORE_SIZE.name();
        String maximum = ThreadPoolProperties.MAXIMUM_SIZE.name();
        String queueSize = ThreadPoolProperties.MAX_QUEUE_SIZE.name();
        String threshold = ThreadPoolProperties.QUEUE_SIZE_REJECTION_THRESHOLD.name();
        String divergeKey = ThreadPoolProperties.ALLOW_MAXIMUM_SIZE_TO_DIVERGE_FROM_CORE_SIZE.name();
        String threadsKey = diverge && maximumSize > coreSize ? maximum : core;
        String queueKey = queueSizeRejectionThreshold <= maxQueueSize ? threshold : queueSize;
        String otherThreadsKey = threadsKey.equals(core) ? maximum : core;
        String otherQueueKey = queueKey.equals(queueSize) ? threshold : queueSize;
        String rule = "admission bound: most threads (" + threads + ") + queue bound (" + queue + ") = " + bound
                + " must not exceed " + Integer.MAX_VALUE;
        List<String> related = threads >= queue
                ? List.of(queueKey, otherQueueKey, otherThreadsKey, divergeKey)
                : List.of(threadsKey, otherQueueKey, otherThreadsKey, divergeKey);
        String key = threads >= queue ? threadsKey : queueKey;
        int value = key.equals(core) ? coreSize
                : key.equals(maximum) ? maximumSize
                : key.equals(queueSize) ? maxQueueSize
                : queueSizeRejectionThreshold;
        throw new InvalidConfigException(key, value, rule, related);
    }

    /** Builds a {@link ThreadPoolConfig}; each setter records its property as set in code. */
    public static final class Builder extends ConfigBuilder<Builder> {
        int coreSize = 10;
        int maximumSize = 10;
        boolean allowMaximumSizeToDivergeFromCoreSize = false;
        int maxQueueSize = -1;
        int queueSizeRejectionThreshold = 5;
        Duration keepAliveTime = Duration.ofMinutes(1);
        boolean allowCoreThreadsToTimeOut = false;
        Duration rollingStatsWindow = Duration.ofMillis(10_000);
        int rollingStatsBuckets = 10;

        private Builder() {
        }

        private Builder(ThreadPoolConfig c) {
            coreSize = c.coreSize;
            maximumSize = c.maximumSize;
            allowMaximumSizeToDivergeFromCoreSize = c.allowMaximumSizeToDivergeFromCoreSize;
            maxQueueSize = c.maxQueueSize;
            queueSizeRejectionThreshold = c.queueSizeRejectionThreshold;
            keepAliveTime = c.keepAliveTime;
            allowCoreThreadsToTimeOut = c.allowCoreThreadsToTimeOut;
            rollingStatsWindow = c.rollingStatsWindow;
            rollingStatsBuckets = c.rollingStatsBuckets;
            setInCode(c.setInCode);
        }

        /** {@code coreSize}. */
        public Builder coreSize(int v) { return set(ThreadPoolProperties.CORE_SIZE, v); }
        /** {@code maximumSize}. */
        public Builder maximumSize(int v) { return set(ThreadPoolProperties.MAXIMUM_SIZE, v); }
        /** {@code allowMaximumSizeToDivergeFromCoreSize}. */
        public Builder allowMaximumSizeToDivergeFromCoreSize(boolean v) { return set(ThreadPoolProperties.ALLOW_MAXIMUM_SIZE_TO_DIVERGE_FROM_CORE_SIZE, v); }
        /** {@code maxQueueSize}. */
        public Builder maxQueueSize(int v) { return set(ThreadPoolProperties.MAX_QUEUE_SIZE, v); }
        /** {@code queueSizeRejectionThreshold}. */
        public Builder queueSizeRejectionThreshold(int v) { return set(ThreadPoolProperties.QUEUE_SIZE_REJECTION_THRESHOLD, v); }
        /** {@code keepAliveTimeMinutes} (a finer duration is kept in code; the key reads whole minutes). */
        public Builder keepAliveTime(Duration v) { return set(ThreadPoolProperties.KEEP_ALIVE_TIME, v); }
        /** {@code allowCoreThreadsToTimeOut}. */
        public Builder allowCoreThreadsToTimeOut(boolean v) { return set(ThreadPoolProperties.ALLOW_CORE_THREADS_TO_TIME_OUT, v); }
        /** {@code metrics.rollingStats.timeInMilliseconds}. */
        public Builder rollingStatsWindow(Duration v) { return set(ThreadPoolProperties.ROLLING_STATS_WINDOW, v); }
        /** {@code metrics.rollingStats.numBuckets}. */
        public Builder rollingStatsBuckets(int v) { return set(ThreadPoolProperties.ROLLING_STATS_BUCKETS, v); }

        /** Validates and builds. */
        public ThreadPoolConfig build() {
            return new ThreadPoolConfig(coreSize, maximumSize, allowMaximumSizeToDivergeFromCoreSize, maxQueueSize,
                    queueSizeRejectionThreshold, keepAliveTime, allowCoreThreadsToTimeOut, rollingStatsWindow,
                    rollingStatsBuckets, setInCodeNames());
        }
    }
}
