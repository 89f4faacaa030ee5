package dev.firebreak.spring.boot.metrics;

import dev.firebreak.metrics.MetricDetail;
import dev.firebreak.micrometer.FirebreakMetrics;
import dev.firebreak.redis.SharedRateLimit;
import dev.firebreak.redis.SharedRateLimitMeters;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import java.util.Arrays;
import java.util.List;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * Publishes every guard, pool and collapser of the application's registry as Micrometer meters
 * ({@link FirebreakMetrics} through {@link RegistryMeters}, a {@link MeterBinder}: Spring Boot binds it to the application's
 * {@code MeterRegistry}, so the meters appear on {@code /actuator/metrics} and {@code /actuator/prometheus}).
 * Off with {@code firebreak.metrics.enabled=false}; the opt-in figures with
 * {@code firebreak.metrics.detail=EXECUTION_TIMER,ROLLING_WINDOW} (see {@code MetricDetail}). Retry and hedging
 * policies are bound with their registries, as {@link FirebreakMetrics} does. Only with Spring Boot's Micrometer metrics module
 * ({@code spring-boot-micrometer-metrics}, which actuator brings): it is what binds a {@code MeterBinder}
 * to the {@code MeterRegistry}, so an application without it (Micrometer's core alone, which the starter
 * brings) has nothing to bind to and gets no binder. Boot checks the condition's classes in their
 * alphabetical order and stops at the first missing one, so naming Micrometer's core and Firebreak's
 * binder (both dependencies of the starter, always present) would only load them in every application.
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnClass(name = FirebreakMetricsAutoConfiguration.BOOT_METRICS) // Micrometer's core and the binder are the starter's own
@ConditionalOnBooleanProperty(name = "firebreak.metrics.enabled", matchIfMissing = true)
public class FirebreakMetricsAutoConfiguration implements EnvironmentAware {

    /** The application's Environment, for {@code firebreak.metrics.detail} (given by Spring before any bean). */
    private Environment environment;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    /** Spring Boot's metrics auto-configuration, whose module binds every {@code MeterBinder} bean. */
    static final String DETAIL = "firebreak.metrics.detail";

    static final String BOOT_METRICS = "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration";

    /**
     * The binder of the registry's meters, bound when the registry exists (it may be made after the
     * {@code MeterRegistry}, at its first use); closed with the context (its listeners leave the registry).
     * An application's own {@code FirebreakMetrics} bean replaces it.
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(FirebreakMetrics.class)
    public RegistryMeters firebreakMetrics(GuardRegistryHolder registry) {
        return new RegistryMeters(registry, details(environment));
    }

    /** {@code firebreak.metrics.detail}, or a clear error naming the key, the value and the values allowed. */
    static List<MetricDetail> details(Environment environment) {
        try {
            return Binder.get(environment).bind(DETAIL, Bindable.listOf(MetricDetail.class)).orElse(List.of());
        } catch (BindException e) {
            throw new IllegalArgumentException(DETAIL + "='" + environment.getProperty(DETAIL) + "': each value must be one of "
                    + Arrays.toString(MetricDetail.values()), e);
        }
    }

    /** The meters of every {@code SharedRateLimit} bean (firebreak-redis), bound when Boot binds its binders. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "dev.firebreak.redis.SharedRateLimitMeters")
    static class SharedRateLimits {
        @Bean
        @ConditionalOnBean(SharedRateLimit.class)
        MeterBinder firebreakSharedRateLimitMeters(ObjectProvider<SharedRateLimit> limits) {
            return registry -> limits.orderedStream().forEach(limit -> new SharedRateLimitMeters(limit).bindTo(registry));
        }
    }
}
