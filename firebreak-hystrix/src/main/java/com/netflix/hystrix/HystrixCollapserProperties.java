package com.netflix.hystrix;

import com.netflix.hystrix.strategy.properties.HystrixProperty;
import dev.firebreak.collapse.CollapserConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A collapser's properties, read live from its Firebreak collapser. The bridge's global default
 * dispatch is Hystrix's timer window ({@code dispatch.strategy = TIMER}, {@code timerDelayInMilliseconds}
 * 10); {@code hystrix.collapser.default.dispatch.strategy = LOAD_AWARE} selects Firebreak's own.
 */
public class HystrixCollapserProperties {

    private final Supplier<CollapserConfig> config;

    HystrixCollapserProperties(Supplier<CollapserConfig> config) {
        this.config = config;
    }

    /**
     * Fixed properties: Firebreak's collapser defaults with {@code builder}'s values (for a properties
     * strategy's {@code getCollapserProperties}). {@code key} names the collapser; it is not read.
     */
    protected HystrixCollapserProperties(HystrixCollapserKey key, Setter builder) {
        CollapserConfig.Builder values = CollapserConfig.builder();
        if (builder != null) {
            builder.applyTo(values);
        }
        CollapserConfig fixed = values.build();
        this.config = () -> fixed;
    }

    /** A builder of instance defaults from code, for {@code HystrixCollapser.Setter.andCollapserPropertiesDefaults}. */
    public static Setter Setter() {
        return new Setter();
    }

    private <T> HystrixProperty<T> live(Function<CollapserConfig, T> read) {
        return () -> read.apply(config.get());
    }

    public HystrixProperty<Integer> maxRequestsInBatch() {
        return live(CollapserConfig::maxRequestsInBatch);
    }

    public HystrixProperty<Integer> timerDelayInMilliseconds() {
        return live(c -> (int) c.timerDelay().toMillis());
    }

    public HystrixProperty<Boolean> requestCacheEnabled() {
        return live(CollapserConfig::requestCacheEnabled);
    }

    /** The old name of {@link #requestCacheEnabled()}. */
    @Deprecated
    public HystrixProperty<Boolean> requestCachingEnabled() {
        return requestCacheEnabled();
    }

    public HystrixProperty<Integer> metricsRollingStatisticalWindowInMilliseconds() {
        return live(c -> (int) c.rollingStatsWindow().toMillis());
    }

    public HystrixProperty<Integer> metricsRollingStatisticalWindowBuckets() {
        return live(CollapserConfig::metricsRollingStatsNumBuckets);
    }

    public HystrixProperty<Boolean> metricsRollingPercentileEnabled() {
        return live(CollapserConfig::metricsRollingPercentileEnabled);
    }

    public HystrixProperty<Integer> metricsRollingPercentileWindowInMilliseconds() {
        return live(c -> (int) c.rollingPercentileWindow().toMillis());
    }

    public HystrixProperty<Integer> metricsRollingPercentileWindowBuckets() {
        return live(CollapserConfig::metricsRollingPercentileNumBuckets);
    }

    public HystrixProperty<Integer> metricsRollingPercentileBucketSize() {
        return live(CollapserConfig::metricsRollingPercentileBucketSize);
    }

    /** Instance defaults from code for a collapser; checked when the collapser is made. */
    public static class Setter {
        private final List<Consumer<CollapserConfig.Builder>> changes = new ArrayList<>();

        protected Setter() {
        }

        private Setter with(Consumer<CollapserConfig.Builder> change) {
            changes.add(change);
            return this;
        }

        /** Applies the values set here to {@code builder}. */
        void applyTo(CollapserConfig.Builder builder) {
            changes.forEach(change -> change.accept(builder));
        }

        public Setter withMaxRequestsInBatch(int value) {
            return with(b -> b.maxRequestsInBatch(value));
        }

        public Setter withTimerDelayInMilliseconds(int value) {
            return with(b -> b.timerDelay(Duration.ofMillis(value)));
        }

        public Setter withRequestCacheEnabled(boolean value) {
            return with(b -> b.requestCacheEnabled(value));
        }

        public Setter withMetricsRollingStatisticalWindowInMilliseconds(int value) {
            return with(b -> b.rollingStatsWindow(Duration.ofMillis(value)));
        }

        public Setter withMetricsRollingStatisticalWindowBuckets(int value) {
            return with(b -> b.metricsRollingStatsNumBuckets(value));
        }

        public Setter withMetricsRollingPercentileEnabled(boolean value) {
            return with(b -> b.metricsRollingPercentileEnabled(value));
        }

        public Setter withMetricsRollingPercentileWindowInMilliseconds(int value) {
            return with(b -> b.rollingPercentileWindow(Duration.ofMillis(value)));
        }

        public Setter withMetricsRollingPercentileWindowBuckets(int value) {
            return with(b -> b.metricsRollingPercentileNumBuckets(value));
        }

        public Setter withMetricsRollingPercentileBucketSize(int value) {
            return with(b -> b.metricsRollingPercentileBucketSize(value));
        }
    }
}
