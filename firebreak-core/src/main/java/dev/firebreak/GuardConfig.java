package dev.firebreak;

import dev.firebreak.breaker.BreakerConfig;
import dev.firebreak.classify.ClassifyConfig;
import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.context.RequestConfig;
import dev.firebreak.fallback.FallbackConfig;
import dev.firebreak.isolation.IsolationConfig;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.metrics.MetricsConfig;
import dev.firebreak.priority.PriorityConfig;
import dev.firebreak.ratelimit.RateLimitConfig;
import dev.firebreak.timeout.TimeoutConfig;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The immutable configuration of one {@link Guard}, composed of one record per policy, each in its
 * policy's package with its own property table (Hystrix's key names, relative to
 * {@code firebreak.command.<name>.} or {@code hystrix.command.<name>.}): {@link #isolation()},
 * {@link #timeout()}, {@link #fallback()}, {@link #breaker()}, {@link #metrics()}, {@link #request()},
 * {@link #limit()}, {@link #rateLimit()}, {@link #classify()}, {@link #priority()}.
 * {@link #scope()} is their tables composed in one place ({@code CommandProperties}).
 *
 * <p>Every value is validated when its record is made; a bad one throws
 * {@link dev.firebreak.config.InvalidConfigException} naming the key, the value and the rule.
 *
 * <pre>{@code
 * GuardConfig.builder()
 *         .timeout(t -> t.timeout(Duration.ofMillis(250)))
 *         .breaker(b -> b.requestVolumeThreshold(10).sleepWindow(Duration.ofSeconds(2)))
 *         .build();
 * }</pre>
 *
 * @param isolation the isolation's strategy and bounds ({@code execution.isolation.*})
 * @param timeout the deadline ({@code execution.timeout.enabled}, {@code execution.isolation.thread.timeoutInMilliseconds}, ...)
 * @param fallback the fallback ({@code fallback.*})
 * @param breaker the circuit breaker ({@code circuitBreaker.*})
 * @param metrics the rolling metrics ({@code metrics.*})
 * @param request the request cache and log ({@code requestCache.enabled}, {@code requestLog.enabled})
 * @param limit the adaptive concurrency limit ({@code limit.*}, see docs/limits.md)
 * @param rateLimit the rate limiter ({@code rateLimit.*})
 * @param classify the failure classification declared in configuration ({@code ignoreExceptions},
 *     {@code recordExceptions}, {@code recordResultPredicate}), added to the code's {@code Classifier}
 * @param priority the priority-aware limit ({@code priority.*}, see docs/limits.md)
 * @param setInCode the property names set explicitly through the builder: the "instance default from
 *     code" layer of Hystrix's precedence, which a dynamic global default must not override
 */
public record GuardConfig(
        IsolationConfig isolation,
        TimeoutConfig timeout,
        FallbackConfig fallback,
        BreakerConfig breaker,
        MetricsConfig metrics,
        RequestConfig request,
        LimitConfig limit,
        RateLimitConfig rateLimit,
        ClassifyConfig classify,
        PriorityConfig priority,
        Set<String> setInCode) {

    /** Requires every part; copies the set-in-code names. */
    public GuardConfig {
        Objects.requireNonNull(isolation, "isolation");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(fallback, "fallback");
        Objects.requireNonNull(breaker, "breaker");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(rateLimit, "rateLimit");
        Objects.requireNonNull(classify, "classify");
        Objects.requireNonNull(priority, "priority");
        setInCode = setInCode == null ? Set.of() : Collections.unmodifiableSet(new LinkedHashSet<>(setInCode));
    }

    /** A configuration without a declared classification (the shape before {@link #classify()} was added). */
    public GuardConfig(IsolationConfig isolation, TimeoutConfig timeout, FallbackConfig fallback, BreakerConfig breaker,
            MetricsConfig metrics, RequestConfig request, LimitConfig limit, RateLimitConfig rateLimit,
            Set<String> setInCode) {
        this(isolation, timeout, fallback, breaker, metrics, request, limit, rateLimit, ClassifyConfig.defaults(),
                setInCode);
    }

    /** A configuration without priorities (the shape before {@link #priority()} was added). */
    public GuardConfig(IsolationConfig isolation, TimeoutConfig timeout, FallbackConfig fallback, BreakerConfig breaker,
            MetricsConfig metrics, RequestConfig request, LimitConfig limit, RateLimitConfig rateLimit,
            ClassifyConfig classify, Set<String> setInCode) {
        this(isolation, timeout, fallback, breaker, metrics, request, limit, rateLimit, classify,
                PriorityConfig.defaults(), setInCode);
    }

    /**
     * This record's property table ({@code firebreak.command.<name>.*}): its parts' tables composed,
     * with each property's type, rules and live/fixed flag.
     */
    public static ConfigScope<GuardConfig, Builder> scope() {
        return CommandProperties.SCOPE;
    }

    /** Hystrix's defaults, with Firebreak's own for its additions. */
    public static GuardConfig defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder(null);
    }

    /** A builder starting from this configuration (its set-in-code names carried over). */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Builds a {@link GuardConfig} from one builder per part; each part's setters record their
     * property as set in code (the "instance default from code" layer), so a later dynamic global
     * default does not override it.
     */
    public static final class Builder {
        private final IsolationConfig.Builder isolation;
        private final TimeoutConfig.Builder timeout;
        private final FallbackConfig.Builder fallback;
        private final BreakerConfig.Builder breaker;
        private final MetricsConfig.Builder metrics;
        private final RequestConfig.Builder request;
        private LimitConfig.Builder limit;
        private RateLimitConfig.Builder rateLimit;
        private final ClassifyConfig.Builder classify;
        private final PriorityConfig.Builder priority;
        private final Set<String> carried = new LinkedHashSet<>();

        private Builder(GuardConfig from) {
            GuardConfig c = from == null ? DEFAULT_PARTS : from;
            isolation = c.isolation.toBuilder();
            timeout = c.timeout.toBuilder();
            fallback = c.fallback.toBuilder();
            breaker = c.breaker.toBuilder();
            metrics = c.metrics.toBuilder();
            request = c.request.toBuilder();
            limit = c.limit.toBuilder();
            rateLimit = c.rateLimit.toBuilder();
            classify = c.classify.toBuilder();
            priority = c.priority.toBuilder();
            carried.addAll(c.setInCode);
        }

        /** Changes the isolation's part ({@code execution.isolation.*}). */
        public Builder isolation(Consumer<IsolationConfig.Builder> change) {
            change.accept(isolation);
            return this;
        }

        /** Changes the timeout's part. */
        public Builder timeout(Consumer<TimeoutConfig.Builder> change) {
            change.accept(timeout);
            return this;
        }

        /** Changes the fallback's part ({@code fallback.*}). */
        public Builder fallback(Consumer<FallbackConfig.Builder> change) {
            change.accept(fallback);
            return this;
        }

        /** Changes the breaker's part ({@code circuitBreaker.*}). */
        public Builder breaker(Consumer<BreakerConfig.Builder> change) {
            change.accept(breaker);
            return this;
        }

        /** Changes the metrics' part ({@code metrics.*}). */
        public Builder metrics(Consumer<MetricsConfig.Builder> change) {
            change.accept(metrics);
            return this;
        }

        /** Changes the request cache and log part. */
        public Builder request(Consumer<RequestConfig.Builder> change) {
            change.accept(request);
            return this;
        }

        /** Changes the adaptive limit's part ({@code limit.*}). */
        public Builder limit(Consumer<LimitConfig.Builder> change) {
            change.accept(limit);
            return this;
        }

        /** Changes the rate limiter's part ({@code rateLimit.*}). */
        public Builder rateLimit(Consumer<RateLimitConfig.Builder> change) {
            change.accept(rateLimit);
            return this;
        }

        /** Changes the declared classification ({@code ignoreExceptions}, {@code recordExceptions}, ...). */
        public Builder classify(Consumer<ClassifyConfig.Builder> change) {
            change.accept(classify);
            return this;
        }

        /** Changes the priority-aware limit's part ({@code priority.*}). */
        public Builder priority(Consumer<PriorityConfig.Builder> change) {
            change.accept(priority);
            return this;
        }

        PriorityConfig.Builder priorityPart() {
            return priority;
        }

        ClassifyConfig.Builder classifyPart() {
            return classify;
        }

        IsolationConfig.Builder isolationPart() {
            return isolation;
        }

        TimeoutConfig.Builder timeoutPart() {
            return timeout;
        }

        FallbackConfig.Builder fallbackPart() {
            return fallback;
        }

        BreakerConfig.Builder breakerPart() {
            return breaker;
        }

        MetricsConfig.Builder metricsPart() {
            return metrics;
        }

        RequestConfig.Builder requestPart() {
            return request;
        }

        LimitConfig.Builder limitPart() {
            return limit;
        }

        RateLimitConfig.Builder rateLimitPart() {
            return rateLimit;
        }

        private List<ConfigBuilder<?>> parts() {
            return List.of(isolation, timeout, fallback, breaker, metrics, request, limit, rateLimit, classify, priority);
        }

        /**
         * Replaces the names recorded as set in code. Dynamic configuration uses it so that a record
         * resolved from several layers still names only what the code set.
         */
        public Builder setInCode(Set<String> names) {
            parts().forEach(part -> part.setInCode(Set.of()));
            carried.clear();
            carried.addAll(names);
            return this;
        }

        /** Validates and builds; throws {@link dev.firebreak.config.InvalidConfigException} on a bad value. */
        public GuardConfig build() {
            Set<String> names = new LinkedHashSet<>(carried);
            parts().forEach(part -> names.addAll(part.setInCodeNames()));
            return new GuardConfig(isolation.build(), timeout.build(), fallback.build(), breaker.build(),
                    metrics.build(), request.build(), limit.build(), rateLimit.build(), classify.build(), priority.build(), names);
        }
    }

    private static final GuardConfig DEFAULT_PARTS = new GuardConfig(IsolationConfig.defaults(),
            TimeoutConfig.defaults(), FallbackConfig.defaults(), BreakerConfig.defaults(), MetricsConfig.defaults(),
            RequestConfig.defaults(), LimitConfig.defaults(), RateLimitConfig.defaults(), ClassifyConfig.defaults(),
            PriorityConfig.defaults(), Set.of());
}
