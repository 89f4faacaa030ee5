package com.netflix.hystrix;

import com.netflix.hystrix.strategy.properties.HystrixProperty;
import dev.firebreak.isolation.ThreadPoolConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A thread pool's properties, read live from its Firebreak pool (Hystrix's defaults, the first
 * command's {@link Setter}, then {@code hystrix.threadpool.default.*} and
 * {@code hystrix.threadpool.<key>.*} in Archaius).
 */
public class HystrixThreadPoolProperties {

    /** Hystrix's default {@code coreSize}. */
    static final int default_coreSize = 10;
    /** Hystrix's default {@code maximumSize}. */
    static final int default_maximumSize = 10;

    private final Supplier<ThreadPoolConfig> config;

    HystrixThreadPoolProperties(Supplier<ThreadPoolConfig> config) {
        this.config = config;
    }

    /** Hystrix's defaults for {@code key}: what a properties strategy's own properties start from. */
    protected HystrixThreadPoolProperties(HystrixThreadPoolKey key) {
        this(key, new Setter(), "hystrix");
    }

    /** Hystrix's defaults with {@code builder}'s values, for {@code key}. */
    protected HystrixThreadPoolProperties(HystrixThreadPoolKey key, Setter builder) {
        this(key, builder, "hystrix");
    }

    /**
     * Hystrix's defaults with {@code builder}'s values, for {@code key}. These are fixed values: the
     * Archaius properties of the key apply on top of them in the running pool, not here.
     *
     * @throws dev.firebreak.config.InvalidConfigException if a value of {@code builder} breaks its rule
     */
    protected HystrixThreadPoolProperties(HystrixThreadPoolKey key, Setter builder, String propertyPrefix) {
        this(fixed(builder));
    }

    private static Supplier<ThreadPoolConfig> fixed(Setter builder) {
        ThreadPoolConfig made = (builder == null ? new Setter() : builder).build();
        return () -> made;
    }

    /** A builder of instance defaults from code, for {@code HystrixCommand.Setter.andThreadPoolPropertiesDefaults}. */
    public static Setter Setter() {
        return new Setter();
    }

    /** Same as {@link #Setter()}. */
    public static Setter defaultSetter() {
        return new Setter();
    }

    /** The pool's maximum size in force: {@code maximumSize} when it may diverge from {@code coreSize}, else {@code coreSize}. */
    public Integer actualMaximumSize() {
        return config.get().effectiveMaximumSize();
    }

    private <T> HystrixProperty<T> live(Function<ThreadPoolConfig, T> read) {
        return () -> read.apply(config.get());
    }

    public HystrixProperty<Integer> coreSize() {
        return live(ThreadPoolConfig::coreSize);
    }

    public HystrixProperty<Integer> maximumSize() {
        return live(ThreadPoolConfig::maximumSize);
    }

    public HystrixProperty<Boolean> getAllowMaximumSizeToDivergeFromCoreSize() {
        return live(ThreadPoolConfig::allowMaximumSizeToDivergeFromCoreSize);
    }

    public HystrixProperty<Integer> maxQueueSize() {
        return live(ThreadPoolConfig::maxQueueSize);
    }

    public HystrixProperty<Integer> queueSizeRejectionThreshold() {
        return live(ThreadPoolConfig::queueSizeRejectionThreshold);
    }

    public HystrixProperty<Integer> keepAliveTimeMinutes() {
        return live(c -> (int) c.keepAliveTime().toMinutes());
    }

    public HystrixProperty<Integer> metricsRollingStatisticalWindowInMilliseconds() {
        return live(c -> (int) c.rollingStatsWindow().toMillis());
    }

    public HystrixProperty<Integer> metricsRollingStatisticalWindowBuckets() {
        return live(ThreadPoolConfig::rollingStatsBuckets);
    }

    /**
     * Instance defaults from code for a thread pool, checked when the pool is made; values left unset
     * (their getters return null) keep the defaults.
     */
    public static class Setter {
        private Integer coreSize;
        private Integer maximumSize;
        private Integer keepAliveTimeMinutes;
        private Integer maxQueueSize;
        private Integer queueSizeRejectionThreshold;
        private Boolean allowMaximumSizeToDivergeFromCoreSize;
        private Integer metricsRollingStatisticalWindowInMilliseconds;
        private Integer metricsRollingStatisticalWindowBuckets;
        private final List<Consumer<ThreadPoolConfig.Builder>> changes = new ArrayList<>();

        protected Setter() {
        }

        Setter with(Consumer<ThreadPoolConfig.Builder> change) {
            changes.add(change);
            return this;
        }

        /** Adds the values set here to {@code other}. */
        void copyTo(Setter other) {
            other.with(this::applyTo);
        }

        private void applyTo(ThreadPoolConfig.Builder b) {
            if (coreSize != null) { Integer v = coreSize; b.coreSize(v); }
            if (maximumSize != null) { Integer v = maximumSize; b.maximumSize(v); }
            if (keepAliveTimeMinutes != null) { Integer v = keepAliveTimeMinutes; b.keepAliveTime(Duration.ofMinutes(v)); }
            if (maxQueueSize != null) { int v = maxQueueSize; b.maxQueueSize(v <= 0 ? -1 : v); } // as Hystrix: <= 0 is no queue
            if (queueSizeRejectionThreshold != null) { Integer v = queueSizeRejectionThreshold; b.queueSizeRejectionThreshold(v); }
            if (allowMaximumSizeToDivergeFromCoreSize != null) { Boolean v = allowMaximumSizeToDivergeFromCoreSize; b.allowMaximumSizeToDivergeFromCoreSize(v); }
            if (metricsRollingStatisticalWindowInMilliseconds != null) { Integer v = metricsRollingStatisticalWindowInMilliseconds; b.rollingStatsWindow(Duration.ofMillis(v)); }
            if (metricsRollingStatisticalWindowBuckets != null) { Integer v = metricsRollingStatisticalWindowBuckets; b.rollingStatsBuckets(v); }
            changes.forEach(change -> change.accept(b));
        }

        /** The pool configuration: Hystrix's defaults with the values set here. */
        ThreadPoolConfig build() {
            ThreadPoolConfig.Builder builder = ThreadPoolConfig.builder();
            applyTo(builder);
            return builder.build();
        }

        public Integer getCoreSize() { return coreSize; }
        public Setter withCoreSize(int value) { this.coreSize = value; return this; }

        public Integer getMaximumSize() { return maximumSize; }
        public Setter withMaximumSize(int value) { this.maximumSize = value; return this; }

        public Integer getKeepAliveTimeMinutes() { return keepAliveTimeMinutes; }
        public Setter withKeepAliveTimeMinutes(int value) { this.keepAliveTimeMinutes = value; return this; }

        public Integer getMaxQueueSize() { return maxQueueSize; }
        public Setter withMaxQueueSize(int value) { this.maxQueueSize = value; return this; }

        public Integer getQueueSizeRejectionThreshold() { return queueSizeRejectionThreshold; }
        public Setter withQueueSizeRejectionThreshold(int value) { this.queueSizeRejectionThreshold = value; return this; }

        public Boolean getAllowMaximumSizeToDivergeFromCoreSize() { return allowMaximumSizeToDivergeFromCoreSize; }
        public Setter withAllowMaximumSizeToDivergeFromCoreSize(boolean value) { this.allowMaximumSizeToDivergeFromCoreSize = value; return this; }

        public Integer getMetricsRollingStatisticalWindowInMilliseconds() { return metricsRollingStatisticalWindowInMilliseconds; }
        public Setter withMetricsRollingStatisticalWindowInMilliseconds(int value) { this.metricsRollingStatisticalWindowInMilliseconds = value; return this; }

        public Integer getMetricsRollingStatisticalWindowBuckets() { return metricsRollingStatisticalWindowBuckets; }
        public Setter withMetricsRollingStatisticalWindowBuckets(int value) { this.metricsRollingStatisticalWindowBuckets = value; return this; }

    }
}
