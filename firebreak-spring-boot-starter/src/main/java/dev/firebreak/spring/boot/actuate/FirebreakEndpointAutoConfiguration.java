package dev.firebreak.spring.boot.actuate;

import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The {@code /actuator/firebreak} endpoint (guards, breaker states, effective configuration with each
 * value's origin), when actuator is present; expose it with {@code management.endpoints.web.exposure.include}.
 * Its availability (enabled and exposed) is checked before the search for an application's own endpoint
 * bean, which reads every bean definition: an application that does not expose the endpoint (Boot's
 * default) skips that search and makes no bean for this class.
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnClass(Endpoint.class)
@ConditionalOnAvailableEndpoint(FirebreakEndpoint.class)
public class FirebreakEndpointAutoConfiguration {

    /** The endpoint, reading the registry and its live configuration when it is called. */
    @Bean
    @ConditionalOnMissingBean(FirebreakEndpoint.class)
    FirebreakEndpoint firebreakEndpoint(GuardRegistryHolder registry, ObjectProvider<DynamicConfiguration> configuration) {
        return new FirebreakEndpoint(registry::get, configuration::getObject);
    }
}
