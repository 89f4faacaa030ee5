package com.netflix.hystrix;

import com.netflix.hystrix.util.HystrixRollingNumberEvent;
import dev.firebreak.Guard;
import dev.firebreak.event.EventType;
import dev.firebreak.hystrix.HystrixBridge;
import dev.firebreak.metrics.GuardMetricsSnapshot;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A command key's figures, read from its Firebreak guard's metrics: rolling and cumulative counts per
 * event, health (requests, errors, error percentage over the rolling window) and latency percentiles
 * of execution (run()) and total time. Each call reads a fresh snapshot.
 */
public class HystrixCommandMetrics {

    private final Guard guard;
    private final HystrixCommandKey key;
    private final HystrixCommandGroupKey group;
    private final HystrixThreadPoolKey pool;

    private HystrixCommandMetrics(Guard guard) {
        this(guard, null, null, null);
    }

    /** Keys given are used when their names are the guard's (no lookup); else the guard's names decide. */
    private HystrixCommandMetrics(Guard guard, HystrixCommandKey key, HystrixCommandGroupKey group, HystrixThreadPoolKey pool) {
        this.guard = guard;
        this.key = key != null && key.name().equals(guard.name()) ? key : HystrixCommandKey.Factory.asKey(guard.name());
        String groupName = guard.controls().groupName();
        this.group = group != null && group.name().equals(groupName) ? group : HystrixCommandGroupKey.Factory.asKey(groupName);
        String poolName = guard.controls().poolName();
        this.pool = pool != null && pool.name().equals(poolName) ? pool : HystrixThreadPoolKey.Factory.asKey(poolName);
    }

    /** The metrics of a command's guard; the command's own keys save looking them up when they are the guard's. */
    static HystrixCommandMetrics of(Guard guard, HystrixCommandKey key, HystrixCommandGroupKey group, HystrixThreadPoolKey pool) {
        return new HystrixCommandMetrics(guard, key, group, pool);
    }

    /** The metrics of {@code key}, or null if no command with that key was made. */
    public static HystrixCommandMetrics getInstance(HystrixCommandKey key) {
        return HystrixBridge.findGuard(key.name()).map(HystrixCommandMetrics::new).orElse(null);
    }

    /**
     * The metrics of {@code key}. If no command of the key was made yet, its guard is made now, in
     * group {@code group} on pool {@code pool}, configured with {@code properties}' values as instance
     * defaults from code (as a command's Setter would be); a later command of the key shares it.
     */
    public static HystrixCommandMetrics getInstance(HystrixCommandKey key, HystrixCommandGroupKey group,
            HystrixThreadPoolKey pool, HystrixCommandProperties properties) {
        HystrixCommandMetrics found = getInstance(key);
        if (found != null) {
            return found;
        }
        HystrixCommandProperties.Setter values = properties == null ? null : properties.currentValues();
        return new HystrixCommandMetrics(HystrixBridge.guard(key.name(), registry -> {
            Guard.Builder builder = registry.guard(key.name())
                    .group((group != null ? group : HystrixCommandGroupKey.Factory.asKey(key.name())).name())
                    .pool((pool != null ? pool : HystrixThreadPoolKey.Factory.asKey(key.name())).name());
            if (values != null) {
                builder.configure(values::applyTo);
            }
            // metrics asked for before any command of the key: commands given parts of their own may follow
            return InjectedParts.build(builder, key.name());
        }));
    }

    /** The guard these metrics read (the bridge's breaker view reads the same guard). */
    Guard guard() {
        return guard;
    }

    /*
     * 1.5.18 restarts its health-counts stream here when its breaker closes. The bridge's breaker keeps
     * its own health window inside the guard, so restarting the health stream is restarting that
     * window: the breaker closes with an empty window (CircuitBreakerView.reset), which is also what
     * 1.5.18's breaker does at this point. The rolling event counts are not touched.
     */
    void resetStream() {
        guard.controls().circuitBreaker().reset();
    }

    /**
     * Forgets the metrics of every command key: the next command of each key starts with fresh
     * metrics, breaker and configuration (the bridge keeps them in the key's guard, so this forgets
     * the guards, as {@link Hystrix#reset()} does for commands).
     */
    public static void reset() {
        HystrixBridge.reset();
    }

    /** The metrics of every command key made so far. */
    public static Collection<HystrixCommandMetrics> getInstances() {
        List<HystrixCommandMetrics> all = new ArrayList<>();
        for (Guard guard : HystrixBridge.registry().guards()) {
            if (HystrixBridge.findGuard(guard.name()).orElse(null) == guard) {
                all.add(new HystrixCommandMetrics(guard));
            }
        }
        return all;
    }

    private GuardMetricsSnapshot snapshot() {
        return guard.controls().metrics().snapshot();
    }

    public HystrixCommandKey getCommandKey() {
        return key;
    }

    public HystrixCommandGroupKey getCommandGroup() {
        return group;
    }

    public HystrixThreadPoolKey getThreadPoolKey() {
        return pool;
    }

    public HystrixCommandProperties getProperties() {
        return new HystrixCommandProperties(guard.controls()::config);
    }

    /** Requests, errors and error percentage over the rolling window (what the breaker decides on). */
    public HealthCounts getHealthCounts() {
        dev.firebreak.metrics.HealthCounts health = snapshot().health();
        return new HealthCounts(health.requestCount(), health.errorCount(), health.errorPercentage());
    }

    /** The count of {@code event} over the rolling window (0 for EMIT, FALLBACK_EMIT, COMMAND_MAX_ACTIVE). */
    public long getRollingCount(HystrixEventType event) {
        EventType type = event.toFirebreak();
        return type == null ? 0 : guard.controls().metrics().rollingCount(type);
    }

    /** The count of {@code event} since the command key was made. */
    public long getCumulativeCount(HystrixEventType event) {
        EventType type = event.toFirebreak();
        return type == null ? 0 : guard.controls().metrics().cumulativeCount(type);
    }

    /**
     * The count of a rolling-number event over the rolling window, as 1.5.18's {@code HystrixMetrics} gave
     * it ({@code COMMAND_MAX_ACTIVE}: the rolling maximum; 0 for events that are not a command's).
     */
    public long getRollingCount(HystrixRollingNumberEvent event) {
        if (event == HystrixRollingNumberEvent.COMMAND_MAX_ACTIVE) {
            return getRollingMaxConcurrentExecutions();
        }
        HystrixEventType type = commandEvent(event);
        return type == null ? 0 : getRollingCount(type);
    }

    /** The count of a rolling-number event since the command key was made (0 for events that are not a command's). */
    public long getCumulativeCount(HystrixRollingNumberEvent event) {
        HystrixEventType type = commandEvent(event);
        return type == null ? 0 : getCumulativeCount(type);
    }

    private static HystrixEventType commandEvent(HystrixRollingNumberEvent event) {
        for (HystrixEventType type : HystrixEventType.values()) {
            if (type.name().equals(event.name())) {
                return type;
            }
        }
        return null;
    }

    /** run()'s latency at {@code percentile} (0 to 100) over the rolling percentile window, in ms. */
    public int getExecutionTimePercentile(double percentile) {
        return snapshot().executionLatency().percentileMillis(percentile);
    }

    /** run()'s mean latency over the rolling percentile window, in ms. */
    public int getExecutionTimeMean() {
        return snapshot().executionLatency().meanMillis();
    }

    /** The caller's latency at {@code percentile} over the rolling percentile window, in ms. */
    public int getTotalTimePercentile(double percentile) {
        return snapshot().totalLatency().percentileMillis(percentile);
    }

    /** The caller's mean latency over the rolling percentile window, in ms. */
    public int getTotalTimeMean() {
        return snapshot().totalLatency().meanMillis();
    }

    /** Commands running now. */
    public int getCurrentConcurrentExecutionCount() {
        return guard.controls().metrics().currentConcurrentExecutions();
    }

    /** The most commands running at once over the rolling window. */
    public long getRollingMaxConcurrentExecutions() {
        return snapshot().rollingMaxConcurrentExecutions();
    }

    /** Requests, errors and the error percentage, as Hystrix reports them. */
    public static class HealthCounts {
        private final long totalCount;
        private final long errorCount;
        private final int errorPercentage;
        private static final HealthCounts EMPTY = new HealthCounts(0, 0, 0);

        HealthCounts(long total, long error, int errorPercentage) {
            this.totalCount = total;
            this.errorCount = error;
            this.errorPercentage = errorPercentage;
        }

        /** No requests, no errors. */
        public static HealthCounts empty() {
            return EMPTY;
        }

        /**
         * These counts plus a bucket of event counts (indexed by {@link HystrixEventType#ordinal()}):
         * SUCCESS, FAILURE, TIMEOUT, THREAD_POOL_REJECTED and SEMAPHORE_REJECTED are requests, all
         * but SUCCESS errors; other events do not count.
         *
         * @throws IllegalArgumentException if {@code eventTypeCounts} is shorter than the event types
         */
        public HealthCounts plus(long[] eventTypeCounts) {
            if (eventTypeCounts.length < HystrixEventType.values().length) {
                throw new IllegalArgumentException("HealthCounts.plus: eventTypeCounts has " + eventTypeCounts.length
                        + " entries, one per HystrixEventType (" + HystrixEventType.values().length + ") is needed");
            }
            long errors = eventTypeCounts[HystrixEventType.FAILURE.ordinal()]
                    + eventTypeCounts[HystrixEventType.TIMEOUT.ordinal()]
                    + eventTypeCounts[HystrixEventType.THREAD_POOL_REJECTED.ordinal()]
                    + eventTypeCounts[HystrixEventType.SEMAPHORE_REJECTED.ordinal()];
            long total = totalCount + errors + eventTypeCounts[HystrixEventType.SUCCESS.ordinal()];
            long errorTotal = errorCount + errors;
            return new HealthCounts(total, errorTotal, total == 0 ? 0 : (int) (errorTotal * 100 / total));
        }

        public long getTotalRequests() {
            return totalCount;
        }

        public long getErrorCount() {
            return errorCount;
        }

        public int getErrorPercentage() {
            return errorPercentage;
        }

        @Override
        public String toString() {
            return "HealthCounts[" + errorCount + " / " + totalCount + " : " + errorPercentage + "%]";
        }
    }
}
