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

    private final Supplier<ThreadPoolConfig> config;

    HystrixThreadPoolProperties(Supplier<ThreadPoolConfig> config) {
        this.config = config;
    }

    /** A builder of instance defaults from code, for {@code HystrixCommand.Setter.andThreadPoolPropertiesDefaults}. */
    public static Setter Setter() {
        return new Setter();
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

    /** Instance defaults from code for a thread pool; checked when the pool is made. */
    public static class Setter {
        private final List<Consumer<ThreadPoolConfig.Builder>> changes = new ArrayList<>();

        protected Setter() {
        }

        private Setter with(Consumer<ThreadPoolConfig.Builder> change) {
            changes.add(change);
            return this;
        }

        /** The pool configuration: Hystrix's defaults with the values set here. */
        ThreadPoolConfig build() {
            ThreadPoolConfig.Builder builder = ThreadPoolConfig.builder();
            changes.forEach(change -> change.accept(builder));
            return builder.build();
        }

        public Setter withCoreSize(int value) {
            return with(b -> b.coreSize(value));
        }

        public Setter withMaximumSize(int value) {
            return with(b -> b.maximumSize(value));
        }

        public Setter withAllowMaximumSizeToDivergeFromCoreSize(boolean value) {
            return with(b -> b.allowMaximumSizeToDivergeFromCoreSize(value));
        }

        public Setter withMaxQueueSize(int value) {
            return with(b -> b.maxQueueSize(value));
        }

        public Setter withQueueSizeRejectionThreshold(int value) {
            return with(b -> b.queueSizeRejectionThreshold(value));
        }

        public Setter withKeepAliveTimeMinutes(int value) {
            return with(b -> b.keepAliveTime(Duration.ofMinutes(value)));
        }

        public Setter withMetricsRollingStatisticalWindowInMilliseconds(int value) {
            return with(b -> b.rollingStatsWindow(Duration.ofMillis(value)));
        }

        public Setter withMetricsRollingStatisticalWindowBuckets(int value) {
            return with(b -> b.rollingStatsBuckets(value));
        }
    }
}
