package dev.firebreak.spring.boot.actuate;

import dev.firebreak.config.live.DynamicConfiguration;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Firebreak on the application's port: the {@code /actuator/firebreak} endpoint (expose it with
 * {@code management.endpoints.web.exposure.include}), the {@code firebreak} health component, and
 * {@code /actuator/hystrix.stream} on Spring MVC or WebFlux ({@code firebreak.stream.enabled}, default
 * true; {@code firebreak.stream.max-connections}, default 5; {@code firebreak.stream.interval}, default 500ms).
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
public class FirebreakActuatorAutoConfiguration {

    /**
     * The endpoint, when actuator is present. Its availability (enabled and exposed) is checked before
     * the search for an application's own endpoint bean, which reads every bean definition, and on the
     * class: an application that does not expose the endpoint (Boot's default) skips that search and
     * makes no configuration bean for it.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(Endpoint.class)
    @ConditionalOnAvailableEndpoint(FirebreakEndpoint.class)
    static class EndpointConfiguration {
        @Bean
        @ConditionalOnMissingBean(FirebreakEndpoint.class)
        FirebreakEndpoint firebreakEndpoint(GuardRegistryHolder registry, ObjectProvider<DynamicConfiguration> configuration) {
            return new FirebreakEndpoint(registry::get, configuration::getObject);
        }
    }

    /** The health component, when Spring Boot's health support is present. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(HealthIndicator.class)
    @ConditionalOnEnabledHealthIndicator("firebreak")
    static class HealthConfiguration {
        @Bean
        @ConditionalOnMissingBean(name = "firebreakHealthIndicator")
        FirebreakHealthIndicator firebreakHealthIndicator(GuardRegistryHolder registry) {
            return new FirebreakHealthIndicator(registry);
        }
    }

    /**
     * The cap and the default interval of the stream, shared by both web stacks; in a web application
     * only (the condition is on the class: an application that is not one makes no bean for it).
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(name = "firebreak.stream.enabled", matchIfMissing = true)
    @ConditionalOnWebApplication
    static class StreamConfiguration {
        @Bean
        @ConditionalOnMissingBean(StreamConnections.class)
        StreamConnections firebreakStreamConnections(Environment environment) {
            return new StreamConnections(environment.getProperty(StreamConnections.MAX_CONNECTIONS, Integer.class, 5),
                    environment.getProperty("firebreak.stream.interval", Duration.class, Duration.ofMillis(500)));
        }

        /**
         * The stream on Spring MVC. The web type is a condition of this class and the MVC class one of its
         * bean, so it is checked first: an application that is not a servlet one loads no MVC class for it
         * (Boot checks a class condition before the others on the same element).
         */
        @Configuration(proxyBeanMethods = false)
        @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
        static class ServletStreamConfiguration {
            @Bean
            @ConditionalOnClass(name = "org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter")
            HystrixStreamServletHandler firebreakHystrixStreamServlet(GuardRegistryHolder registry, StreamConnections connections) {
                return new HystrixStreamServletHandler(registry::get, connections);
            }
        }
    }

    /** The stream on WebFlux (the web type checked before the WebFlux class, as for the servlet stream). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty(name = "firebreak.stream.enabled", matchIfMissing = true)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    static class ReactiveStreamConfiguration {
        @Bean
        @ConditionalOnClass(name = "org.springframework.web.reactive.function.server.RouterFunction")
        RouterFunction<ServerResponse> firebreakHystrixStreamRoute(GuardRegistryHolder registry, StreamConnections connections,
                Environment environment) {
            String basePath = environment.getProperty("management.endpoints.web.base-path", "/actuator");
            return new HystrixStreamReactiveHandler(registry::get, connections).route(basePath);
        }
    }
}
