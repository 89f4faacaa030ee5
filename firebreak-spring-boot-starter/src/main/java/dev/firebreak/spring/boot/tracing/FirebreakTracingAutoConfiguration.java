package dev.firebreak.spring.boot.tracing;

import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * A Micrometer {@code Observation} per guarded call and per retry, hedge or collapser call
 * ({@link ObservationCallTracer}), installed on the application's registry when the application has an
 * {@link ObservationRegistry} bean: with Spring Boot's Micrometer Tracing (the OpenTelemetry or the Brave
 * bridge, exporting to Zipkin or OTLP) every call is a span with Firebreak's {@code firebreak.*}
 * attributes, with no code. Off with {@code firebreak.tracing.enabled=false}; an application's own
 * {@code RegistryObservations} bean replaces it; removed when the context closes.
 *
 * <p>The observations' own timers, which a {@code MeterObservationHandler} would make of them, are
 * denied: the guards' meters are the binder's ({@code firebreak.calls}, {@code firebreak.call.duration},
 * ...), and a timer per guard, outcome and call mode would multiply their series.
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class,
        afterName = FirebreakTracingAutoConfiguration.BOOT_OBSERVATION)
@ConditionalOnClass(name = "io.micrometer.observation.ObservationRegistry")
@ConditionalOnBooleanProperty(name = "firebreak.tracing.enabled", matchIfMissing = true)
public class FirebreakTracingAutoConfiguration {

    /** Spring Boot's auto-configuration of the {@code ObservationRegistry}, which this one follows. */
    static final String BOOT_OBSERVATION = "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration";

    /** Installs the tracer when the registry exists; removes it with the context. */
    @Bean(destroyMethod = "close")
    @ConditionalOnBean(ObservationRegistry.class)
    @ConditionalOnMissingBean(RegistryObservations.class)
    public RegistryObservations firebreakObservations(GuardRegistryHolder holder, ObservationRegistry observations) {
        return new RegistryObservations(holder, new ObservationCallTracer(observations));
    }

    /** Denies the timers a meter handler would make of the observations (see the class comment). */
    @Bean
    @ConditionalOnBean(ObservationRegistry.class)
    public MeterFilter firebreakObservationMeters() {
        return MeterFilter.deny(id -> ofObservation(id.getName(), ObservationKeys.CALL)
                || ofObservation(id.getName(), ObservationKeys.POLICY_CALL));
    }

    /** A meter a handler makes of observation {@code name}: its timer, its long task timer, its events' counters. */
    private static boolean ofObservation(String meter, String name) {
        return meter.equals(name) || meter.startsWith(name + ".");
    }
}
