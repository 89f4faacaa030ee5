package dev.firebreak.spring.boot.actuate;

import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import dev.firebreak.stream.DashboardAssets;
import java.time.Duration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * {@code /actuator/hystrix.stream} on Spring MVC or WebFlux, in a web application only
 * ({@code firebreak.stream.enabled}, default true; {@code firebreak.stream.max-connections}, default 5;
 * {@code firebreak.stream.interval}, default 500ms), and the dashboard page that reads it at
 * {@code /actuator/firebreak-dashboard/} ({@code firebreak.dashboard.enabled}, default true). Outside a
 * web application Boot skips it from the starter's metadata, without reading this class or its members.
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnWebApplication
@ConditionalOnBooleanProperty(name = "firebreak.stream.enabled", matchIfMissing = true)
public class FirebreakStreamAutoConfiguration {

    /** The cap and the default interval of the stream, shared by both web stacks. */
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

        @Bean
        @ConditionalOnClass(name = "org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter")
        @ConditionalOnBooleanProperty(name = "firebreak.dashboard.enabled", matchIfMissing = true)
        DashboardServletHandler firebreakDashboardServlet() {
            return new DashboardServletHandler(new DashboardAssets());
        }
    }

    /** The stream on WebFlux (the web type checked before the WebFlux class, as for the servlet stream). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    static class ReactiveStreamConfiguration {
        @Bean
        @ConditionalOnClass(name = "org.springframework.web.reactive.function.server.RouterFunction")
        RouterFunction<ServerResponse> firebreakHystrixStreamRoute(GuardRegistryHolder registry, StreamConnections connections,
                Environment environment) {
            String basePath = environment.getProperty("management.endpoints.web.base-path", "/actuator");
            return new HystrixStreamReactiveHandler(registry::get, connections).route(basePath);
        }

        @Bean
        @ConditionalOnClass(name = "org.springframework.web.reactive.function.server.RouterFunction")
        @ConditionalOnBooleanProperty(name = "firebreak.dashboard.enabled", matchIfMissing = true)
        RouterFunction<ServerResponse> firebreakDashboardRoute(Environment environment) {
            String basePath = environment.getProperty("management.endpoints.web.base-path", "/actuator");
            return new DashboardReactiveHandler(new DashboardAssets()).route(basePath);
        }
    }
}
