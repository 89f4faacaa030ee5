package dev.firebreak.spring.boot.actuate;

import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import dev.firebreak.spring.boot.config.EnvironmentConfigurationBinder;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The {@code /actuator/firebreak} endpoint (guards, breaker states, effective configuration with each
 * value's origin, retry and hedging policies, and the recent events at {@code /actuator/firebreak/events}),
 * when actuator is present; expose it with {@code management.endpoints.web.exposure.include}.
 * Its availability (enabled and exposed) is checked before the search for an application's own endpoint
 * bean, which reads every bean definition: an application that does not expose the endpoint (Boot's
 * default) skips that search and makes no bean for this class.
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnClass(Endpoint.class)
@ConditionalOnAvailableEndpoint(FirebreakEndpoint.class)
public class FirebreakEndpointAutoConfiguration {

    /** The endpoint, reading the registry, its live configuration and its recent events when it is called. */
    @Bean
    @ConditionalOnMissingBean(FirebreakEndpoint.class)
    FirebreakEndpoint firebreakEndpoint(GuardRegistryHolder registry, ObjectProvider<DynamicConfiguration> configuration,
            ObjectProvider<FirebreakEvents> events, ObjectProvider<EnvironmentConfigurationBinder> binder) {
        return new FirebreakEndpoint(registry::get, configuration::getObject, events::getIfAvailable, () -> {
            EnvironmentConfigurationBinder found = binder.getIfAvailable();
            return found == null ? null : found.overrides();
        });
    }

    /**
     * The recent events {@code /actuator/firebreak/events} shows, following the registry from its
     * creation ({@code firebreak.events.enabled}, default true; {@code firebreak.events.capacity}, the
     * events of each kind kept per guard or policy, default 100).
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(FirebreakEvents.class)
    @ConditionalOnBooleanProperty(name = "firebreak.events.enabled", matchIfMissing = true)
    FirebreakEvents firebreakEvents(GuardRegistryHolder registry, Environment environment) {
        FirebreakEvents events = new FirebreakEvents(environment.getProperty("firebreak.events.capacity", Integer.class, 100),
                Clock.systemUTC());
        registry.whenCreated(events::attach);
        return events;
    }

    /**
     * {@code /actuator/firebreak/events/stream}, the events as Server-Sent Events, on Spring MVC
     * ({@code firebreak.events.stream.max-connections}, default 5). The web type is checked before the
     * MVC class, as for the hystrix stream, so a non-servlet application loads no MVC class for it.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    static class ServletEventsStreamConfiguration {
        @Bean
        @ConditionalOnClass(name = "org.springframework.web.servlet.mvc.method.annotation.SseEmitter")
        EventsStreamServletHandler firebreakEventsStream(ObjectProvider<FirebreakEvents> events, Environment environment) {
            return new EventsStreamServletHandler(events::getIfAvailable,
                    environment.getProperty("firebreak.events.stream.max-connections", Integer.class, 5));
        }
    }
}
