package dev.firebreak.spring.boot.metrics;

import dev.firebreak.micrometer.FirebreakMetrics;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Publishes every guard, pool and collapser of the application's registry as Micrometer meters
 * ({@link FirebreakMetrics} through {@link RegistryMeters}, a {@link MeterBinder}: Spring Boot binds it to the application's
 * {@code MeterRegistry}, so the meters appear on {@code /actuator/metrics} and {@code /actuator/prometheus}).
 * Off with {@code firebreak.metrics.enabled=false}.
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnClass({MeterBinder.class, FirebreakMetrics.class})
@ConditionalOnBooleanProperty(name = "firebreak.metrics.enabled", matchIfMissing = true)
public class FirebreakMetricsAutoConfiguration {

    /**
     * The binder of the registry's meters, bound when the registry exists (it may be made after the
     * {@code MeterRegistry}, at its first use); closed with the context (its listeners leave the registry).
     * An application's own {@code FirebreakMetrics} bean replaces it.
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(FirebreakMetrics.class)
    public RegistryMeters firebreakMetrics(GuardRegistryHolder registry) {
        return new RegistryMeters(registry);
    }
}
