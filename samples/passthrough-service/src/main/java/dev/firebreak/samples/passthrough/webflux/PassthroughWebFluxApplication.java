package dev.firebreak.samples.passthrough.webflux;

import dev.firebreak.samples.passthrough.DashboardResources;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.web.reactive.config.ResourceHandlerRegistry;
import org.springframework.web.reactive.config.WebFluxConfigurer;

/**
 * The pass-through service on WebFlux (Netty): no thread waits for the downstream. Both web stacks are
 * on the sample's classpath, so this flavour asks for the reactive one ({@code spring.main.web-application-type=reactive}).
 */
@SpringBootApplication
public class PassthroughWebFluxApplication {

    /** Starts the reactive flavour. */
    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(PassthroughWebFluxApplication.class);
        application.setWebApplicationType(WebApplicationType.REACTIVE);
        application.run(args);
    }

    /** Serves Firebreak's dashboard page on the service's port. */
    @Bean
    WebFluxConfigurer dashboardPage() {
        return new WebFluxConfigurer() {
            @Override
            public void addResourceHandlers(ResourceHandlerRegistry registry) {
                registry.addResourceHandler(DashboardResources.PATTERN).addResourceLocations(DashboardResources.LOCATION);
            }
        };
    }
}
