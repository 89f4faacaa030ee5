package com.netflix.hystrix;

import com.netflix.hystrix.strategy.properties.HystrixProperty;
import dev.firebreak.GuardConfig;
import dev.firebreak.isolation.IsolationStrategy;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A command's properties, read live from its Firebreak guard's configuration (Hystrix's defaults,
 * overridden by the command's {@link Setter}, then by {@code hystrix.command.default.*} and
 * {@code hystrix.command.<key>.*} in Archaius, with Hystrix's precedence).
 */
public class HystrixCommandProperties {

    /** How a command is isolated: on a thread pool (default for HystrixCommand) or under a semaphore. */
    public enum ExecutionIsolationStrategy {
        THREAD, SEMAPHORE;

        IsolationStrategy toFirebreak() {
            return this == THREAD ? IsolationStrategy.THREAD : IsolationStrategy.SEMAPHORE;
        }

        static ExecutionIsolationStrategy from(IsolationStrategy strategy) {
            return strategy == IsolationStrategy.SEMAPHORE ? SEMAPHORE : THREAD;
        }
    }

    /** Hystrix's default {@code metrics.rollingStats.timeInMilliseconds}. */
    static final Integer default_metricsRollingStatisticalWindow = 10000;
    /** Hystrix's default {@code circuitBreaker.forceClosed}. */
    static final Boolean default_circuitBreakerForceClosed = false;

    private final Supplier<GuardConfig> config;
    /** For properties a strategy makes: their Setter and Archaius names; null for the bridge's live view of a guard. */
    private final Setter builder;
    private final ArchaiusChain chain;

    HystrixCommandProperties(Supplier<GuardConfig> config) {
        this.config = config;
        this.builder = null;
        this.chain = null;
    }

    /** Hystrix's defaults for {@code key}: what a properties strategy's own properties start from. */
    protected HystrixCommandProperties(HystrixCommandKey key) {
        this(key, new Setter(), "hystrix");
    }

    /** Hystrix's defaults with {@code builder}'s values, for {@code key}. */
    protected HystrixCommandProperties(HystrixCommandKey key, Setter builder) {
        this(key, builder, "hystrix");
    }

    /**
     * Hystrix's defaults with {@code builder}'s values, for {@code key}. These are fixed values: the
     * Archaius properties of the key apply on top of them in the running command, not here.
     *
     * @throws dev.firebreak.config.InvalidConfigException if a value of {@code builder} breaks its rule
     */
    protected HystrixCommandProperties(HystrixCommandKey key, Setter builder, String propertyPrefix) {
        this.builder = builder == null ? new Setter() : builder;
        GuardConfig made = fixed(this.builder);
        this.config = () -> made;
        this.chain = new ArchaiusChain(propertyPrefix + ".command.", key.name());
    }

    private static GuardConfig fixed(Setter builder) {
        GuardConfig.Builder values = GuardConfig.defaults().toBuilder();
        builder.applyTo(values);
        return values.build();
    }

    /** A builder of instance defaults from code, for {@code HystrixCommand.Setter.andCommandPropertiesDefaults}. */
    public static Setter Setter() {
        return new Setter();
    }

    /** Same as {@link #Setter()}. */
    public static Setter defaultSetter() {
        return new Setter();
    }

    /**
     * The property {@code name}: for the bridge's view, the guard's configuration in force (read
     * live); for properties a strategy makes, Hystrix's chain read live from Archaius: the key's
     * dynamic value, else the Setter's, else the dynamic default, else the code default.
     */
    private <T> HystrixProperty<T> value(String name, Function<Setter, T> fromSetter, Function<GuardConfig, T> read) {
        if (chain == null) {
            return () -> read.apply(config.get());
        }
        T set = fromSetter.apply(builder);
        T codeDefault = read.apply(GuardConfig.defaults());
        return () -> chain.read(name, set, codeDefault);
    }

    public HystrixProperty<ExecutionIsolationStrategy> executionIsolationStrategy() {
        return value("execution.isolation.strategy", Setter::getExecutionIsolationStrategy, c -> ExecutionIsolationStrategy.from(c.isolation().strategy()));
    }

    /**
     * Not read by the bridge (give the thread-pool key in the Setter): null for a command; for
     * properties a strategy makes, the key's own dynamic {@code threadPoolKeyOverride} (there is no default).
     */
    public HystrixProperty<String> executionIsolationThreadPoolKeyOverride() {
        return chain == null ? HystrixProperty.Factory.nullProperty() : () -> chain.instanceOnly("threadPoolKeyOverride");
    }

    /** The old name of {@link #executionTimeoutInMilliseconds()}. */
    @Deprecated
    public HystrixProperty<Integer> executionIsolationThreadTimeoutInMilliseconds() {
        return executionTimeoutInMilliseconds();
    }

    /** The old name of {@link #metricsRollingPercentileWindowInMilliseconds()}. */
    @Deprecated
    public HystrixProperty<Integer> metricsRollingPercentileWindow() {
        return metricsRollingPercentileWindowInMilliseconds();
    }

    public HystrixProperty<Integer> executionTimeoutInMilliseconds() {
        return value("execution.isolation.thread.timeoutInMilliseconds", Setter::getExecutionTimeoutInMilliseconds, c -> (int) c.timeout().timeout().toMillis());
    }

    public HystrixProperty<Boolean> executionTimeoutEnabled() {
        return value("execution.timeout.enabled", Setter::getExecutionTimeoutEnabled, c -> c.timeout().enabled());
    }

    public HystrixProperty<Boolean> executionIsolationThreadInterruptOnTimeout() {
        return value("execution.isolation.thread.interruptOnTimeout", Setter::getExecutionIsolationThreadInterruptOnTimeout, c -> c.timeout().interruptOnTimeout());
    }

    public HystrixProperty<Boolean> executionIsolationThreadInterruptOnFutureCancel() {
        return value("execution.isolation.thread.interruptOnFutureCancel", Setter::getExecutionIsolationThreadInterruptOnFutureCancel, c -> c.isolation().interruptOnCancel());
    }

    public HystrixProperty<Integer> executionIsolationSemaphoreMaxConcurrentRequests() {
        return value("execution.isolation.semaphore.maxConcurrentRequests", Setter::getExecutionIsolationSemaphoreMaxConcurrentRequests, c -> c.isolation().semaphoreMaxConcurrentRequests());
    }

    public HystrixProperty<Integer> fallbackIsolationSemaphoreMaxConcurrentRequests() {
        return value("fallback.isolation.semaphore.maxConcurrentRequests", Setter::getFallbackIsolationSemaphoreMaxConcurrentRequests, c -> c.fallback().maxConcurrentRequests());
    }

    public HystrixProperty<Boolean> fallbackEnabled() {
        return value("fallback.enabled", Setter::getFallbackEnabled, c -> c.fallback().enabled());
    }

    public HystrixProperty<Boolean> circuitBreakerEnabled() {
        return value("circuitBreaker.enabled", Setter::getCircuitBreakerEnabled, c -> c.breaker().enabled());
    }

    public HystrixProperty<Integer> circuitBreakerRequestVolumeThreshold() {
        return value("circuitBreaker.requestVolumeThreshold", Setter::getCircuitBreakerRequestVolumeThreshold, c -> c.breaker().requestVolumeThreshold());
    }

    public HystrixProperty<Integer> circuitBreakerSleepWindowInMilliseconds() {
        return value("circuitBreaker.sleepWindowInMilliseconds", Setter::getCircuitBreakerSleepWindowInMilliseconds, c -> (int) c.breaker().sleepWindow().toMillis());
    }

    public HystrixProperty<Integer> circuitBreakerErrorThresholdPercentage() {
        return value("circuitBreaker.errorThresholdPercentage", Setter::getCircuitBreakerErrorThresholdPercentage, c -> c.breaker().errorThresholdPercentage());
    }

    public HystrixProperty<Boolean> circuitBreakerForceOpen() {
        return value("circuitBreaker.forceOpen", Setter::getCircuitBreakerForceOpen, c -> c.breaker().forceOpen());
    }

    public HystrixProperty<Boolean> circuitBreakerForceClosed() {
        return value("circuitBreaker.forceClosed", Setter::getCircuitBreakerForceClosed, c -> c.breaker().forceClosed());
    }

    public HystrixProperty<Integer> metricsRollingStatisticalWindowInMilliseconds() {
        return value("metrics.rollingStats.timeInMilliseconds", Setter::getMetricsRollingStatisticalWindowInMilliseconds, c -> (int) c.metrics().rollingStatsWindow().toMillis());
    }

    public HystrixProperty<Integer> metricsRollingStatisticalWindowBuckets() {
        return value("metrics.rollingStats.numBuckets", Setter::getMetricsRollingStatisticalWindowBuckets, c -> c.metrics().rollingStatsBuckets());
    }

    public HystrixProperty<Boolean> metricsRollingPercentileEnabled() {
        return value("metrics.rollingPercentile.enabled", Setter::getMetricsRollingPercentileEnabled, c -> c.metrics().percentilesEnabled());
    }

    public HystrixProperty<Integer> metricsRollingPercentileWindowInMilliseconds() {
        return value("metrics.rollingPercentile.timeInMilliseconds", Setter::getMetricsRollingPercentileWindowInMilliseconds, c -> (int) c.metrics().percentileWindow().toMillis());
    }

    public HystrixProperty<Integer> metricsRollingPercentileWindowBuckets() {
        return value("metrics.rollingPercentile.numBuckets", Setter::getMetricsRollingPercentileWindowBuckets, c -> c.metrics().percentileBuckets());
    }

    public HystrixProperty<Integer> metricsRollingPercentileBucketSize() {
        return value("metrics.rollingPercentile.bucketSize", Setter::getMetricsRollingPercentileBucketSize, c -> c.metrics().percentileBucketSize());
    }

    public HystrixProperty<Integer> metricsHealthSnapshotIntervalInMilliseconds() {
        return value("metrics.healthSnapshot.intervalInMilliseconds", Setter::getMetricsHealthSnapshotIntervalInMilliseconds, c -> (int) c.metrics().healthInterval().toMillis());
    }

    public HystrixProperty<Boolean> requestCacheEnabled() {
        return value("requestCache.enabled", Setter::getRequestCacheEnabled, c -> c.request().cacheEnabled());
    }

    public HystrixProperty<Boolean> requestLogEnabled() {
        return value("requestLog.enabled", Setter::getRequestLogEnabled, c -> c.request().logEnabled());
    }

    /** Every value these properties hold now, as a Setter (how a guard is made from a properties object). */
    Setter currentValues() {
        Setter s = new Setter();
        copy(executionIsolationStrategy(), s::withExecutionIsolationStrategy);
        copy(executionTimeoutInMilliseconds(), s::withExecutionTimeoutInMilliseconds);
        copy(executionTimeoutEnabled(), s::withExecutionTimeoutEnabled);
        copy(executionIsolationThreadInterruptOnTimeout(), s::withExecutionIsolationThreadInterruptOnTimeout);
        copy(executionIsolationThreadInterruptOnFutureCancel(), s::withExecutionIsolationThreadInterruptOnFutureCancel);
        copy(executionIsolationSemaphoreMaxConcurrentRequests(), s::withExecutionIsolationSemaphoreMaxConcurrentRequests);
        copy(fallbackIsolationSemaphoreMaxConcurrentRequests(), s::withFallbackIsolationSemaphoreMaxConcurrentRequests);
        copy(fallbackEnabled(), s::withFallbackEnabled);
        copy(circuitBreakerEnabled(), s::withCircuitBreakerEnabled);
        copy(circuitBreakerRequestVolumeThreshold(), s::withCircuitBreakerRequestVolumeThreshold);
        copy(circuitBreakerSleepWindowInMilliseconds(), s::withCircuitBreakerSleepWindowInMilliseconds);
        copy(circuitBreakerErrorThresholdPercentage(), s::withCircuitBreakerErrorThresholdPercentage);
        copy(circuitBreakerForceOpen(), s::withCircuitBreakerForceOpen);
        copy(circuitBreakerForceClosed(), s::withCircuitBreakerForceClosed);
        copy(metricsRollingStatisticalWindowInMilliseconds(), s::withMetricsRollingStatisticalWindowInMilliseconds);
        copy(metricsRollingStatisticalWindowBuckets(), s::withMetricsRollingStatisticalWindowBuckets);
        copy(metricsRollingPercentileEnabled(), s::withMetricsRollingPercentileEnabled);
        copy(metricsRollingPercentileWindowInMilliseconds(), s::withMetricsRollingPercentileWindowInMilliseconds);
        copy(metricsRollingPercentileWindowBuckets(), s::withMetricsRollingPercentileWindowBuckets);
        copy(metricsRollingPercentileBucketSize(), s::withMetricsRollingPercentileBucketSize);
        copy(metricsHealthSnapshotIntervalInMilliseconds(), s::withMetricsHealthSnapshotIntervalInMilliseconds);
        copy(requestCacheEnabled(), s::withRequestCacheEnabled);
        copy(requestLogEnabled(), s::withRequestLogEnabled);
        return s;
    }

    private static <T> void copy(HystrixProperty<T> property, java.util.function.Consumer<T> into) {
        T value = property == null ? null : property.get();
        if (value != null) {
            into.accept(value);
        }
    }

    /**
     * Instance defaults from code: each {@code with...} value becomes the guard's code configuration
     * (Hystrix's "instance default from code" layer); values left unset (their getters return null)
     * keep the global defaults. Values are checked when the command's guard is built: a bad one throws
     * an {@code InvalidConfigException} naming the property, the value and the rule.
     */
    public static class Setter {
        private ExecutionIsolationStrategy executionIsolationStrategy;
        private Integer executionTimeoutInMilliseconds;
        private Boolean executionTimeoutEnabled;
        private Boolean executionIsolationThreadInterruptOnTimeout;
        private Boolean executionIsolationThreadInterruptOnFutureCancel;
        private Integer executionIsolationSemaphoreMaxConcurrentRequests;
        private Integer fallbackIsolationSemaphoreMaxConcurrentRequests;
        private Boolean fallbackEnabled;
        private Boolean circuitBreakerEnabled;
        private Integer circuitBreakerRequestVolumeThreshold;
        private Integer circuitBreakerSleepWindowInMilliseconds;
        private Integer circuitBreakerErrorThresholdPercentage;
        private Boolean circuitBreakerForceOpen;
        private Boolean circuitBreakerForceClosed;
        private Integer metricsRollingStatisticalWindowInMilliseconds;
        private Integer metricsRollingStatisticalWindowBuckets;
        private Boolean metricsRollingPercentileEnabled;
        private Integer metricsRollingPercentileWindowInMilliseconds;
        private Integer metricsRollingPercentileWindowBuckets;
        private Integer metricsRollingPercentileBucketSize;
        private Integer metricsHealthSnapshotIntervalInMilliseconds;
        private Boolean requestCacheEnabled;
        private Boolean requestLogEnabled;
        /** Further changes the bridge adds (a properties strategy's values), applied after the fields. */
        private final java.util.List<java.util.function.Consumer<GuardConfig.Builder>> changes = new java.util.ArrayList<>();

        protected Setter() {
        }

        Setter with(java.util.function.Consumer<GuardConfig.Builder> change) {
            changes.add(change);
            return this;
        }

        /** Applies the values set here to {@code builder}. */
        void applyTo(GuardConfig.Builder b) {
            if (executionIsolationStrategy != null) { ExecutionIsolationStrategy v = executionIsolationStrategy; b.isolation(iso -> iso.strategy(v.toFirebreak())); }
            if (executionTimeoutInMilliseconds != null) { Integer v = executionTimeoutInMilliseconds; b.timeout(to -> to.timeout(Duration.ofMillis(v))); }
            if (executionTimeoutEnabled != null) { Boolean v = executionTimeoutEnabled; b.timeout(to -> to.enabled(v)); }
            if (executionIsolationThreadInterruptOnTimeout != null) { Boolean v = executionIsolationThreadInterruptOnTimeout; b.timeout(to -> to.interruptOnTimeout(v)); }
            if (executionIsolationThreadInterruptOnFutureCancel != null) { Boolean v = executionIsolationThreadInterruptOnFutureCancel; b.isolation(iso -> iso.interruptOnCancel(v)); }
            if (executionIsolationSemaphoreMaxConcurrentRequests != null) { Integer v = executionIsolationSemaphoreMaxConcurrentRequests; b.isolation(iso -> iso.semaphoreMaxConcurrentRequests(v)); }
            if (fallbackIsolationSemaphoreMaxConcurrentRequests != null) { Integer v = fallbackIsolationSemaphoreMaxConcurrentRequests; b.fallback(fb -> fb.maxConcurrentRequests(v)); }
            if (fallbackEnabled != null) { Boolean v = fallbackEnabled; b.fallback(fb -> fb.enabled(v)); }
            if (circuitBreakerEnabled != null) { Boolean v = circuitBreakerEnabled; b.breaker(cb -> cb.enabled(v)); }
            if (circuitBreakerRequestVolumeThreshold != null) { Integer v = circuitBreakerRequestVolumeThreshold; b.breaker(cb -> cb.requestVolumeThreshold(v)); }
            if (circuitBreakerSleepWindowInMilliseconds != null) { Integer v = circuitBreakerSleepWindowInMilliseconds; b.breaker(cb -> cb.sleepWindow(Duration.ofMillis(v))); }
            if (circuitBreakerErrorThresholdPercentage != null) { Integer v = circuitBreakerErrorThresholdPercentage; b.breaker(cb -> cb.errorThresholdPercentage(v)); }
            if (circuitBreakerForceOpen != null) { Boolean v = circuitBreakerForceOpen; b.breaker(cb -> cb.forceOpen(v)); }
            if (circuitBreakerForceClosed != null) { Boolean v = circuitBreakerForceClosed; b.breaker(cb -> cb.forceClosed(v)); }
            if (metricsRollingStatisticalWindowInMilliseconds != null) { Integer v = metricsRollingStatisticalWindowInMilliseconds; b.metrics(mt -> mt.rollingStatsWindow(Duration.ofMillis(v))); }
            if (metricsRollingStatisticalWindowBuckets != null) { Integer v = metricsRollingStatisticalWindowBuckets; b.metrics(mt -> mt.rollingStatsBuckets(v)); }
            if (metricsRollingPercentileEnabled != null) { Boolean v = metricsRollingPercentileEnabled; b.metrics(mt -> mt.percentilesEnabled(v)); }
            if (metricsRollingPercentileWindowInMilliseconds != null) { Integer v = metricsRollingPercentileWindowInMilliseconds; b.metrics(mt -> mt.percentileWindow(Duration.ofMillis(v))); }
            if (metricsRollingPercentileWindowBuckets != null) { Integer v = metricsRollingPercentileWindowBuckets; b.metrics(mt -> mt.percentileBuckets(v)); }
            if (metricsRollingPercentileBucketSize != null) { Integer v = metricsRollingPercentileBucketSize; b.metrics(mt -> mt.percentileBucketSize(v)); }
            if (metricsHealthSnapshotIntervalInMilliseconds != null) { Integer v = metricsHealthSnapshotIntervalInMilliseconds; b.metrics(mt -> mt.healthInterval(Duration.ofMillis(v))); }
            if (requestCacheEnabled != null) { Boolean v = requestCacheEnabled; b.request(rq -> rq.cacheEnabled(v)); }
            if (requestLogEnabled != null) { Boolean v = requestLogEnabled; b.request(rq -> rq.logEnabled(v)); }
            changes.forEach(change -> change.accept(b));
        }

        public ExecutionIsolationStrategy getExecutionIsolationStrategy() { return executionIsolationStrategy; }
        public Setter withExecutionIsolationStrategy(ExecutionIsolationStrategy value) { this.executionIsolationStrategy = value; return this; }

        public Integer getExecutionTimeoutInMilliseconds() { return executionTimeoutInMilliseconds; }
        public Setter withExecutionTimeoutInMilliseconds(int value) { this.executionTimeoutInMilliseconds = value; return this; }

        public Boolean getExecutionTimeoutEnabled() { return executionTimeoutEnabled; }
        public Setter withExecutionTimeoutEnabled(boolean value) { this.executionTimeoutEnabled = value; return this; }

        public Boolean getExecutionIsolationThreadInterruptOnTimeout() { return executionIsolationThreadInterruptOnTimeout; }
        public Setter withExecutionIsolationThreadInterruptOnTimeout(boolean value) { this.executionIsolationThreadInterruptOnTimeout = value; return this; }

        public Boolean getExecutionIsolationThreadInterruptOnFutureCancel() { return executionIsolationThreadInterruptOnFutureCancel; }
        public Setter withExecutionIsolationThreadInterruptOnFutureCancel(boolean value) { this.executionIsolationThreadInterruptOnFutureCancel = value; return this; }

        public Integer getExecutionIsolationSemaphoreMaxConcurrentRequests() { return executionIsolationSemaphoreMaxConcurrentRequests; }
        public Setter withExecutionIsolationSemaphoreMaxConcurrentRequests(int value) { this.executionIsolationSemaphoreMaxConcurrentRequests = value; return this; }

        public Integer getFallbackIsolationSemaphoreMaxConcurrentRequests() { return fallbackIsolationSemaphoreMaxConcurrentRequests; }
        public Setter withFallbackIsolationSemaphoreMaxConcurrentRequests(int value) { this.fallbackIsolationSemaphoreMaxConcurrentRequests = value; return this; }

        public Boolean getFallbackEnabled() { return fallbackEnabled; }
        public Setter withFallbackEnabled(boolean value) { this.fallbackEnabled = value; return this; }

        public Boolean getCircuitBreakerEnabled() { return circuitBreakerEnabled; }
        public Setter withCircuitBreakerEnabled(boolean value) { this.circuitBreakerEnabled = value; return this; }

        public Integer getCircuitBreakerRequestVolumeThreshold() { return circuitBreakerRequestVolumeThreshold; }
        public Setter withCircuitBreakerRequestVolumeThreshold(int value) { this.circuitBreakerRequestVolumeThreshold = value; return this; }

        public Integer getCircuitBreakerSleepWindowInMilliseconds() { return circuitBreakerSleepWindowInMilliseconds; }
        public Setter withCircuitBreakerSleepWindowInMilliseconds(int value) { this.circuitBreakerSleepWindowInMilliseconds = value; return this; }

        public Integer getCircuitBreakerErrorThresholdPercentage() { return circuitBreakerErrorThresholdPercentage; }
        public Setter withCircuitBreakerErrorThresholdPercentage(int value) { this.circuitBreakerErrorThresholdPercentage = value; return this; }

        public Boolean getCircuitBreakerForceOpen() { return circuitBreakerForceOpen; }
        public Setter withCircuitBreakerForceOpen(boolean value) { this.circuitBreakerForceOpen = value; return this; }

        public Boolean getCircuitBreakerForceClosed() { return circuitBreakerForceClosed; }
        public Setter withCircuitBreakerForceClosed(boolean value) { this.circuitBreakerForceClosed = value; return this; }

        public Integer getMetricsRollingStatisticalWindowInMilliseconds() { return metricsRollingStatisticalWindowInMilliseconds; }
        public Setter withMetricsRollingStatisticalWindowInMilliseconds(int value) { this.metricsRollingStatisticalWindowInMilliseconds = value; return this; }

        public Integer getMetricsRollingStatisticalWindowBuckets() { return metricsRollingStatisticalWindowBuckets; }
        public Setter withMetricsRollingStatisticalWindowBuckets(int value) { this.metricsRollingStatisticalWindowBuckets = value; return this; }

        public Boolean getMetricsRollingPercentileEnabled() { return metricsRollingPercentileEnabled; }
        public Setter withMetricsRollingPercentileEnabled(boolean value) { this.metricsRollingPercentileEnabled = value; return this; }

        public Integer getMetricsRollingPercentileWindowInMilliseconds() { return metricsRollingPercentileWindowInMilliseconds; }
        public Setter withMetricsRollingPercentileWindowInMilliseconds(int value) { this.metricsRollingPercentileWindowInMilliseconds = value; return this; }

        public Integer getMetricsRollingPercentileWindowBuckets() { return metricsRollingPercentileWindowBuckets; }
        public Setter withMetricsRollingPercentileWindowBuckets(int value) { this.metricsRollingPercentileWindowBuckets = value; return this; }

        public Integer getMetricsRollingPercentileBucketSize() { return metricsRollingPercentileBucketSize; }
        public Setter withMetricsRollingPercentileBucketSize(int value) { this.metricsRollingPercentileBucketSize = value; return this; }

        public Integer getMetricsHealthSnapshotIntervalInMilliseconds() { return metricsHealthSnapshotIntervalInMilliseconds; }
        public Setter withMetricsHealthSnapshotIntervalInMilliseconds(int value) { this.metricsHealthSnapshotIntervalInMilliseconds = value; return this; }

        public Boolean getRequestCacheEnabled() { return requestCacheEnabled; }
        public Setter withRequestCacheEnabled(boolean value) { this.requestCacheEnabled = value; return this; }

        public Boolean getRequestLogEnabled() { return requestLogEnabled; }
        public Setter withRequestLogEnabled(boolean value) { this.requestLogEnabled = value; return this; }

        /** The old name of {@link #getExecutionTimeoutInMilliseconds}. */
        @Deprecated
        public Integer getExecutionIsolationThreadTimeoutInMilliseconds() { return executionTimeoutInMilliseconds; }
        /** The old name of {@link #withExecutionTimeoutInMilliseconds}. */
        @Deprecated
        public Setter withExecutionIsolationThreadTimeoutInMilliseconds(int value) {
            return withExecutionTimeoutInMilliseconds(value);
        }
    }
}
